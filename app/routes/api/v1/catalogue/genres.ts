import type { Route } from "./+types/genres";
import { apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { listGenres } from "~/catalogue/api-contract";
import { listGenresForApi } from "~/catalogue/api.server";

/** GET api/v1/genres?loadCount=titles */
export const loader = apiLoader(listGenres, async ({ app, query }) => ({
  genres: await listGenresForApi(app.db, query.loadCount.includes("titles")),
})) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
