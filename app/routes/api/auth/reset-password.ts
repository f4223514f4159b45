import type { Route } from "./+types/reset-password";
import { methodNotAllowed } from "~/auth/api.server";
import { resetPassword } from "~/auth/password-reset.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { resetPasswordSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/** POST /auth/reset-password {token, email, password, password_confirmation}. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = await parseFormSubmission(await readBody(request), resetPasswordSchema, app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const outcome = await resetPassword(await authServices(context, request), submission.value);
  if (outcome.status === "rate-limited") return rateLimitedJson(app.t, outcome.retryAfter);
  if (outcome.status === "invalid-token") return validationErrorJson({ email: [app.t("This password reset link is invalid or has expired.")] });
  return Response.json({ message: app.t("Your password has been reset!") });
}

export const loader = () => methodNotAllowed("POST");
