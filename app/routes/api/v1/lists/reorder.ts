import type { Route } from "./+types/reorder";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { reorderListEndpoint } from "~/lists/api-contract";
import { reorderItems } from "~/lists/lists.server";
import { asApi } from "~/json-api/domain-error.server";
import { listApiField } from "~/lists/services.server";

export const loader = writeOnlyLoader("POST") satisfies (args: Route.LoaderArgs) => Response;

/** POST api/v1/lists/{id}/reorder {itemIds} → {itemIds} (the stored order). */
export const action = apiAction(
  on(reorderListEndpoint, async ({ app, params, body }) => ({
    itemIds: await asApi(app.t, () => reorderItems(app.db, app.user!.id, Number(params.listId), body.itemIds), listApiField),
  })),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
