import type { Route } from "./+types/lists";
import { apiAction, apiLoader, json, on } from "~/json-api/handler.server";
import { createListEndpoint, listListsEndpoint } from "~/lists/api-contract";
import { createList, listsOfUser } from "~/lists/lists.server";
import { asApi } from "~/json-api/domain-error.server";
import { listApiField } from "~/lists/services.server";

/** GET api/v1/lists[?workspaceId] → {lists}. */
export const loader = apiLoader(listListsEndpoint, async ({ app, query }) => ({
  lists: await listsOfUser(app.db, app.user!.id, { workspaceId: query.workspaceId === undefined ? undefined : Number(query.workspaceId) }),
})) satisfies (args: Route.LoaderArgs) => Promise<Response>;

/** POST api/v1/lists {name, description?, public?, workspaceId?} → 201 {list}. */
export const action = apiAction(on(createListEndpoint, async ({ app, body }) => json({ list: await asApi(app.t, () => createList(app.db, app.viewer, body), listApiField) }, 201))) satisfies (
  args: Route.ActionArgs,
) => Promise<Response>;
