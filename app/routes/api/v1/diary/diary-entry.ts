import type { Route } from "./+types/diary-entry";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { deleteDiaryEntryEndpoint, patchDiaryEntryEndpoint } from "~/diary/api-contract";
import { editDiaryEntry } from "~/diary/diary.server";
import { asApi, snakeCase } from "~/json-api/domain-error.server";
import { removeHistoryEntry } from "~/library/history.server";

/** PATCH and DELETE api/v1/diary/{id}: only my own entries (another member's id is 404 and changes nothing). */
export const action = apiAction(
  on(patchDiaryEntryEndpoint, async ({ app, params, body }) => {
    await asApi(app.t, () => editDiaryEntry(app.db, app.user!.id, Number(params.id), { watchedOn: body.watched_on, rewatch: body.rewatch }), snakeCase);
    return { message: app.t("Diary entry saved") };
  }),
  on(deleteDiaryEntryEndpoint, async ({ app, params }) => {
    await asApi(app.t, () => removeHistoryEntry(app.db, app.user!.id, Number(params.id)), snakeCase);
    return { message: app.t("Diary entry deleted") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("PATCH, DELETE");
