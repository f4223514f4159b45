import type { Route } from "./+types/reorder";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { reorderListEndpoint } from "~/lists/api-contract";
import { reorderItems } from "~/lists/lists.server";
import { asApi } from "~/json-api/domain-error.server";
import { listApiField } from "~/lists/services.server";

export const loader = writeOnlyLoader("POST") satisfies (args: Route.LoaderArgs) => Response;

/** POST api/v1/lists/{id}/reorder {item_ids} → {item_ids} (the stored order; `itemIds` too, deprecated: decision 036). */
export const action = apiAction(
  on(reorderListEndpoint, async ({ app, params, body }) => {
    const stored = await asApi(app.t, () => reorderItems(app.db, app.user!.id, Number(params.listId), body.itemIds), listApiField);
    return { item_ids: stored, itemIds: stored };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
