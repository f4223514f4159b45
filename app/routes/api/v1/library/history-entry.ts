import type { Route } from "./+types/history-entry";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { removeHistoryEntryEndpoint } from "~/library/api-contract";
import { asApi, snakeCase } from "~/json-api/domain-error.server";
import { removeHistoryEntry } from "~/library/history.server";

/** DELETE api/v1/history/{id}: only my own entries (another member's id is 404). */
export const action = apiAction(
  on(removeHistoryEntryEndpoint, async ({ app, params }) => {
    await asApi(app.t, () => removeHistoryEntry(app.db, app.user!.id, Number(params.id)), snakeCase);
    return { message: app.t("Removed from your history") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("DELETE");
