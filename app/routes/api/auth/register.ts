import type { Route } from "./+types/register";
import { bootstrapForSession, methodNotAllowed } from "~/auth/api.server";
import { HUMAN_CHECK_FIELD } from "~/auth/human-check.server";
import { register } from "~/auth/registration.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { registerSchema } from "~/auth/validation";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/** POST /auth/register -> {status, bootstrapData}; status "needs_email_verification" when a code was mailed. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (app.settings["registration.disable"]) return Response.json({ message: app.t("Registration is currently disabled.") }, { status: 403 });
  const body = await readBody(request);
  const submission = await parseFormSubmission(body, registerSchema(app.settings["registration.policies"], app.settings["registration.name_fields"]), app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const s = await authServices(context, request);
  const outcome = await register(s, submission.value, body.get(HUMAN_CHECK_FIELD) ?? body.get("token"));
  switch (outcome.status) {
    case "registered": {
      return Response.json(
        {
          status: outcome.needsEmailVerification ? "needs_email_verification" : "success",
          bootstrapData: await bootstrapForSession(app, request, outcome.sessionId),
          redirectTo: outcome.redirectTo,
        },
        { headers: outcome.headers },
      );
    }
    case "email-taken":
      // No "already registered" (issue 16, finding 9): the owner gets a mail instead.
      return Response.json({ status: "check_email", message: app.t("Check your email: we have sent the next step to :email.", { email: outcome.email }), redirectTo: "/login" });
    case "human-check-failed":
      return Response.json({ message: app.t("Could not verify you are human.") }, { status: 422 });
    case "rate-limited":
      return rateLimitedJson(app.t, outcome.retryAfter);
    default:
      return Response.json({ message: app.t("Registration is currently disabled.") }, { status: 403 });
  }
}

export const loader = () => methodNotAllowed("POST");
