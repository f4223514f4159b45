import { isLocalAddress } from "./request-info.server";
import { PASSWORD_CONFIRMATION_WINDOW_S } from "~/constants";
import type { AuthUser, CurrentSession } from "../request/auth-user";
import { findUserById } from "./users.server";
import { confirmPassword, isPasswordConfirmed } from "./password-confirmation.server";
import { recordSecurityEvent } from "./security-log.server";
import type { AuthServices } from "./services.server";
import { deleteUserSessions, listUserSessions } from "./sessions.server";
import { verifyPassword } from "./password.server";
import { checkRateLimits } from "./rate-limit.server";
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor, readTwoFactorSecret, regenerateRecoveryCodes, twoFactorSetup } from "./two-factor.server";

/**
 * The account's security operations behind the account-settings page and the
 * auth/user/* endpoints: two-factor setup, recovery codes, sessions. Each
 * sensitive one needs a recent password confirmation.
 */
export type Guarded<T> = { status: "password-required" } | { status: "rate-limited"; retryAfter: number } | { status: "wrong-password" } | T;

/**
 * Confirms the password when one is given, then says whether the session's
 * confirmation is fresh enough for a sensitive action.
 */
export async function ensurePasswordConfirmed(s: AuthServices, user: AuthUser, session: CurrentSession, password: string | null): Promise<Guarded<{ status: "ok" }>> {
  if (password) {
    const result = await confirmPassword(s, user, session, password);
    if (result.status !== "confirmed") return result;
    return { status: "ok" };
  }
  if (!user.hasPassword) return { status: "ok" };
  return isPasswordConfirmed(session, PASSWORD_CONFIRMATION_WINDOW_S) ? { status: "ok" } : { status: "password-required" };
}

/** Step of the two-factor section: 0 off, 1 finishing setup, 2 on. */
export function twoFactorStep(user: AuthUser): 0 | 1 | 2 {
  if (user.twoFactorConfirmedAt) return 2;
  return user.twoFactorPending ? 1 : 0;
}

export async function startTwoFactor(s: AuthServices, user: AuthUser) {
  await enableTwoFactor(s.app.db, s.keys, user.id);
}

/** QR code (SVG) and setup key of the pending or active secret. */
export async function twoFactorQrCode(s: AuthServices, user: AuthUser) {
  const row = await findUserById(s.app.db, user.id);
  if (!row) return null;
  const secret = await readTwoFactorSecret(s.keys, row);
  if (!secret) return null;
  return twoFactorSetup(secret, user.email, s.app.settings["branding.site_name"]);
}

export type FinishTwoFactorOutcome = { status: "enabled"; recoveryCodes: string[] } | { status: "invalid" } | { status: "rate-limited"; retryAfter: number };

/** Step 1 -> 2: the code from the authenticator app proves the secret was saved. Guessing is rate limited like the sign-in challenge. */
export async function finishTwoFactor(s: AuthServices, user: AuthUser, code: string): Promise<FinishTwoFactorOutcome> {
  const limited = await checkRateLimits(s.limiter, [
    ["two-factor:ip", s.info.ipAddress],
    ["two-factor:account", String(user.id)],
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  const row = await findUserById(s.app.db, user.id);
  if (!row?.twoFactorSecret || row.twoFactorConfirmedAt) return { status: "invalid" };
  const codes = await confirmTwoFactor(s.app.db, s.keys, row, code);
  if (!codes) return { status: "invalid" };
  await recordSecurityEvent(s.app.db, user.id, "two-factor-enabled", s.info);
  return { status: "enabled", recoveryCodes: codes };
}

export async function turnOffTwoFactor(s: AuthServices, user: AuthUser) {
  await disableTwoFactor(s.app.db, user.id);
  if (user.twoFactorConfirmedAt) await recordSecurityEvent(s.app.db, user.id, "two-factor-disabled", s.info);
}

export async function newRecoveryCodes(s: AuthServices, user: AuthUser) {
  if (!user.twoFactorConfirmedAt) return null;
  const codes = await regenerateRecoveryCodes(s.app.db, user.id);
  await recordSecurityEvent(s.app.db, user.id, "recovery-codes-regenerated", s.info);
  return codes;
}

/** Sessions for the "Active sessions" list (user session). */
export async function sessionList(s: AuthServices, session: CurrentSession, userId: number) {
  const rows = await listUserSessions(s.app.db, userId);
  return rows.map((row) => ({
    id: row.id.slice(0, 12),
    device_type: row.deviceType ?? "desktop",
    platform: row.platform,
    browser: row.browser,
    // Rows stored before decision 030 may carry the local runtime's invented place.
    city: !row.ipAddress || isLocalAddress(row.ipAddress) ? null : row.city,
    country: !row.ipAddress || isLocalAddress(row.ipAddress) ? null : row.country,
    ip_address: row.ipAddress,
    token: row.kind === "api" ? "API Token" : null,
    last_active: row.lastActiveAt.toISOString(),
    is_current_device: row.id === session.id,
  }));
}

/** "Log out other sessions" always asks for the password, however recently it was confirmed. */
export async function logoutOtherSessions(s: AuthServices, user: AuthUser, session: CurrentSession, password: string) {
  const limited = await checkRateLimits(s.limiter, [["confirm-password:account", String(user.id)]]);
  if (!limited.ok) return { status: "rate-limited" as const, retryAfter: limited.retryAfter };
  const row = await findUserById(s.app.db, user.id);
  if (row?.password) {
    const check = await verifyPassword(password, row.password);
    if (!check.ok) return { status: "wrong-password" as const };
  }
  const ended = await deleteUserSessions(s.app.db, user.id, session.id);
  await recordSecurityEvent(s.app.db, user.id, "sessions-ended", s.info, { count: ended });
  return { status: "done" as const, ended };
}
