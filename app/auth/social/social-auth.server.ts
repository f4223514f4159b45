import { and, eq, sql } from "drizzle-orm";
import { forgetSignedInUser } from "../signed-in-cache.server";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { OAuth2Tokens } from "arctic";
import { SOCIAL_CONNECT_TTL_S } from "~/constants";
import { deleteCookie, parseCookies, readCookie, serializeCookie } from "~/http/cookies";
import { safeRedirectPath } from "~/http/redirects";
import { flashToastCookie } from "~/toasts/flash.server";
import { log } from "~/log/log.server";
import { randomToken, sha256, signValue, unsignValue } from "../crypto.server";
import { normalizeEmail } from "../email";
import { verifyPassword } from "../password.server";
import { checkRateLimits } from "../rate-limit.server";
import { recordSecurityEvent } from "../security-log.server";
import type { AuthServices } from "../services.server";
import { completeSignIn, signInAfterSocial, type SignInOutcome } from "../sign-in.server";
import { socialProfiles, users } from "../users.tables";
import { createUser, findUserByEmail, findUserById } from "../users.server";
import { consumeVerification, createVerification, findVerification } from "../verification.server";
import { parseProfile, providerConfig, type ProviderConfig, type SocialProfile } from "./providers.server";
import type { SocialAuthStatus, SocialService } from "./services";

/** Remembers, across the trip to the provider, what the visitor was doing. */
const INTENT_COOKIE = "social-intent";
/** Names the pending "enter your password to connect" step. */
export const SOCIAL_CONNECT_COOKIE = "social-connect";
const STATE_COOKIE_PREFIX = "oauth2-";

interface SocialIntent {
  service: SocialService;
  mode: "login" | "connect";
  popup: boolean;
  redirect: string | null;
}

export interface SocialResult {
  status: SocialAuthStatus;
  redirectTo: string;
  errorMessage?: string;
  headers: Headers;
}

/** remix-auth-oauth2 with the client credentials sent where each provider wants them. */
class ProviderStrategy extends OAuth2Strategy<OAuth2Tokens> {
  constructor(
    private config: ProviderConfig,
    private callbackUrl: string,
  ) {
    super(
      {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        authorizationEndpoint: config.authorizeUrl,
        tokenEndpoint: config.tokenUrl,
        redirectURI: callbackUrl,
        scopes: config.scopes,
        cookie: { name: `${STATE_COOKIE_PREFIX}${config.service}`, path: "/secure/auth/social" },
      },
      async ({ tokens }) => tokens,
    );
  }

  protected override async validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    if (!this.config.credentialsInBody) return super.validateAuthorizationCode(code, codeVerifier);
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: this.callbackUrl,
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
    });
    const response = await fetch(this.config.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !json || typeof json.access_token !== "string") {
      throw new Error(`token endpoint answered ${response.status}`);
    }
    return new OAuth2Tokens(json);
  }
}

function strategyFor(s: AuthServices, config: ProviderConfig) {
  return new ProviderStrategy(config, `${s.baseUrl}/secure/auth/social/${config.service}/callback`);
}

/**
 * Step 1: off to the provider. Returns the redirect (with the state/PKCE
 * cookie and our intent cookie), or an ERROR result when the provider is off.
 */
export async function startSocialAuth(s: AuthServices, service: SocialService, intent: Omit<SocialIntent, "service">): Promise<Response | SocialResult> {
  const config = providerConfig(s.env, service);
  if (!config || !s.app.settings[`social.${service}.enable`]) {
    return errorResult(s, intent, s.app.t("This sign-in method is not available."));
  }
  try {
    await strategyFor(s, config).authenticate(s.request);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const response = new Response(null, { status: 302, headers: thrown.headers });
      const value = await signValue(s.keys, btoa(JSON.stringify({ ...intent, service })).replace(/=+$/, ""));
      response.headers.append("Set-Cookie", serializeCookie(s.request, INTENT_COOKIE, value, { maxAge: 10 * 60, path: "/secure/auth/social" }));
      return response;
    }
    log("error", "social sign-in could not start", { service, error: String(thrown) });
  }
  return errorResult(s, intent, s.app.t("An error occurred. Please try again later"));
}

async function readIntent(s: AuthServices, service: SocialService): Promise<SocialIntent | null> {
  const raw = await unsignValue(s.keys, readCookie(s.request, INTENT_COOKIE));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(atob(raw)) as SocialIntent;
    if (parsed.service !== service || (parsed.mode !== "login" && parsed.mode !== "connect")) return null;
    return { service, mode: parsed.mode, popup: parsed.popup === true, redirect: typeof parsed.redirect === "string" ? parsed.redirect : null };
  } catch {
    return null;
  }
}

/** The intent cookie of a callback, when valid (so the callback page knows popup or full page). */
export async function callbackIntent(s: AuthServices, service: SocialService) {
  return (await readIntent(s, service)) ?? { service, mode: "login" as const, popup: false, redirect: null };
}

async function fetchProfile(config: ProviderConfig, accessToken: string): Promise<SocialProfile | null> {
  const get = async (url: string) => {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`user info answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const body = await get(config.userinfoUrl);
  const extra = config.emailUrl ? await get(config.emailUrl).catch(() => ({})) : {};
  return parseProfile(config.service, body, extra);
}

/**
 * Step 2: the provider sent the visitor back. Exchanges the code, reads the
 * profile and decides: sign in, connect, create an account, ask for the
 * existing account's password, or fail.
 */
export async function finishSocialAuth(s: AuthServices, service: SocialService): Promise<SocialResult> {
  const intent = await callbackIntent(s, service);
  const config = providerConfig(s.env, service);
  if (!config || !s.app.settings[`social.${service}.enable`]) {
    return errorResult(s, intent, s.app.t("This sign-in method is not available."));
  }
  let profile: SocialProfile | null;
  try {
    const tokens = await strategyFor(s, config).authenticate(s.request);
    profile = await fetchProfile(config, tokens.accessToken());
  } catch (error) {
    log("warn", "social sign-in failed at the provider step", { service, error: String(error) });
    return errorResult(s, intent, s.app.t("An error occurred. Please try again later"));
  }
  if (!profile) return errorResult(s, intent, s.app.t("An error occurred. Please try again later"));

  const db = s.app.db;
  const [linked] = await db
    .select({ userId: socialProfiles.userId })
    .from(socialProfiles)
    .where(and(eq(socialProfiles.serviceName, service), eq(socialProfiles.userServiceId, profile.id)))
    .limit(1);

  if (intent.mode === "connect") {
    const current = s.app.user;
    if (!current) return errorResult(s, intent, s.app.t("You need to sign in first."));
    if (linked && linked.userId !== current.id) {
      return errorResult(s, intent, s.app.t("This :service account is already connected to another user.", { service: labelOf(service) }));
    }
    if (!linked) await linkProfile(s, current.id, service, profile);
    const connected = result(s, intent, "SUCCESS", safeRedirectPath(intent.redirect, "/account-settings"));
    // The popup's opener shows its own toast; a whole-page trip gets it on the page it returns to.
    if (!intent.popup) {
      connected.headers.append("Set-Cookie", flashToastCookie(s.request, { message: s.app.t("Enabled :service account", { service: labelOf(service) }) }));
    }
    return connected;
  }

  if (s.app.user) return result(s, intent, "ALREADY_LOGGED_IN", safeRedirectPath(intent.redirect, "/"));

  if (linked) {
    const user = await findUserById(db, linked.userId);
    if (!user) return errorResult(s, intent, s.app.t("An error occurred. Please try again later"));
    return fromSignIn(s, intent, await signInAfterSocial(s, user, { redirect: intent.redirect, method: `social:${service}` }));
  }

  if (!profile.email) {
    return errorResult(s, intent, s.app.t("Your :service account did not share an email address.", { service: labelOf(service) }));
  }
  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    // Linking to an existing account needs that account's password (REQUEST_PASSWORD).
    const handle = randomToken(32);
    await createVerification(db, {
      type: "social-connect",
      target: await sha256(handle),
      userId: existing.id,
      secret: handle,
      ttlSeconds: SOCIAL_CONNECT_TTL_S,
      data: { service, profile, redirect: intent.redirect },
    });
    const res = result(s, intent, "REQUEST_PASSWORD", "/login?social=connect");
    res.headers.append("Set-Cookie", serializeCookie(s.request, SOCIAL_CONNECT_COOKIE, await signValue(s.keys, handle), { maxAge: SOCIAL_CONNECT_TTL_S }));
    return res;
  }

  if (s.app.settings["registration.disable"]) {
    return errorResult(s, intent, s.app.t("Registration is currently disabled."));
  }
  const user = await createUser(db, {
    email: profile.email,
    passwordHash: null,
    firstName: profile.firstName,
    lastName: profile.lastName,
    avatar: profile.avatar,
    language: s.app.language,
    emailVerified: profile.emailVerified,
  });
  if (!user) return errorResult(s, intent, s.app.t("An error occurred. Please try again later"));
  await linkProfile(s, user.id, service, profile);
  await recordSecurityEvent(db, user.id, "registered", s.info, { via: service });
  return fromSignIn(s, intent, await completeSignIn(s, user, { remember: true, redirect: intent.redirect, method: `social:${service}` }));
}

/** The pending social link named by the social-connect cookie, for the password form. */
export async function readPendingSocialConnect(s: AuthServices) {
  const handle = await unsignValue(s.keys, readCookie(s.request, SOCIAL_CONNECT_COOKIE));
  if (!handle) return null;
  const target = await sha256(handle);
  const row = await findVerification(s.app.db, "social-connect", target);
  if (!row?.userId) return null;
  const data = row.data as { service: SocialService; profile: SocialProfile; redirect: string | null };
  return { handle, target, userId: row.userId, service: data.service, email: data.profile.email, redirect: data.redirect };
}

export type ConnectOutcome = SignInOutcome | { status: "expired" } | { status: "wrong-password" };

/** "Enter existing account password": proves the account is theirs, links the provider and signs in. */
export async function connectWithPassword(s: AuthServices, password: string): Promise<ConnectOutcome> {
  const pending = await readPendingSocialConnect(s);
  if (!pending) return { status: "expired" };
  const user = await findUserById(s.app.db, pending.userId);
  if (!user) return { status: "expired" };
  const limited = await checkRateLimits(s.limiter, [
    ["login:ip", s.info.ipAddress ?? "unknown"],
    ["login:account", normalizeEmail(user.email)],
  ]);
  if (!limited.ok) return { status: "rate-limited", retryAfter: limited.retryAfter };
  const check = await verifyPassword(password, user.password);
  if (!check.ok) {
    await recordSecurityEvent(s.app.db, user.id, "sign-in-failed", s.info, { via: pending.service });
    return { status: "wrong-password" };
  }
  const consumed = await consumeVerification(s.app.db, { type: "social-connect", target: pending.target, secret: pending.handle });
  if (!consumed.ok) return { status: "expired" };
  const data = consumed.row.data as { profile: SocialProfile };
  await linkProfile(s, user.id, pending.service, data.profile);
  const outcome = await signInAfterSocial(s, user, { redirect: pending.redirect, method: `social:${pending.service}` });
  if (outcome.status === "signed-in" || outcome.status === "two-factor") {
    outcome.headers.append("Set-Cookie", deleteCookie(s.request, SOCIAL_CONNECT_COOKIE));
  }
  return outcome;
}

export type DisconnectOutcome = "disconnected" | "not-connected" | "last-sign-in-method";

/**
 * Unlinks a provider. Refused when it is the account's last way to sign in
 * (no password and no other provider): checked in the same statement as the
 * delete, so two disconnects racing cannot both succeed.
 */
export async function disconnectSocial(s: AuthServices, userId: number, service: SocialService): Promise<DisconnectOutcome> {
  const removed = await s.app.db
    .delete(socialProfiles)
    .where(
      and(
        eq(socialProfiles.userId, userId),
        eq(socialProfiles.serviceName, service),
        sql`(EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.password IS NOT NULL)
          OR EXISTS (SELECT 1 FROM social_profiles o WHERE o.user_id = ${userId} AND o.service_name <> ${service}))`,
      ),
    )
    .returning({ id: socialProfiles.id });
  if (removed.length) {
    await recordSecurityEvent(s.app.db, userId, "social-disconnected", s.info, { service });
    return "disconnected";
  }
  const [linked] = await s.app.db
    .select({ id: socialProfiles.id })
    .from(socialProfiles)
    .where(and(eq(socialProfiles.userId, userId), eq(socialProfiles.serviceName, service)))
    .limit(1);
  return linked ? "last-sign-in-method" : "not-connected";
}

async function linkProfile(s: AuthServices, userId: number, service: SocialService, profile: SocialProfile) {
  await s.app.db
    .insert(socialProfiles)
    .values({ userId, serviceName: service, userServiceId: profile.id, username: profile.username })
    .onConflictDoUpdate({
      target: [socialProfiles.userId, socialProfiles.serviceName],
      set: { userServiceId: profile.id, username: profile.username },
    });
  // A provider that vouches for the address verifies it.
  if (profile.emailVerified && profile.email) {
    const user = await findUserById(s.app.db, userId);
    if (user && !user.emailVerifiedAt && normalizeEmail(profile.email) === user.email) {
      await s.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    }
  }
  await recordSecurityEvent(s.app.db, userId, "social-connected", s.info, { service });
  // The provider's callback is a GET: drop the user's kept copies (decision 028).
  forgetSignedInUser(userId);
}

function labelOf(service: SocialService) {
  return { google: "Google", facebook: "Facebook", twitter: "X", envato: "Envato" }[service];
}

function fromSignIn(s: AuthServices, intent: SocialIntent, outcome: SignInOutcome): SocialResult {
  if (outcome.status === "signed-in") {
    const res = result(s, intent, "SUCCESS", outcome.redirectTo);
    for (const cookie of outcome.headers.getSetCookie()) res.headers.append("Set-Cookie", cookie);
    return res;
  }
  if (outcome.status === "two-factor") {
    const res = result(s, intent, "SUCCESS", "/login?two_factor=1");
    for (const cookie of outcome.headers.getSetCookie()) res.headers.append("Set-Cookie", cookie);
    return res;
  }
  if (outcome.status === "banned") return errorResult(s, intent, s.app.t("This account has been suspended."));
  return errorResult(s, intent, s.app.t("An error occurred. Please try again later"));
}

function result(s: AuthServices, _intent: Pick<SocialIntent, "popup">, status: SocialAuthStatus, redirectTo: string): SocialResult {
  const headers = new Headers();
  // The state and intent cookies have done their job.
  for (const name of parseCookies(s.request.headers.get("Cookie")).keys()) {
    if (name.startsWith(STATE_COOKIE_PREFIX)) headers.append("Set-Cookie", `${name}=; Path=/secure/auth/social; Max-Age=0; SameSite=Lax; HttpOnly`);
  }
  headers.append("Set-Cookie", serializeCookie(s.request, INTENT_COOKIE, "", { maxAge: 0, path: "/secure/auth/social" }));
  return { status, redirectTo, headers };
}

function errorResult(s: AuthServices, intent: Pick<SocialIntent, "popup">, message: string): SocialResult {
  return { ...result(s, intent, "ERROR", "/login"), errorMessage: message };
}

/** Why a provider cannot be disconnected (an English key with :service). */
export const lastSignInMethodMessage = "Your :service account is the only way to sign in to this account. Set a password first, then disable it.";
