import { data } from "react-router";
import type { Route } from "./+types/avatar";
import { z } from "zod";
import { attachAvatarEntry, removeAvatar, saveAvatar } from "~/account/avatar.server";
import { requireUser } from "~/auth/guards.server";
import { backTo } from "~/http/redirects";
import { getApp, getWorker } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { readIntent } from "~/ui/forms/submission.server";

/**
 * POST /account-settings/avatar: upload (multipart `file`) or remove the
 * profile image. With JavaScript (a fetcher) the answer is JSON: the new
 * avatar and a message, or 422 with the `file` field's error for the toast.
 * Without it the form carries `redirectTo` and goes back
 * to the page with the same message as a toast.
 *
 * `attach-avatar` (JavaScript only): the file was already uploaded with the
 * site's uploader (progress, retry, cancel); `entryId` names its file entry,
 * which must be the user's own image (attachAvatarEntry checks its bytes).
 */
const attachSchema = z.object({ entryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user } = requireUser(args);
  const app = getApp(context);
  const formData = await request.formData().catch(() => new FormData());
  const back = formData.has("redirectTo") ? backTo(request, formData.get("redirectTo"), "/account-settings#account-details") : null;
  const deps = { db: app.db, bucket: getWorker(context).env.FILES };

  if (readIntent(formData) === "remove-avatar") {
    await removeAvatar(deps, user.id);
    const message = app.t("Removed avatar");
    if (back) return redirectWithToast(request, back, { message });
    return data({ ok: true, avatar: null, message });
  }

  if (readIntent(formData) === "attach-avatar") {
    const parsed = attachSchema.safeParse({ entryId: formData.get("entryId") });
    const result = parsed.success ? await attachAvatarEntry(deps, user.id, parsed.data.entryId) : { ok: false as const, notFound: true, message: "This file could not be found." };
    if (!result.ok) {
      const message = app.t(result.message, result.params);
      if (back) return redirectWithToast(request, back, { type: "danger", message });
      return data({ message, errors: { file: [message] } }, { status: "notFound" in result && result.notFound ? 404 : 422 });
    }
    const message = app.t("Uploaded avatar");
    if (back) return redirectWithToast(request, back, { message });
    return data({ ok: true, avatar: result.url, message });
  }

  const result = await saveAvatar(deps, user.id, formData.get("file"));
  if (!result.ok) {
    const message = app.t(result.message, result.params);
    if (back) return redirectWithToast(request, back, { type: "danger", message });
    return data({ message, errors: { file: [message] } }, { status: 422 });
  }
  const message = app.t("Uploaded avatar");
  if (back) return redirectWithToast(request, back, { message });
  return data({ ok: true, avatar: result.url, message });
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
