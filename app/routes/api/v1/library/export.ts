import type { Route } from "./+types/export";
import { apiLoader } from "~/json-api/handler.server";
import { exportEndpoint } from "~/imports/api-contract";
import { csvResponse, exportStream } from "~/imports/export.server";

/** GET api/v1/library/export/{kind} → one of my library's CSVs (decision 027), streamed. */
export const loader = apiLoader(exportEndpoint, async ({ app, params }) => {
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(exportStream(app.db, app.user!.id, params.kind), `reelbase-${params.kind}-${day}.csv`);
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
