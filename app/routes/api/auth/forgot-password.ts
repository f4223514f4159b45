import type { Route } from "./+types/forgot-password";
import { methodNotAllowed } from "~/auth/api.server";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { forgotPasswordSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/** POST /auth/forgot-password {email} -> {message}, the same whether or not the account exists. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = await parseFormSubmission(await readBody(request), forgotPasswordSchema, app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const outcome = await requestPasswordReset(await authServices(context, request), submission.value.email);
  if (outcome.status === "rate-limited") return rateLimitedJson(app.t, outcome.retryAfter);
  return Response.json({ message: app.t("If an account exists for that email address, we have sent a password reset link to it.") });
}

export const loader = () => methodNotAllowed("POST");
