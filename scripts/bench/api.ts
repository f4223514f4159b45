import type { BenchContext } from "../lib/bench-context";
import { openLocalD1 } from "../lib/local-d1";

/**
 * The JSON API: bootstrap data, which every client fetch after login or
 * logout asks for; and the api/v1 catalogue reads as the site's own
 * scripts call them (no token: token calls are rate limited to 120 a minute
 * per user, so a load test of them measures the 429 path).
 */
export default async function api(bench: BenchContext) {
  await bench.measure("GET /api/v1/bootstrap-data", "/api/v1/bootstrap-data");

  const { client } = openLocalD1(bench.persistTo);
  let movie: { id: number; name: string } | undefined;
  try {
    movie = (await client.execute("SELECT id, name FROM titles WHERE type = 'movie' ORDER BY popularity DESC LIMIT 1")).rows[0] as unknown as { id: number; name: string } | undefined;
  } finally {
    client.close();
  }
  await bench.measure("GET /api/v1/titles (page 1 with total)", "/api/v1/titles?per_page=24");
  await bench.measure("GET /api/v1/titles (genre filter, page 3)", "/api/v1/titles?genre=drama&page=3&per_page=24");
  if (movie) {
    await bench.measure(`GET /api/v1/titles/{id} with credits, videos, genres (${movie.name})`, `/api/v1/titles/${movie.id}?with=credits,videos,genres&loadCount=episodes`);
  }
  await bench.measure("GET /api/v1/search?query=the", "/api/v1/search?query=the&per_page=20");
  await bench.measure("GET /api/v1/openapi.json", "/api/v1/openapi.json");
}
