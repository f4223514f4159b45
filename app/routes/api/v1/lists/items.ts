import type { Route } from "./+types/items";
import { apiAction, json, on, writeOnlyLoader } from "~/json-api/handler.server";
import { addListItemEndpoint } from "~/lists/api-contract";
import { addItem } from "~/lists/lists.server";
import { asApi } from "~/json-api/domain-error.server";
import { listApiField } from "~/lists/services.server";

export const loader = writeOnlyLoader("POST") satisfies (args: Route.LoaderArgs) => Response;

/** POST api/v1/lists/{id}/items {title_id, note?} → 201 {item_id, added: true} (200 when already there). */
export const action = apiAction(
  on(addListItemEndpoint, async ({ app, params, body }) => {
    const result = await asApi(app.t, () => addItem(app.db, app.user!.id, Number(params.listId), body.titleId, body.note), listApiField);
    return json({ item_id: result.id, added: result.added }, result.added ? 201 : 200);
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
