import type { Route } from "./+types/avatar";
import { deleteAvatar, uploadAvatar } from "~/account/api-contract";
import { currentUserJson, ownUserId } from "~/account/api.server";
import { removeAvatar, saveAvatar } from "~/account/avatar.server";
import { apiAction, ApiError, on, writeOnlyLoader } from "~/json-api/handler.server";

/**
 * POST /api/v1/users/{id}/avatar (multipart `file`) and DELETE: the profile
 * image, for yourself only. A refused image is a 422 whose `file` error the
 * client shows as a toast.
 */
export const action = apiAction(
  on(uploadAvatar, async ({ app, worker, params, request }) => {
    const userId = ownUserId(app, params.id);
    const form = await request.formData().catch(() => null);
    if (!form) throw new ApiError(400, app.t("The form data could not be read."));
    const result = await saveAvatar({ db: app.db, bucket: worker.env.FILES }, userId, form.get("file"));
    if (!result.ok) {
      const message = app.t(result.message, result.params);
      throw new ApiError(422, message, { file: [message] });
    }
    return { user: await currentUserJson(app) };
  }),
  on(deleteAvatar, async ({ app, worker, params }) => {
    await removeAvatar({ db: app.db, bucket: worker.env.FILES }, ownUserId(app, params.id));
    return { user: await currentUserJson(app) };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("POST, DELETE");
