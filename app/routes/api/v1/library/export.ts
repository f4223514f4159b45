import type { Route } from "./+types/export";
import { apiLoader } from "~/api/handler.server";
import { exportEndpoint } from "~/imports/api-contract";
import { csvResponse, exportCsv } from "~/imports/export.server";

/** GET api/v1/library/export/{kind} → my ratings, watchlist, history or lists as CSV. */
export const loader = apiLoader(exportEndpoint, async ({ app, params }) => {
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(await exportCsv(app.db, app.user!.id, params.kind), `reelbase-${params.kind}-${day}.csv`);
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
