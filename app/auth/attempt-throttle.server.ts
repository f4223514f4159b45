import { and, eq, sql } from "drizzle-orm";
import { DEVICE_COOKIE_MAX_AGE_S, THROTTLE_BASE_DELAY_S, THROTTLE_FREE_FAILURES, THROTTLE_LOCK_FAILURES, THROTTLE_MAX_DELAY_S, THROTTLE_WINDOW_S } from "~/constants";
import type { Database } from "~/db/client.server";
import { readCookie, serializeCookie } from "~/http/cookies";
import { failedAttemptsMail } from "~/mail/templates";
import { log } from "~/log/log.server";
import { randomToken, signValue, unsignValue, type AppKeys } from "./crypto.server";
import { failedAttempts } from "./failed-attempts.tables";
import { recordSecurityEvent } from "./security-log.server";
import type { AuthServices } from "./services.server";

/**
 * Progressive back-off for password and two-factor guessing (decision 021,
 * findings 2 and 3; docs/decisions/021-security-hardening.md):
 *
 * - failures are counted per subject (the e-mail address for sign-ins, known
 *   or not, so the answers do not tell; the user for two-factor codes) over
 *   a rolling day, by one atomic upsert (exact under parallel requests);
 * - the first 5 are free; after that each attempt waits 30 s, doubling with
 *   each failure (capped at an hour); the 20th locks the subject until its
 *   day is over. A waiting or locked attempt is refused before the password
 *   is even checked;
 * - the owner gets an e-mail and a security-log entry at the 5th failure and
 *   at the lock;
 * - a known device (a signed device cookie set at a successful sign-in,
 *   OWASP's "device cookies") is counted on its own: an attacker's failures
 *   elsewhere never block the owner's own browser.
 */

export type ThrottleKind = "sign-in" | "two-factor";
export type ThrottleState = { ok: true } | { ok: false; retryAfter: number; locked: boolean };

type Row = { windowStartedAt: Date; failures: number; lastFailedAt: Date };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The wait after `failures` failures (0 while they are free). */
export function delayAfter(failures: number): number {
  if (failures < THROTTLE_FREE_FAILURES) return 0;
  return Math.min(THROTTLE_BASE_DELAY_S * 2 ** (failures - THROTTLE_FREE_FAILURES), THROTTLE_MAX_DELAY_S);
}

/** Whether an attempt may be made now, from the subject's row. */
export function throttleState(row: Row | null | undefined, now = new Date()): ThrottleState {
  if (!row) return { ok: true };
  const at = seconds(now);
  const windowEnds = seconds(row.windowStartedAt) + THROTTLE_WINDOW_S;
  if (at >= windowEnds) return { ok: true };
  if (row.failures >= THROTTLE_LOCK_FAILURES) return { ok: false, retryAfter: windowEnds - at, locked: true };
  const waitUntil = seconds(row.lastFailedAt) + delayAfter(row.failures);
  return at < waitUntil ? { ok: false, retryAfter: waitUntil - at, locked: false } : { ok: true };
}

export async function checkThrottle(db: Database, subject: string, kind: ThrottleKind, now = new Date()): Promise<ThrottleState> {
  const [row] = await db
    .select({ windowStartedAt: failedAttempts.windowStartedAt, failures: failedAttempts.failures, lastFailedAt: failedAttempts.lastFailedAt })
    .from(failedAttempts)
    .where(and(eq(failedAttempts.subject, subject), eq(failedAttempts.kind, kind)));
  return throttleState(row, now);
}

/** Counts one failure; returns the subject's failures in its current window. */
export async function recordFailure(db: Database, subject: string, kind: ThrottleKind, now = new Date()): Promise<number> {
  const at = seconds(now);
  const expired = at - THROTTLE_WINDOW_S;
  // SQLite evaluates every SET expression on the old row: window reset and count in one statement.
  const [row] = await db
    .insert(failedAttempts)
    .values({ subject, kind, windowStartedAt: now, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [failedAttempts.subject, failedAttempts.kind],
      set: {
        failures: sql`CASE WHEN ${failedAttempts.windowStartedAt} <= ${expired} THEN 1 ELSE ${failedAttempts.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${failedAttempts.windowStartedAt} <= ${expired} THEN ${at} ELSE ${failedAttempts.windowStartedAt} END`,
        lastFailedAt: sql`${at}`,
      },
    })
    .returning({ failures: failedAttempts.failures });
  return row?.failures ?? 1;
}

export async function clearFailures(db: Database, subject: string, kind: ThrottleKind) {
  await db.delete(failedAttempts).where(and(eq(failedAttempts.subject, subject), eq(failedAttempts.kind, kind)));
}

/** Rows whose day is over, for the scheduled cleanup. */
export async function deleteExpiredFailures(db: Database, now = new Date()) {
  const rows = await db
    .delete(failedAttempts)
    .where(sql`${failedAttempts.windowStartedAt} <= ${seconds(now) - THROTTLE_WINDOW_S}`)
    .returning({ subject: failedAttempts.subject });
  return rows.length;
}

/**
 * After a failure was counted: at the 5th and at the lock, a security-log
 * entry and an e-mail to the owner (once each: the count is exact).
 */
export async function warnOwner(s: AuthServices, user: { id: number; email: string; language: string | null }, kind: ThrottleKind, failures: number) {
  if (failures !== THROTTLE_FREE_FAILURES && failures !== THROTTLE_LOCK_FAILURES) return;
  const locked = failures === THROTTLE_LOCK_FAILURES;
  const event = kind === "sign-in" ? (locked ? "sign-in-locked" : "sign-in-throttled") : locked ? "two-factor-locked" : "two-factor-throttled";
  await recordSecurityEvent(s.app.db, user.id, event, s.info, { failures });
  const sent = await s.mail(user.language, (ctx) => failedAttemptsMail(ctx, user.email, { kind, failures, locked, settingsUrl: `${ctx.baseUrl}/account-settings` }));
  if (!sent) log("warn", "failed-attempts mail not sent", { userId: user.id, kind });
}

// --- Known devices (OWASP device cookies) -----------------------------------------------

export const DEVICE_COOKIE = "known-device";

/** The device cookie of this browser for `userId`: its nonce, or null (none, forged, or another account's). */
export async function knownDeviceNonce(keys: AppKeys, request: Request, userId: number): Promise<string | null> {
  const value = await unsignValue(keys, readCookie(request, DEVICE_COOKIE));
  if (!value) return null;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{16,64})$/.exec(value);
  return match && Number(match[1]) === userId ? match[2]! : null;
}

/** Set-Cookie for a browser that has just signed in to `userId` (a fresh nonce each time). */
export async function deviceCookie(keys: AppKeys, request: Request, userId: number): Promise<string> {
  const value = await signValue(keys, `${userId}.${randomToken(18)}`);
  return serializeCookie(request, DEVICE_COOKIE, value, { maxAge: DEVICE_COOKIE_MAX_AGE_S });
}
