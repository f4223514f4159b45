import type { Route } from "./+types/people";
import { apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { listPeople } from "~/catalogue/api-contract";
import { listPeoplePage } from "~/catalogue/api.server";

/** GET api/v1/people: the people browse list, paginated, with a capped count (one D1 round trip). */
export const loader = apiLoader(listPeople, ({ app, query }) => listPeoplePage(app.db, query)) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
