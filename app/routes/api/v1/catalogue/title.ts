import type { Route } from "./+types/title";
import { apiLoader, notFound, readOnlyAction } from "~/json-api/handler.server";
import { getTitle } from "~/catalogue/api-contract";
import { loadTitleForApi } from "~/catalogue/api.server";

/** GET api/v1/titles/{id}?with=credits,seasons,videos&loadCount=episodes */
export const loader = apiLoader(getTitle, async ({ app, params, query }) => {
  const title = await loadTitleForApi(app.db, Number(params.id), [...query.with, ...query.load], query.loadCount);
  return title ? { title } : notFound(app.t("This title does not exist."));
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
