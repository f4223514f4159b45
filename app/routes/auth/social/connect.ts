import { data, redirect } from "react-router";
import type { Route } from "./+types/connect";
import { rateLimitedReply } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { connectWithPassword } from "~/auth/social/social-auth.server";
import { confirmPasswordSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";

/**
 * POST /secure/auth/social/connect {password}: the REQUEST_PASSWORD step.
 * With JavaScript (a fetcher) the answer is { redirectTo }; a plain form
 * (it carries redirectTo from NoJsRedirect) is redirected.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const formData = await request.formData();
  const noJs = formData.has("redirectTo");
  const submission = await parseFormSubmission(formData, confirmPasswordSchema, app.t);
  // A plain form post lands back on the password screen with the message as a toast.
  const backWith = (message: string) => redirectWithToast(request, "/login?social=connect", { type: "danger", message });
  if (submission.status !== "success") {
    return noJs ? backWith(app.t("Please enter your password.")) : invalidSubmission(submission);
  }
  const outcome = await connectWithPassword(await authServices(context, request), submission.value.password);
  switch (outcome.status) {
    case "signed-in":
    case "two-factor": {
      const to = outcome.status === "two-factor" ? "/login?two_factor=1" : outcome.redirectTo;
      if (noJs) return redirect(to, { headers: outcome.headers });
      return data({ ok: true, redirectTo: to }, { headers: outcome.headers });
    }
    case "wrong-password":
      if (noJs) return backWith(app.t("The password is incorrect."));
      return invalidSubmission(submission, { fieldErrors: { password: [app.t("The password is incorrect.")] }, status: 422 });
    case "rate-limited":
      if (noJs) return backWith(app.t("Too many attempts. Please try again in :seconds seconds.", { seconds: outcome.retryAfter }));
      return rateLimitedReply(app.t, submission, outcome.retryAfter);
    default:
      if (noJs) return redirectWithToast(request, "/login", { type: "danger", message: app.t("This request has expired. Please try again.") });
      return invalidSubmission(submission, { formErrors: [app.t("This request has expired. Please try again.")], status: 410 });
  }
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
