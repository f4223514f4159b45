import type { Route } from "./+types/two-factor";
import { ensurePasswordConfirmed, finishTwoFactor, newRecoveryCodes, startTwoFactor, turnOffTwoFactor, twoFactorQrCode } from "~/auth/account-security.server";
import { effectiveMethod, methodNotAllowed } from "~/auth/api.server";
import { requireUser } from "~/auth/guards.server";
import { rateLimitedJson, readBody, validationErrorJson } from "~/auth/responses.server";
import { authServices } from "~/auth/services.server";
import { twoFactorCodeSchema } from "~/auth/schema";
import { getApp } from "~/request/context";
import { parseFormSubmission } from "~/ui/forms/submission.server";

/**
 * The two-factor endpoints, one module for the family:
 *   POST|DELETE auth/user/two-factor-authentication   enable | disable
 *   GET  auth/user/two-factor/qr-code                 {svg, secret}
 *   POST auth/user/confirmed-two-factor-authentication {code} -> {recovery_codes}
 *   POST auth/user/two-factor-recovery-codes          regenerate -> {recovery_codes}
 * All but the QR code need a password confirmed within 9000 s (423 otherwise).
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = requireUser(args);
  if (!args.url.pathname.endsWith("/qr-code")) return methodNotAllowed("POST");
  const qr = await twoFactorQrCode(await authServices(args.context, args.request), user);
  if (!qr) return Response.json({ message: "Two factor authentication is not enabled." }, { status: 404 });
  return Response.json({ svg: qr.svg, secret: qr.secret });
}

export async function action(args: Route.ActionArgs) {
  const { request, context, url } = args;
  const { user, session } = requireUser(args);
  const app = getApp(context);
  const s = await authServices(context, request);
  const body = await readBody(request);
  const password = body.get("password");
  const guard = await ensurePasswordConfirmed(s, user, session, typeof password === "string" && password.length <= 255 ? password : null);
  if (guard.status === "rate-limited") return rateLimitedJson(app.t, guard.retryAfter);
  if (guard.status === "wrong-password") return validationErrorJson({ password: [app.t("The password is incorrect.")] });
  if (guard.status === "password-required") return Response.json({ message: app.t("Password confirmation required.") }, { status: 423 });

  const method = effectiveMethod(request);
  const path = url.pathname;
  if (path.endsWith("/two-factor-authentication")) {
    if (method === "DELETE") {
      await turnOffTwoFactor(s, user);
      return Response.json({ message: app.t("Two factor authentication has been disabled.") });
    }
    await startTwoFactor(s, user);
    return new Response(null, { status: 200 });
  }
  if (path.endsWith("/confirmed-two-factor-authentication")) {
    const submission = await parseFormSubmission(body, twoFactorCodeSchema, app.t);
    if (submission.status !== "success") return validationErrorJson(submission.error ?? {});
    const outcome = await finishTwoFactor(s, user, submission.value.code);
    if (outcome.status === "rate-limited") return rateLimitedJson(app.t, outcome.retryAfter);
    if (outcome.status === "invalid") return validationErrorJson({ code: [app.t("The provided two factor authentication code was invalid.")] });
    return Response.json({ recovery_codes: outcome.recoveryCodes });
  }
  if (path.endsWith("/two-factor-recovery-codes")) {
    const codes = await newRecoveryCodes(s, user);
    if (!codes) return Response.json({ message: "Two factor authentication is not enabled." }, { status: 409 });
    return Response.json({ recovery_codes: codes });
  }
  return methodNotAllowed("GET");
}
