import { redirect } from "react-router";
import type { AppContext, WorkerContext } from "~/request/context";
import { log } from "~/log/log.server";
import { clearSessionCookie, touchSession } from "./sessions.server";

/** Paths a signed-in user with an unverified e-mail may still reach. */
const UNVERIFIED_ALLOWED = [
  /^\/verify-email$/,
  // The mailed "finish creating your account" link verifies the address (decision 021).
  /^\/register\/finish\/[\w.-]{1,128}$/,
  /^\/auth\/logout$/,
  /^\/api\/v1\/(resend-email-verification|validate-email-verification-otp|bootstrap-data)$/,
  /^\/resources\//,
  /^\/dev\/mailbox(\.json)?$/,
  /^\/robots\.txt$/,
  // A workspace invitation link proves the mailbox itself (app/workspaces/invitations.server.ts).
  /^\/workspace\/invite\/[\w-]{1,64}$/,
];

export function needsEmailVerification(app: Pick<AppContext, "user" | "settings">) {
  return Boolean(app.user && app.settings["registration.require_email_confirmation"] && !app.user.emailVerifiedAt);
}

export function isApiPath(pathname: string) {
  return pathname.startsWith("/api/") || (/^\/(auth|secure)\/.+/.test(pathname) && !pathname.startsWith("/secure/auth/social/"));
}

/**
 * With e-mail confirmation on, a user without a verified
 * address sees only the "Verify your email" screen, whatever they open.
 * Pages redirect there (and come back afterwards); API calls get 403.
 */
export function enforceEmailVerification(app: AppContext, url: URL) {
  if (!needsEmailVerification(app)) return;
  if (UNVERIFIED_ALLOWED.some((re) => re.test(url.pathname))) return;
  if (isApiPath(url.pathname)) {
    throw Response.json({ message: app.t("Please verify your email address first."), status: "needs_email_verification" }, { status: 403 });
  }
  const back = url.pathname + url.search;
  throw redirect(back === "/" ? "/verify-email" : `/verify-email?redirect=${encodeURIComponent(back)}`);
}

/**
 * After the route answered: a guest whose page load ended in 401 or 403 is
 * sent to sign in; a stale session cookie is deleted; the
 * session's last activity is recorded without delaying the response.
 */
export function afterAuthResponse(app: AppContext, worker: WorkerContext, request: Request, url: URL, response: Response, staleCookie: boolean): Response {
  if (app.session) {
    const touch = touchSession(app.db, app.session);
    if (touch) {
      worker.ctx.waitUntil(Promise.resolve(touch).catch((error: unknown) => log("warn", "session touch failed", { error: String(error) })));
    }
  }
  let result = response;
  if (!app.user && (response.status === 401 || response.status === 403) && (request.method === "GET" || request.method === "HEAD") && !isApiPath(url.pathname)) {
    result = redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (staleCookie) {
    result = new Response(result.body, result);
    result.headers.append("Set-Cookie", clearSessionCookie(request));
  }
  return result;
}
