import type { Route } from "./+types/titles";
import { apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { listTitles } from "~/catalogue/api-contract";
import { listTitlesPage } from "~/catalogue/api.server";

/** GET api/v1/titles: the browse list, filtered, sorted and paginated, with a capped count (one D1 round trip). */
export const loader = apiLoader(listTitles, ({ app, query }) => listTitlesPage(app.db, query)) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
