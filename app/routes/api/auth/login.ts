import type { Route } from "./+types/login";
import { bootstrapForSession, methodNotAllowed } from "~/auth/api.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { signInWithPassword } from "~/auth/sign-in.server";
import { loginSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/** POST /auth/login {email, password, remember} -> {two_factor: true} or {bootstrapData}. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = await parseFormSubmission(await readBody(request), loginSchema, app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const outcome = await signInWithPassword(await authServices(context, request), submission.value);
  switch (outcome.status) {
    case "signed-in":
      return Response.json({ bootstrapData: await bootstrapForSession(app, request, outcome.sessionId), redirectTo: outcome.redirectTo }, { headers: outcome.headers });
    case "two-factor":
      return Response.json({ two_factor: true }, { headers: outcome.headers });
    case "rate-limited":
      return rateLimitedJson(app.t, outcome.retryAfter);
    case "banned":
      return Response.json({ message: app.t("This account has been suspended.") }, { status: 403 });
    default: {
      const message = app.t("These credentials do not match our records.");
      return validationErrorJson({ email: [message], password: [message] }, message);
    }
  }
}

export const loader = () => methodNotAllowed("POST");
