import type { Route } from "./+types/user-password";
import { effectiveMethod, methodNotAllowed } from "~/auth/api.server";
import { requireUser } from "~/auth/guards.server";
import { changePassword } from "~/auth/password-reset.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { changePasswordSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/** PUT /auth/user/password {current_password, password, password_confirmation}: other sessions end. */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (effectiveMethod(request) !== "PUT") return methodNotAllowed("PUT");
  const { user, session } = requireUser(args);
  const app = getApp(context);
  const submission = await parseFormSubmission(await readBody(request), changePasswordSchema, app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const outcome = await changePassword(await authServices(context, request), user, session.id, submission.value);
  if (outcome.status === "rate-limited") return rateLimitedJson(app.t, outcome.retryAfter);
  if (outcome.status === "wrong-password") return validationErrorJson({ current_password: [app.t("The password is incorrect.")] });
  return Response.json({ message: app.t("Password changed") });
}

export const loader = () => methodNotAllowed("PUT");
