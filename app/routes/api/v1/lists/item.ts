import type { Route } from "./+types/item";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { removeListItemEndpoint, updateListItemEndpoint } from "~/lists/api-contract";
import { removeItem, updateItemNote } from "~/lists/lists.server";
import { asApi } from "~/json-api/domain-error.server";
import { listApiField } from "~/lists/services.server";

export const loader = writeOnlyLoader("PUT, DELETE") satisfies (args: Route.LoaderArgs) => Response;

/** PUT api/v1/lists/{id}/items/{itemId} {note}; DELETE api/v1/lists/{id}/items/{itemId}. */
export const action = apiAction(
  on(updateListItemEndpoint, async ({ app, params, body }) => {
    await asApi(app.t, () => updateItemNote(app.db, app.user!.id, Number(params.listId), Number(params.itemId), body.note), listApiField);
    return { message: app.t("Saved note") };
  }),
  on(removeListItemEndpoint, async ({ app, params }) => {
    await asApi(app.t, () => removeItem(app.db, app.user!.id, Number(params.listId), Number(params.itemId)), listApiField);
    return { message: app.t("Removed from the list") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
