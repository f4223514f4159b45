import type { Route } from "./+types/seasons";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { listSeasons } from "~/catalogue/api-contract";
import { loadSeasonsForApi } from "~/catalogue/api.server";

/** GET api/v1/titles/{id}/seasons */
export const loader = apiLoader(listSeasons, async ({ app, params }) => {
  const seasons = await loadSeasonsForApi(app.db, Number(params.id));
  return seasons ? { seasons } : notFound(app.t("This title does not exist."));
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
