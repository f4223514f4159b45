import type { Route } from "./+types/email-verification";
import { methodNotAllowed } from "~/auth/api.server";
import { resendVerificationCode, verifyEmailCode } from "~/auth/email-verification.server";
import { requireUser } from "~/auth/guards.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { verificationCodeSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/**
 * POST api/v1/resend-email-verification -> {message: "Email sent"}
 * POST api/v1/validate-email-verification-otp {code}
 */
export async function action(args: Route.ActionArgs) {
  const { request, context, url } = args;
  const { user } = requireUser(args);
  const app = getApp(context);
  const s = await authServices(context, request);
  if (url.pathname.endsWith("/resend-email-verification")) {
    const outcome = await resendVerificationCode(s, user);
    if (outcome.status === "rate-limited") return rateLimitedJson(app.t, outcome.retryAfter);
    return Response.json({ message: outcome.status === "sent" ? app.t("Email sent") : app.t("Your email address is verified.") });
  }
  const submission = await parseFormSubmission(await readBody(request), verificationCodeSchema, app.t);
  if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
  const outcome = await verifyEmailCode(s, user, submission.value.code);
  if (outcome.status === "rate-limited") return rateLimitedJson(app.t, outcome.retryAfter);
  if (outcome.status !== "verified") {
    const message =
      outcome.status === "expired"
        ? app.t("This code has expired. Request a new one.")
        : outcome.status === "too-many-attempts"
          ? app.t("Too many wrong codes. Request a new one.")
          : app.t("This code is not valid.");
    return validationErrorJson({ code: [message] });
  }
  return Response.json({ message: app.t("Your email address is verified.") });
}

export const loader = () => methodNotAllowed("POST");
