import type { Database } from "~/db/client.server";
import { readCookie } from "~/http/cookies";
import { appKeys } from "./crypto.server";
import { authEnv } from "./env";
import { readSessionId, SESSION_COOKIE } from "./sessions.server";
import { loadSignedIn } from "./users.server";

/**
 * Resolves the visitor from the signed session cookie. `staleCookie` is true
 * when a cookie was sent but names no live session (forged, expired, ended
 * elsewhere): the response should delete it.
 */
export async function loadCurrentUser(env: Env, db: Database, request: Request) {
  if (!readCookie(request, SESSION_COOKIE)) return { signedIn: null, staleCookie: false };
  const keys = await appKeys(authEnv(env).APP_KEY);
  const sessionId = await readSessionId(request, keys);
  if (!sessionId) return { signedIn: null, staleCookie: true };
  const signedIn = await loadSignedIn(db, sessionId);
  return { signedIn, staleCookie: signedIn === null };
}
