import type { BenchContext } from "../lib/bench-context";

/** The JSON API: bootstrap data, which every client fetch after login or logout asks for. */
export default async function api(bench: BenchContext) {
  await bench.measure("GET /api/v1/bootstrap-data", "/api/v1/bootstrap-data");
}
