import { data } from "react-router";
import type { Route } from "./+types/export";
import { collectUserData, exportFileName, userDataResponse } from "~/account/data-export.server";
import { optionalPasswordSchema } from "~/account/schema";
import { ensurePasswordConfirmed } from "~/auth/account-security.server";
import { requireUser } from "~/auth/guards.server";
import { authServices } from "~/auth/services.server";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/**
 * POST /account-settings/export: "Download my data", a JSON file of
 * everything stored about the user. A plain form post (the browser saves
 * the attachment and stays on the page); like other sensitive actions it
 * needs the password unless it was confirmed in the last 9000 seconds.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user, session } = requireUser(args);
  const app = getApp(context);
  const submission = await parseFormSubmission(request, optionalPasswordSchema, app.t);
  const s = await authServices(context, request);
  const guard = submission.status === "success" ? await ensurePasswordConfirmed(s, user, session, submission.value.password || null) : ({ status: "wrong-password" } as const);
  if (guard.status !== "ok") {
    const message =
      guard.status === "rate-limited"
        ? app.t("Too many attempts. Please try again in :seconds seconds.", { seconds: guard.retryAfter })
        : guard.status === "password-required"
          ? app.t("Please confirm your password first.")
          : app.t("The password is incorrect.");
    return redirectWithToast(request, "/account-settings#download-data", { type: "danger", message }, { status: 303 });
  }
  const now = new Date();
  return userDataResponse(await collectUserData(app.db, user, now), exportFileName(user.id, now));
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
