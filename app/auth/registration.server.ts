import { normalizeEmail } from "./email";
import { HUMAN_CHECK_FIELD, humanCheckEnabled } from "./human-check.server";
import { hashPassword } from "./password.server";
import { checkRateLimits } from "./rate-limit.server";
import { recordSecurityEvent } from "./security-log.server";
import type { AuthServices } from "./services.server";
import { completeSignIn } from "./sign-in.server";
import { createUser, findUserByEmail } from "./users.server";
import { existingAccountMail } from "~/mail/templates";
import { sendVerificationCode } from "./email-verification.server";

export type RegisterOutcome =
  | { status: "disabled" }
  | { status: "rate-limited"; retryAfter: number }
  | { status: "human-check-failed" }
  | { status: "email-taken"; email: string }
  | { status: "registered"; needsEmailVerification: boolean; headers: Headers; redirectTo: string; sessionId: string };

/**
 * Creates the account and signs it in. With e-mail confirmation on, a code
 * is mailed and the user must enter it before using the site. Nothing is
 * stored when the human check fails.
 */
export async function register(
  s: AuthServices,
  input: { email: string; password: string; first_name?: string; last_name?: string; redirect?: string },
  humanCheckToken: FormDataEntryValue | null,
): Promise<RegisterOutcome> {
  const { settings } = s.app;
  if (settings["registration.disable"]) return { status: "disabled" };
  const limited = await checkRateLimits(s.limiter, [
    ["register:ip", s.info.ipAddress ?? "unknown"],
    ["register:account", normalizeEmail(input.email)],
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  if (humanCheckEnabled(settings, s.env, "register")) {
    const token = typeof humanCheckToken === "string" ? humanCheckToken : "";
    if (!(await s.humanCheck.verify(token, s.info.ipAddress))) return { status: "human-check-failed" };
  }
  const user = await createUser(s.app.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.first_name || null,
    lastName: input.last_name || null,
    language: s.app.language,
  });
  if (!user) {
    // Issue 16, finding 9: the form shows the same "check your e-mail" step as for a new address, and the owner
    // of the address is told by mail (after the response, like every other mail of these flows).
    const owner = await findUserByEmail(s.app.db, normalizeEmail(input.email));
    if (owner) {
      const work = Promise.all([
        recordSecurityEvent(s.app.db, owner.id, "registration-attempt-existing", s.info),
        s.mail(owner.language, (ctx) => existingAccountMail(ctx, owner.email, { login: `${ctx.baseUrl}/login`, reset: `${ctx.baseUrl}/forgot-password` })),
      ]);
      s.worker.ctx.waitUntil(work.catch(() => undefined));
    }
    return { status: "email-taken", email: normalizeEmail(input.email) };
  }
  await recordSecurityEvent(s.app.db, user.id, "registered", s.info);
  const needsEmailVerification = settings["registration.require_email_confirmation"];
  if (needsEmailVerification) await sendVerificationCode(s, user);
  const signedIn = await completeSignIn(s, user, { remember: true, redirect: input.redirect, method: "registration" });
  if (signedIn.status !== "signed-in") return { status: "disabled" };
  return {
    status: "registered",
    needsEmailVerification,
    headers: signedIn.headers,
    sessionId: signedIn.sessionId,
    // An explicit return address (a workspace invitation link) survives the verification screen,
    // which sends the user on to it once the address is verified.
    redirectTo: needsEmailVerification && !input.redirect ? "/" : signedIn.redirectTo,
  };
}
