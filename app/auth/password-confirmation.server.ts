import { eq } from "drizzle-orm";
import { PASSWORD_CONFIRMATION_WINDOW_S } from "~/constants";
import type { CurrentSession } from "../request/auth-user";
import { verifyPassword } from "./password.server";
import { checkRateLimits } from "./rate-limit.server";
import { recordSecurityEvent } from "./security-log.server";
import type { AuthServices } from "./services.server";
import { markPasswordConfirmed } from "./sessions.server";
import { users } from "./users.tables";

/**
 * Sensitive actions (two-factor changes, recovery codes, deleting the
 * account) ask for the password unless it was entered in this session
 * within the last 9000 seconds.
 */
export function isPasswordConfirmed(session: Pick<CurrentSession, "passwordConfirmedAt"> | null, windowSeconds = PASSWORD_CONFIRMATION_WINDOW_S) {
  if (!session?.passwordConfirmedAt) return false;
  return Date.now() - session.passwordConfirmedAt.getTime() < windowSeconds * 1000;
}

export type ConfirmOutcome = { status: "confirmed" } | { status: "wrong-password" } | { status: "rate-limited"; retryAfter: number };

/** Checks the signed-in user's password; a user without one (social-only) passes. */
export async function confirmPassword(s: AuthServices, user: { id: number }, session: { id: string }, password: string): Promise<ConfirmOutcome> {
  const limited = await checkRateLimits(s.limiter, [["confirm-password:account", String(user.id)]]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  const [row] = await s.app.db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
  if (row?.password) {
    const check = await verifyPassword(password, row.password);
    if (!check.ok) return { status: "wrong-password" };
  }
  await markPasswordConfirmed(s.app.db, session.id);
  await recordSecurityEvent(s.app.db, user.id, "password-confirmed", s.info);
  return { status: "confirmed" };
}
