import type { Route } from "./+types/register";
import { methodNotAllowed } from "~/auth/api.server";
import { registerAcceptedSchema, registerAcceptedStatus } from "~/auth/api-contract";
import { HUMAN_CHECK_FIELD } from "~/auth/human-check.server";
import { register } from "~/auth/registration.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { registerSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/** POST /auth/register -> 202 {status: "check_email", email, message}: the mailed link finishes the registration (decision 021). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (app.settings["registration.disable"]) return Response.json({ message: app.t("Registration is currently disabled.") }, { status: 403 });
  const body = await readBody(request);
  const submission = await parseFormSubmission(body, registerSchema(app.settings["registration.policies"], app.settings["registration.name_fields"]), app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const s = await authServices(context, request);
  const outcome = await register(s, submission.value, body.get(HUMAN_CHECK_FIELD) ?? body.get("token"));
  switch (outcome.status) {
    case "check-email":
      // 202 and the same body whether the address was new or had an account; never a session (decision 021).
      return Response.json(
        registerAcceptedSchema.parse({
          status: "check_email",
          email: outcome.email,
          message: app.t("Check your email: we sent a link to :email to finish creating your account.", { email: outcome.email }),
        }),
        { status: registerAcceptedStatus },
      );
    case "username-taken":
      return validationErrorJson({ username: [app.t("That username is taken")] });
    case "human-check-failed":
      return Response.json({ message: app.t("Could not verify you are human.") }, { status: 422 });
    case "rate-limited":
      return rateLimitedJson(app.t, outcome.retryAfter);
    default:
      return Response.json({ message: app.t("Registration is currently disabled.") }, { status: 403 });
  }
}

export const loader = () => methodNotAllowed("POST");
