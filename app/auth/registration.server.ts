import { eq } from "drizzle-orm";
import { REGISTRATION_LINK_TTL_S } from "~/constants";
import { isUniqueViolation } from "~/db/change-recorder";
import { safeRedirectPath } from "~/http/redirects";
import { existingAccountMail, registrationLinkMail } from "~/mail/templates";
import { randomToken, sha256, timingSafeEqual } from "./crypto.server";
import { afterTheAnswer } from "./after-answer.server";
import { normalizeEmail } from "./email";
import { humanCheckEnabled } from "./human-check.server";
import { hashPassword } from "./password.server";
import { checkRateLimits } from "./rate-limit.server";
import { recordSecurityEvent } from "./security-log.server";
import type { AuthServices } from "./services.server";
import { deleteUserSessions } from "./sessions.server";
import { completeSignIn } from "./sign-in.server";
import { users } from "./users.tables";
import { createUser, findUserByEmail, findUserById } from "./users.server";
import { usernameTaken, usernameTakenForRegistration } from "./usernames.server";
import { consumeVerification, createVerification, findVerification } from "./verification.server";

export type RegisterOutcome =
  | { status: "disabled" }
  | { status: "rate-limited"; retryAfter: number }
  | { status: "human-check-failed" }
  /** The username belongs to another account (decision 043): a field message, nothing stored. */
  | { status: "username-taken" }
  /** The only answer once the form is accepted, whether the address had an account or not. */
  | { status: "check-email"; email: string }
  /** Only for a new account whose address an invitation link already proved (see `addressProven`). */
  | { status: "signed-in"; headers: Headers; redirectTo: string };

/** What the mailed link carries to the moment it is followed. */
interface PendingRegistration {
  passwordHash: string;
  username?: string;
  /** SHA-256 of the registering browser's nonce cookie: that browser finishes without a click (decision 043). */
  browserHash?: string;
  firstName: string | null;
  lastName: string | null;
  redirect: string | null;
}

/**
 * Registration never signs in (decision 021). A new
 * address and one that has an account get the same answer after the same
 * work (a password hash and one insert-or-nothing batch); what differs runs
 * after the answer went out:
 * - a new address, or one whose account was never verified, is mailed a
 *   link that verifies it and signs in (`finishRegistration`);
 * - the owner of a verified account is told someone tried to register with
 *   their address, with links to sign in and to reset the password.
 * Nothing is stored when the human check fails.
 */
export async function register(
  s: AuthServices,
  input: { email: string; username: string; password: string; first_name?: string; last_name?: string; redirect?: string },
  humanCheckToken: FormDataEntryValue | null,
  /**
   * The address is already proven (a workspace invitation's token, which
   * went only to that mailbox): a new account is verified and signed in at
   * once. Only the mailbox's owner can see this differ from the usual answer.
   */
  { addressProven = false, browserNonce = null }: { addressProven?: boolean; browserNonce?: string | null } = {},
): Promise<RegisterOutcome> {
  const { settings } = s.app;
  if (settings["registration.disable"]) return { status: "disabled" };
  const email = normalizeEmail(input.email);
  const limited = await checkRateLimits(s.limiter, [
    ["register:ip", s.info.ipAddress ?? "unknown"],
    ["register:account", email],
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  if (humanCheckEnabled(settings, s.env, "register")) {
    const token = typeof humanCheckToken === "string" ? humanCheckToken : "";
    if (!(await s.humanCheck.verify(token, s.info.ipAddress))) return { status: "human-check-failed" };
  }
  // Usernames are public (profile addresses), so saying one is taken tells nothing about the e-mail; the
  // check runs for a new address and a taken one alike (decision 043).
  const username = input.username.toLowerCase();
  if (await usernameTakenForRegistration(s.app.db, username, email)) return { status: "username-taken" };
  const pending: PendingRegistration = {
    passwordHash: await hashPassword(input.password),
    username,
    ...(browserNonce ? { browserHash: await sha256(browserNonce) } : {}),
    firstName: input.first_name || null,
    lastName: input.last_name || null,
    redirect: safeRedirectPath(input.redirect, "") || null,
  };
  const newUser = {
    email,
    passwordHash: pending.passwordHash,
    firstName: pending.firstName,
    lastName: pending.lastName,
    username,
    language: s.app.language,
    emailVerified: addressProven,
  };
  if (addressProven) {
    // The invitation's token already proved the address (its holder knows it is theirs): sign in at once.
    const created = await createUser(s.app.db, newUser);
    if (created) {
      await recordSecurityEvent(s.app.db, created.id, "registered", s.info, { via: "workspace-invitation" });
      const signedIn = await completeSignIn(s, created, { remember: true, redirect: pending.redirect, method: "registration", alertNewDevice: false });
      if (signedIn.status === "signed-in") return { status: "signed-in", headers: signedIn.headers, redirectTo: signedIn.redirectTo };
    }
  }
  // Everything that depends on the address, even creating the account (a new row costs D1 more than
  // an insert that finds the address taken), happens after the answer (decision 021): before it,
  // both paths do the same rate-limit writes and one password hash, nothing else.
  afterTheAnswer(s, "registration", async () => {
    const created = addressProven ? null : await createUser(s.app.db, newUser);
    const account = await findUserByEmail(s.app.db, email);
    if (!account || account.bannedAt) return;
    if (created?.id === account.id) {
      await recordSecurityEvent(s.app.db, account.id, "registered", s.info);
      await sendRegistrationLink(s, account, pending);
      return;
    }
    if (!account.emailVerifiedAt) {
      // Never verified: registering again simply mails a fresh link (the old one stops working).
      await sendRegistrationLink(s, account, pending);
      return;
    }
    await recordSecurityEvent(s.app.db, account.id, "registration-attempt-existing", s.info);
    await s.mail(account.language, (ctx) => existingAccountMail(ctx, account.email, { login: `${ctx.baseUrl}/login`, reset: `${ctx.baseUrl}/forgot-password` }));
  });
  return { status: "check-email", email };
}

async function sendRegistrationLink(s: AuthServices, user: { id: number; email: string; language: string | null }, pending: PendingRegistration) {
  const secret = randomToken(32);
  await createVerification(s.app.db, {
    type: "registration",
    target: String(user.id),
    userId: user.id,
    secret,
    ttlSeconds: REGISTRATION_LINK_TTL_S,
    data: { ...pending },
  });
  // Links come from the configured base URL, never the Host header (decision 021).
  await s.mail(user.language ?? s.app.language, (ctx) => registrationLinkMail(ctx, user.email, `${ctx.baseUrl}/register/finish/${user.id}.${secret}`, Math.round(REGISTRATION_LINK_TTL_S / 3600)));
}

function parseLinkToken(token: string) {
  const match = /^(\d{1,12})\.([\w-]{20,100})$/.exec(token);
  return match ? { userId: match[1]!, secret: match[2]! } : null;
}

/**
 * Does the mailed link still work? Looks only: a mail scanner opening the link uses nothing up.
 * `sameBrowser`: the browser that registered opened it (its nonce cookie matches), so it may
 * finish at once, without a click (decision 043).
 */
export async function registrationLinkIsValid(s: AuthServices, token: string, browserNonce: string | null = null) {
  const parsed = parseLinkToken(token);
  if (!parsed) return null;
  const row = await findVerification(s.app.db, "registration", parsed.userId);
  if (!row || !timingSafeEqual(await sha256(parsed.secret), row.secretHash)) return null;
  const user = await findUserById(s.app.db, Number(parsed.userId));
  if (!user || user.bannedAt) return null;
  const browserHash = (row.data as Partial<PendingRegistration> | null)?.browserHash;
  const sameBrowser = Boolean(browserNonce && browserHash && timingSafeEqual(await sha256(browserNonce), browserHash));
  return { email: user.email, sameBrowser };
}

export type FinishOutcome = { status: "invalid" } | { status: "signed-in"; headers: Headers; redirectTo: string };

/**
 * The link was followed: the address is proven. It is verified, the password
 * chosen in the latest registration becomes the account's (so whoever started
 * an unverified account with someone else's address cannot keep a way in),
 * any earlier session ends, and the person is signed in.
 */
export async function finishRegistration(s: AuthServices, token: string): Promise<FinishOutcome> {
  const parsed = parseLinkToken(token);
  if (!parsed) return { status: "invalid" };
  const result = await consumeVerification(s.app.db, { type: "registration", target: parsed.userId, secret: parsed.secret });
  if (!result.ok) return { status: "invalid" };
  const user = await findUserById(s.app.db, Number(parsed.userId));
  if (!user || user.bannedAt) return { status: "invalid" };
  const pending = (result.row.data ?? {}) as Partial<PendingRegistration>;
  const now = new Date();
  const changes = {
    emailVerifiedAt: user.emailVerifiedAt ?? now,
    updatedAt: now,
    ...(pending.passwordHash ? { password: pending.passwordHash } : {}),
    ...(pending.firstName !== undefined ? { firstName: pending.firstName } : {}),
    ...(pending.lastName !== undefined ? { lastName: pending.lastName } : {}),
    // Registering again before verifying may pick another username: kept if still free.
    ...(pending.username && pending.username !== user.username && !(await usernameTaken(s.app.db, pending.username, user.id)) ? { username: pending.username } : {}),
  };
  try {
    await s.app.db.update(users).set(changes).where(eq(users.id, user.id));
  } catch (error) {
    // Another account took the new username meanwhile: the account keeps the one it has.
    if (!isUniqueViolation(error) || !("username" in changes)) throw error;
    delete (changes as { username?: string }).username;
    await s.app.db.update(users).set(changes).where(eq(users.id, user.id));
  }
  await deleteUserSessions(s.app.db, user.id, null);
  await recordSecurityEvent(s.app.db, user.id, "email-verified", s.info, { via: "registration-link" });
  const signedIn = await completeSignIn(s, { ...user, ...changes }, { remember: true, redirect: pending.redirect ?? null, method: "registration", alertNewDevice: false });
  if (signedIn.status !== "signed-in") return { status: "invalid" };
  return { status: "signed-in", headers: signedIn.headers, redirectTo: signedIn.redirectTo };
}
