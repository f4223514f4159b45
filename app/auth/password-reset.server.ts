import { eq } from "drizzle-orm";
import { PASSWORD_RESET_TTL_S } from "~/constants";
import { passwordResetMail } from "~/mail/templates";
import { randomToken, sha256 } from "./crypto.server";
import { afterTheAnswer } from "./after-answer.server";
import { normalizeEmail } from "./email";
import { hashPassword, verifyPassword } from "./password.server";
import { checkRateLimits } from "./rate-limit.server";
import { recordSecurityEvent } from "./security-log.server";
import type { AuthServices } from "./services.server";
import { deleteUserSessions } from "./sessions.server";
import { users } from "./users.tables";
import { findUserByEmail } from "./users.server";
import { consumeVerification, createVerification } from "./verification.server";

/**
 * "Forgot password": mails a link when the account exists, and answers the
 * same either way. The mail goes out after the response, so the answer's
 * timing does not tell either.
 */
export async function requestPasswordReset(s: AuthServices, emailInput: string) {
  const email = normalizeEmail(emailInput);
  const limited = await checkRateLimits(s.limiter, [
    ["forgot-password:ip", s.info.ipAddress ?? "unknown"],
    ["forgot-password:account", email],
  ]);
  if (!limited.ok) return { status: "rate-limited" as const, retryAfter: limited.retryAfter };
  afterTheAnswer(s, "password reset request", async () => {
    const user = await findUserByEmail(s.app.db, email);
    // The same work for an address without an account (decision 021): a token, its hash and the
    // mail rendered, only not stored or sent. All of it runs after the answer went out.
    const token = randomToken(32);
    if (!user || user.bannedAt) {
      await sha256(token);
      passwordResetMail({ t: (key: string) => key, siteName: "", baseUrl: s.baseUrl }, email, `${s.baseUrl}/password/reset/${token}`, 1);
      return;
    }
    await createVerification(s.app.db, {
      type: "password-reset",
      target: String(user.id),
      userId: user.id,
      secret: token,
      ttlSeconds: PASSWORD_RESET_TTL_S,
    });
    await recordSecurityEvent(s.app.db, user.id, "password-reset-requested", s.info);
    const url = `${s.baseUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
    await s.mail(user.language, (ctx) => passwordResetMail(ctx, user.email, url, Math.round(PASSWORD_RESET_TTL_S / 60)));
  });
  return { status: "sent" as const };
}

export type ResetOutcome = { status: "reset" } | { status: "invalid-token" } | { status: "rate-limited"; retryAfter: number };

/**
 * Sets a new password from an e-mailed link. The token is single use and
 * expires; every session of the account ends (a thief's too).
 */
export async function resetPassword(s: AuthServices, input: { token: string; email: string; password: string }): Promise<ResetOutcome> {
  const limited = await checkRateLimits(s.limiter, [
    ["reset-password:ip", s.info.ipAddress ?? "unknown"],
    ["reset-password:account", normalizeEmail(input.email)],
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  const user = await findUserByEmail(s.app.db, input.email);
  if (!user) return { status: "invalid-token" };
  const result = await consumeVerification(s.app.db, { type: "password-reset", target: String(user.id), secret: input.token });
  if (!result.ok) return { status: "invalid-token" };
  const hash = await hashPassword(input.password);
  await s.app.db
    .update(users)
    // Following the mailed link proves the address belongs to them.
    .set({ password: hash, emailVerifiedAt: user.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const ended = await deleteUserSessions(s.app.db, user.id, null);
  await recordSecurityEvent(s.app.db, user.id, "password-reset", s.info, { sessionsEnded: ended });
  return { status: "reset" };
}

export type ChangePasswordOutcome = { status: "changed" } | { status: "wrong-password" } | { status: "rate-limited"; retryAfter: number };

/**
 * Changing the password from account settings ends every other session. A
 * user who signed up through a social provider has no password yet and sets
 * a first one without a current password (their session proves who they are).
 */
export async function changePassword(s: AuthServices, user: { id: number }, sessionId: string, input: { current_password?: string | null; password: string }): Promise<ChangePasswordOutcome> {
  const [row] = await s.app.db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
  const firstPassword = !row?.password;
  if (!firstPassword) {
    const limited = await checkRateLimits(s.limiter, [["confirm-password:account", String(user.id)]]);
    if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
    const check = await verifyPassword(input.current_password ?? "", row.password);
    if (!check.ok) return { status: "wrong-password" };
  }
  await s.app.db
    .update(users)
    .set({ password: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const ended = await deleteUserSessions(s.app.db, user.id, sessionId);
  await recordSecurityEvent(s.app.db, user.id, "password-changed", s.info, { sessionsEnded: ended, firstPassword });
  return { status: "changed" };
}
