import type { Route } from "./+types/two-factor-challenge";
import { bootstrapForSession, methodNotAllowed } from "~/auth/api.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { completeTwoFactorChallenge } from "~/auth/sign-in.server";
import { twoFactorChallengeSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/** POST /auth/two-factor-challenge {code | recovery_code} -> {bootstrapData}. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = await parseFormSubmission(await readBody(request), twoFactorChallengeSchema, app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const outcome = await completeTwoFactorChallenge(await authServices(context, request), submission.value);
  switch (outcome.status) {
    case "signed-in":
      return Response.json({ bootstrapData: await bootstrapForSession(app, request, outcome.sessionId), redirectTo: outcome.redirectTo }, { headers: outcome.headers });
    case "wrong-code":
      return validationErrorJson({
        [outcome.field]: [outcome.field === "code" ? app.t("The two factor authentication code was invalid.") : app.t("The provided recovery code was invalid.")],
      });
    case "rate-limited":
      return rateLimitedJson(app.t, outcome.retryAfter);
    default:
      return Response.json({ message: app.t("Your sign-in has expired. Please sign in again.") }, { status: 419 });
  }
}

export const loader = () => methodNotAllowed("POST");
