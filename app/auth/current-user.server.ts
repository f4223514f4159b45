import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { readCookie } from "~/http/cookies";
import { appContext } from "~/request/context";
import { acceptsBearerTokens, bearerTokenOf, loadTokenUser } from "./access-tokens.server";
import { appKeys } from "./crypto.server";
import { authEnv } from "../request/env";
import { readSessionId, SESSION_COOKIE } from "./sessions.server";
import { loadSignedInKept } from "./signed-in-cache.server";
import { loadSignedIn } from "./users.server";

/**
 * Resolves the visitor from the signed session cookie, or on api/v1 from an
 * `Authorization: Bearer` API token (which then wins over any cookie).
 * `staleCookie` is true when a cookie was sent but names no live session
 * (forged, expired, ended elsewhere): the response should delete it.
 * `rejectedToken` is true when bearer credentials were sent and are not a
 * live token: the request is answered 401, never served as a guest.
 * `keep` (GET and HEAD only) lets a session's visitor come from this
 * isolate's copy of at most SIGNED_IN_CACHE_TTL_MS (decision 028).
 */
export async function loadCurrentUser(env: Env, db: Database, request: Request, { defer, keep = false }: { defer?: (work: Promise<unknown>) => void; keep?: boolean } = {}) {
  const bearer = acceptsBearerTokens(new URL(request.url).pathname) ? bearerTokenOf(request) : undefined;
  if (bearer !== undefined) {
    const signedIn = bearer === null ? null : await loadTokenUser(db, bearer, { defer });
    return { signedIn, staleCookie: false, viaToken: true, rejectedToken: signedIn === null, tokenScopes: signedIn?.tokenScopes ?? [] };
  }
  if (!readCookie(request, SESSION_COOKIE)) return { signedIn: null, staleCookie: false, viaToken: false, rejectedToken: false };
  const keys = await appKeys(authEnv(env).APP_KEY);
  const sessionId = await readSessionId(request, keys);
  if (!sessionId) return { signedIn: null, staleCookie: true, viaToken: false, rejectedToken: false };
  // GET and HEAD may use this isolate's copy of a few seconds (decision 028); writes always read fresh.
  const signedIn = keep ? await loadSignedInKept(db, sessionId) : await loadSignedIn(db, sessionId);
  return { signedIn, staleCookie: signedIn === null, viaToken: false, rejectedToken: false };
}

/**
 * Reads the signed-in account again into this request's context. Without
 * JavaScript a form post is ONE request: the middleware loads the user, the
 * action changes the account (two-factor confirmed, password just confirmed,
 * details saved), then the loaders render the page from the copy made before
 * the action: the page and the bootstrap data came back stale. Actions that
 * change the account and answer with data rather than a redirect call this.
 * (With JavaScript the loaders run in a request of their own and never need it.)
 */
export async function refreshSignedIn(context: Readonly<RouterContextProvider>, request: Request) {
  const app = context.get(appContext);
  if (!app.session || new URL(request.url).pathname.endsWith(".data")) return;
  const signedIn = await loadSignedIn(app.db, app.session.id);
  (context as RouterContextProvider).set(appContext, {
    ...app,
    user: signedIn?.user ?? null,
    session: signedIn?.session ?? null,
    viewer: signedIn?.viewer ?? app.guestViewer,
  });
}
