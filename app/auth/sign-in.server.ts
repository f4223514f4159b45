import { and, eq, inArray, or, sql } from "drizzle-orm";
import { ONBOARDING_SELECTION_COOKIE, TWO_FACTOR_CHALLENGE_TTL_S } from "~/constants";
import type { Database } from "~/db/client.server";
import { deleteCookie, readCookie, serializeCookie } from "~/http/cookies";
import { safeRedirectPath } from "~/http/redirects";
import { notify } from "~/notifications/deliver.server";
import { newDeviceMessage } from "~/notifications/messages.server";
import { notificationServicesFor } from "~/notifications/services.server";
import { errorFields, log } from "~/log/log.server";
import { randomToken, sha256, signValue, unsignValue } from "./crypto.server";
import { normalizeEmail } from "./email";
import { hashPassword, verifyPassword } from "./password.server";
import { checkThrottle, clearFailures, deviceCookie, knownDeviceNonce, recordFailure, warnOwner } from "./attempt-throttle.server";
import { checkRateLimits } from "./rate-limit.server";
import { permissions, rolePermissions } from "./roles.tables";
import { securityLog } from "./security-log.tables";
import { recordSecurityEvent } from "./security-log.server";
import type { AuthServices } from "./services.server";
import { clearSessionCookie, createSession, deleteSession } from "./sessions.server";
import { hasTwoFactor, useRecoveryCode, verifyTotpForUser } from "./two-factor.server";
import { userPermissions, userRoles, type users } from "./users.tables";
import { findUserByEmail, findUserById, setPasswordHash } from "./users.server";
import { countFailedAttempt, createVerification, deleteVerification, findVerification } from "./verification.server";
import { VERIFICATION_MAX_ATTEMPTS } from "~/constants";

export const TWO_FACTOR_CHALLENGE_COOKIE = "two-factor-challenge";

type UserRow = typeof users.$inferSelect;

export type SignInOutcome =
  | { status: "signed-in"; headers: Headers; redirectTo: string; userId: number; sessionId: string }
  | { status: "two-factor"; headers: Headers }
  | { status: "invalid" }
  | { status: "banned" }
  | { status: "rate-limited"; retryAfter: number };

/**
 * E-mail and password sign-in. Whatever goes wrong (no such account, wrong
 * password, social-only account) the answer is the same "invalid" and takes
 * the same time, so it never tells whether an address is registered.
 */
export async function signInWithPassword(s: AuthServices, input: { email: string; password: string; remember: boolean; redirect?: string }): Promise<SignInOutcome> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(s.app.db, email);
  // A browser that signed in to this account before (device cookie) is throttled on its own (decision 021).
  const device = user ? await knownDeviceNonce(s.keys, s.request, user.id) : null;
  const limited = await checkRateLimits(s.limiter, [["login:ip", s.info.ipAddress ?? "unknown"], ...(device ? [] : [["login:account", email] as ["login:account", string]])]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  // Progressive back-off per address (known or not, so the answer tells nothing): refused before the password is checked.
  const subject = device ? `device:${device}` : email;
  const throttle = await checkThrottle(s.app.db, subject, "sign-in");
  if (!throttle.ok) return { status: "rate-limited", retryAfter: throttle.retryAfter };

  const check = await verifyPassword(input.password, user?.password);
  if (!user || !check.ok) {
    const failures = await recordFailure(s.app.db, subject, "sign-in");
    if (user) {
      await recordSecurityEvent(s.app.db, user.id, "sign-in-failed", s.info);
      await warnOwner(s, user, "sign-in", failures);
    }
    return { status: "invalid" };
  }
  await clearFailures(s.app.db, subject, "sign-in");
  if (user.bannedAt) return { status: "banned" };
  if (check.needsRehash) await setPasswordHash(s.app.db, user.id, await hashPassword(input.password));

  if (hasTwoFactor(user)) return startTwoFactorChallenge(s, user, { remember: input.remember, redirect: input.redirect });
  return completeSignIn(s, user, { remember: input.remember, redirect: input.redirect, method: "password" });
}

/** Password (or provider) accepted; the two-factor step comes next. */
async function startTwoFactorChallenge(s: AuthServices, user: UserRow, options: { remember: boolean; redirect?: string | null }): Promise<SignInOutcome> {
  const handle = randomToken(32);
  await createVerification(s.app.db, {
    type: "two-factor-login",
    target: await sha256(handle),
    userId: user.id,
    secret: handle,
    ttlSeconds: TWO_FACTOR_CHALLENGE_TTL_S,
    data: { remember: options.remember, redirect: options.redirect ?? null },
  });
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie(s.request, TWO_FACTOR_CHALLENGE_COOKIE, await signValue(s.keys, handle), { maxAge: TWO_FACTOR_CHALLENGE_TTL_S }));
  return { status: "two-factor", headers };
}

/** Sign-in through a provider: the account's two-factor step still applies. */
export function signInAfterSocial(s: AuthServices, user: UserRow, options: { redirect?: string | null; method: string }) {
  if (user.bannedAt) return Promise.resolve<SignInOutcome>({ status: "banned" });
  if (hasTwoFactor(user)) return startTwoFactorChallenge(s, user, { remember: true, redirect: options.redirect });
  return completeSignIn(s, user, { remember: true, redirect: options.redirect, method: options.method });
}

/** The pending two-factor sign-in named by the challenge cookie, or null. */
export async function readTwoFactorChallenge(s: AuthServices) {
  const handle = await unsignValue(s.keys, readCookie(s.request, TWO_FACTOR_CHALLENGE_COOKIE));
  if (!handle) return null;
  const target = await sha256(handle);
  const row = await findVerification(s.app.db, "two-factor-login", target);
  return row?.userId ? { row, target, userId: row.userId } : null;
}

export type TwoFactorOutcome = SignInOutcome | { status: "expired" } | { status: "wrong-code"; field: "code" | "recovery_code" };

/** Second step of a sign-in: a TOTP code or a single-use recovery code. */
export async function completeTwoFactorChallenge(s: AuthServices, input: { code?: string; recovery_code?: string }): Promise<TwoFactorOutcome> {
  const challenge = await readTwoFactorChallenge(s);
  if (!challenge) return { status: "expired" };
  const limited = await checkRateLimits(s.limiter, [
    ["two-factor:ip", s.info.ipAddress ?? "unknown"],
    ["two-factor:account", String(challenge.userId)],
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  // Per account over a day, whatever challenge the codes came with (a new sign-in starts a new one): back-off, then the lock.
  const subject = `user:${challenge.userId}`;
  const throttle = await checkThrottle(s.app.db, subject, "two-factor");
  if (!throttle.ok) {
    if (throttle.locked) await deleteVerification(s.app.db, "two-factor-login", challenge.target);
    return { status: "rate-limited", retryAfter: throttle.retryAfter };
  }

  const user = await findUserById(s.app.db, challenge.userId);
  if (!user || !hasTwoFactor(user)) {
    await deleteVerification(s.app.db, "two-factor-login", challenge.target);
    return { status: "expired" };
  }
  const field = input.recovery_code ? "recovery_code" : "code";
  const ok = input.recovery_code ? await useRecoveryCode(s.app.db, user, input.recovery_code) : await verifyTotpForUser(s.app.db, s.keys, user, input.code ?? "");
  if (!ok) {
    const [, , failures] = await Promise.all([
      countFailedAttempt(s.app.db, challenge.row.id),
      recordSecurityEvent(s.app.db, user.id, "two-factor-failed", s.info),
      recordFailure(s.app.db, subject, "two-factor"),
    ]);
    await warnOwner(s, user, "two-factor", failures);
    if (challenge.row.attempts + 1 >= VERIFICATION_MAX_ATTEMPTS) {
      await deleteVerification(s.app.db, "two-factor-login", challenge.target);
      return { status: "expired" };
    }
    return { status: "wrong-code", field };
  }
  await deleteVerification(s.app.db, "two-factor-login", challenge.target);
  await clearFailures(s.app.db, subject, "two-factor");
  if (input.recovery_code) await recordSecurityEvent(s.app.db, user.id, "recovery-code-used", s.info);
  const data = (challenge.row.data ?? {}) as { remember?: boolean; redirect?: string | null };
  const outcome = await completeSignIn(s, user, {
    remember: data.remember === true,
    redirect: data.redirect ?? undefined,
    method: input.recovery_code ? "recovery-code" : "two-factor",
  });
  if (outcome.status === "signed-in") outcome.headers.append("Set-Cookie", deleteCookie(s.request, TWO_FACTOR_CHALLENGE_COOKIE));
  return outcome;
}

/**
 * The user proved who they are: start a session, log it, and warn them by
 * mail when this device has never signed in to their account before.
 */
export async function completeSignIn(s: AuthServices, user: UserRow, options: { remember: boolean; redirect?: string | null; method: string; alertNewDevice?: boolean }): Promise<SignInOutcome> {
  if (user.bannedAt) return { status: "banned" };
  const db = s.app.db;
  const history = await deviceHistory(db, user.id, s.info);
  const session = await createSession(db, s.keys, s.request, { userId: user.id, remember: options.remember, info: s.info });
  await recordSecurityEvent(db, user.id, "sign-in", s.info, { method: options.method });
  if (history.signedInBefore && !history.knownDevice && options.alertNewDevice !== false) {
    const place = [s.info.city, s.info.country].filter(Boolean).join(", ");
    const device = [s.info.browser, s.info.platform].filter(Boolean).join(" on ");
    // A notification (in-app, mail, browser: as the user chose), delivered after the response.
    s.worker.ctx.waitUntil(
      Promise.resolve()
        .then(() =>
          notify(
            notificationServicesFor(s.app, s.worker, s.request),
            [{ id: user.id, email: user.email, language: user.language }],
            newDeviceMessage({ device, place, ip: s.info.ipAddress, time: new Date() }),
          ),
        )
        .catch((error: unknown) => log("error", "new-device notification failed", { userId: user.id, ...errorFields(error) })),
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", session.cookie);
  // This browser is now a known device of the account (decision 021).
  headers.append("Set-Cookie", await deviceCookie(s.keys, s.request, user.id));
  return {
    status: "signed-in",
    headers,
    redirectTo: await postLoginRedirect(s, user.id, options.redirect),
    userId: user.id,
    sessionId: session.id,
  };
}

async function deviceHistory(db: Database, userId: number, info: AuthServices["info"]) {
  const [row] = await db
    .select({
      any: sql<number>`count(*)`,
      known: sql<number>`sum(CASE WHEN ${securityLog.deviceType} IS ${info.deviceType} AND ${securityLog.platform} IS ${info.platform} AND ${securityLog.browser} IS ${info.browser} THEN 1 ELSE 0 END)`,
    })
    .from(securityLog)
    .where(and(eq(securityLog.userId, userId), eq(securityLog.event, "sign-in")));
  return { signedInBefore: Number(row?.any ?? 0) > 0, knownDevice: Number(row?.known ?? 0) > 0 };
}

/** Does the user hold this permission (or "admin") through a role or directly? */
export async function userHasPermission(db: Database, userId: number, name: string) {
  const names = [name, "admin"];
  const [viaRole] = await db
    .select({ one: sql<number>`1` })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(userRoles.userId, userId), inArray(permissions.name, names)))
    .limit(1);
  if (viaRole) return true;
  const [direct] = await db
    .select({ one: sql<number>`1` })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(and(eq(userPermissions.userId, userId), or(...names.map((n) => eq(permissions.name, n)))))
    .limit(1);
  return Boolean(direct);
}

const AUTH_PAGES = /^\/(login|register|forgot-password|password\/reset|verify-email|workspace\/join\/(login|register))(\/|\?|$)/;

/**
 * Where a user goes after signing in: a safe `redirect`
 * (same origin only), else a plan chosen before signing in (checkout), else
 * /admin for admins, else the configured default, else /.
 */
export async function postLoginRedirect(s: AuthServices, userId: number, requested?: string | null) {
  const safe = safeRedirectPath(requested, "");
  if (safe && !AUTH_PAGES.test(safe)) return safe;
  if (s.app.settings["billing.enable"]) {
    const selection = readCookie(s.request, ONBOARDING_SELECTION_COOKIE);
    const match = selection ? /^(\d{1,12}):(\d{1,12})$/.exec(selection) : null;
    if (match) return `/checkout/${match[1]}/${match[2]}`;
  }
  if (await userHasPermission(s.app.db, userId, "admin.access")) return "/admin";
  return safeRedirectPath(s.app.settings["auth.default_redirect"], "/");
}

/** Logout: the session row is deleted, so the cookie is worthless even if kept. */
export async function signOut(s: AuthServices) {
  const headers = new Headers();
  if (s.app.session && s.app.user) {
    await Promise.all([deleteSession(s.app.db, s.app.session.id), recordSecurityEvent(s.app.db, s.app.user.id, "sign-out", s.info)]);
  }
  headers.append("Set-Cookie", clearSessionCookie(s.request));
  return headers;
}
