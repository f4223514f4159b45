import type { Route } from "./+types/list";
import { apiAction, apiLoader, on } from "~/json-api/handler.server";
import { deleteListEndpoint, getListEndpoint, updateListEndpoint } from "~/lists/api-contract";
import { deleteList, listDetails, updateList } from "~/lists/lists.server";
import { asApi } from "~/json-api/domain-error.server";
import { apiListDetails, listApiField } from "~/lists/services.server";

/** GET api/v1/lists/{id} → {list} with its items (public lists for anyone). */
export const loader = apiLoader(getListEndpoint, async ({ app, params }) => ({
  list: apiListDetails(await asApi(app.t, () => listDetails(app.db, app.user?.id ?? null, Number(params.listId)), listApiField)),
})) satisfies (args: Route.LoaderArgs) => Promise<Response>;

/** PUT api/v1/lists/{id} {name, description, public}; DELETE api/v1/lists/{id}. */
export const action = apiAction(
  on(updateListEndpoint, async ({ app, params, body }) => ({
    list: apiListDetails(await asApi(app.t, () => updateList(app.db, app.user!.id, Number(params.listId), body), listApiField)),
  })),
  on(deleteListEndpoint, async ({ app, params }) => {
    await asApi(app.t, () => deleteList(app.db, app.user!.id, Number(params.listId)), listApiField);
    return { message: app.t("Deleted list") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
