import type { Route } from "./+types/confirm-password";
import { methodNotAllowed } from "~/auth/api.server";
import { requireUser } from "~/auth/guards.server";
import { confirmPassword } from "~/auth/password-confirmation.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { confirmPasswordSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/** POST /auth/user/confirm-password {password}: opens the 9000-second window for sensitive actions. */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { user, session } = requireUser(args);
  const app = getApp(context);
  const submission = await parseFormSubmission(await readBody(request), confirmPasswordSchema, app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const outcome = await confirmPassword(await authServices(context, request), user, session, submission.value.password);
  if (outcome.status === "rate-limited") return rateLimitedJson(app.t, outcome.retryAfter);
  if (outcome.status === "wrong-password") return validationErrorJson({ password: [app.t("The password is incorrect.")] });
  return new Response(null, { status: 201 });
}

export const loader = () => methodNotAllowed("POST");
