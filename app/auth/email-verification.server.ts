import { and, eq, isNull } from "drizzle-orm";
import { forgetSignedInUser } from "./signed-in-cache.server";
import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_TTL_S } from "~/constants";
import { verificationCodeMail } from "~/mail/templates";
import { checkRateLimits } from "./rate-limit.server";
import { recordSecurityEvent } from "./security-log.server";
import type { AuthServices } from "./services.server";
import { users } from "./users.tables";
import { consumeVerification, createVerification, generateNumericCode } from "./verification.server";

/** Mails a fresh 6-digit code; any earlier code stops working. */
export async function sendVerificationCode(s: AuthServices, user: { id: number; email: string; language: string | null }) {
  const code = generateNumericCode(VERIFICATION_CODE_LENGTH);
  await createVerification(s.app.db, {
    type: "email-verification",
    target: String(user.id),
    userId: user.id,
    secret: code,
    ttlSeconds: VERIFICATION_CODE_TTL_S,
  });
  return s.mail(user.language ?? s.app.language, (ctx) => verificationCodeMail(ctx, user.email, code, Math.round(VERIFICATION_CODE_TTL_S / 60)));
}

export type ResendOutcome = { status: "sent" } | { status: "already-verified" } | { status: "rate-limited"; retryAfter: number };

export async function resendVerificationCode(s: AuthServices, user: { id: number; email: string; language: string | null; emailVerifiedAt: Date | null }): Promise<ResendOutcome> {
  if (user.emailVerifiedAt) return { status: "already-verified" };
  const limited = await checkRateLimits(s.limiter, [
    ["resend:ip", s.info.ipAddress],
    ["resend:account", String(user.id)],
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  await sendVerificationCode(s, user);
  return { status: "sent" };
}

export type VerifyOutcome = { status: "verified" } | { status: "rate-limited"; retryAfter: number } | { status: "invalid" | "expired" | "too-many-attempts" };

/** Checks the code: single use, expiring, and void after too many wrong tries. */
export async function verifyEmailCode(s: AuthServices, user: { id: number; emailVerifiedAt: Date | null }, code: string): Promise<VerifyOutcome> {
  if (user.emailVerifiedAt) return { status: "verified" };
  const limited = await checkRateLimits(s.limiter, [
    ["verify-email:ip", s.info.ipAddress],
    ["verify-email:account", String(user.id)],
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  const result = await consumeVerification(s.app.db, { type: "email-verification", target: String(user.id), secret: code });
  if (!result.ok) return { status: result.reason };
  await s.app.db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
  await recordSecurityEvent(s.app.db, user.id, "email-verified", s.info);
  return { status: "verified" };
}

/**
 * The address was proved another way: the user followed a link that was
 * mailed only to it (a workspace invitation). Verified without a code.
 */
export async function markEmailVerifiedByLink(s: AuthServices, user: { id: number; emailVerifiedAt: Date | null }, via: string) {
  if (user.emailVerifiedAt) return;
  await s.app.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
  await recordSecurityEvent(s.app.db, user.id, "email-verified", s.info, { via });
  // A GET (an invitation link) makes this write: drop the user's kept copies (decision 028).
  forgetSignedInUser(user.id);
}
