import { and, desc, eq, lt, ne, sql } from "drizzle-orm";
import { BROWSER_SESSION_IDLE_TIMEOUT_S, REMEMBER_ME_MAX_AGE_S, SESSION_COOKIE, SESSION_TOUCH_INTERVAL_S } from "~/constants";
import type { Database } from "~/db/client.server";
import { deleteCookie, readCookie, serializeCookie } from "~/http/cookies";
import { randomToken, sha256, signValue, unsignValue, type AppKeys } from "./crypto.server";
import type { RequestInfo } from "./request-info.server";
import { sessions } from "./sessions.tables";

export { SESSION_COOKIE };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const fromSeconds = (s: number) => new Date(s * 1000);

/** The id a session row is stored under: the SHA-256 of the cookie's token. */
export function sessionIdFor(token: string) {
  return sha256(token);
}

/** The session row id named by the request's signed cookie, or null. */
export async function readSessionId(request: Request, keys: AppKeys): Promise<string | null> {
  const token = await unsignValue(keys, readCookie(request, SESSION_COOKIE));
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return sessionIdFor(token);
}

export interface NewSession {
  id: string;
  /** Set-Cookie header value for the response. */
  cookie: string;
}

/** Starts a session for a user who has just proven who they are. */
export async function createSession(db: Database, keys: AppKeys, request: Request, { userId, remember, info }: { userId: number; remember: boolean; info: RequestInfo }): Promise<NewSession> {
  const token = randomToken(32);
  const id = await sessionIdFor(token);
  const now = Math.floor(Date.now() / 1000);
  await db.insert(sessions).values({
    id,
    userId,
    remember,
    expiresAt: fromSeconds(now + (remember ? REMEMBER_ME_MAX_AGE_S : BROWSER_SESSION_IDLE_TIMEOUT_S)),
    deviceType: info.deviceType,
    platform: info.platform,
    browser: info.browser,
    ipAddress: info.ipAddress,
    city: info.city,
    country: info.country,
    lastActiveAt: fromSeconds(now),
  });
  const signed = await signValue(keys, token);
  const cookie = serializeCookie(request, SESSION_COOKIE, signed, remember ? { maxAge: REMEMBER_ME_MAX_AGE_S } : {});
  return { id, cookie };
}

export function clearSessionCookie(request: Request) {
  return deleteCookie(request, SESSION_COOKIE);
}

/**
 * Sessions this isolate wrote "last active" for, and when (seconds). Requests
 * of one session that overlap (tabs, prefetches, a client's parallel calls)
 * all read the same old row before the first touch lands; without this each
 * of them wrote the same row again, and D1 runs writes one at a time.
 */
const TOUCHED_LIMIT = 10_000;
const touched = new Map<string, number>();

/**
 * Records activity at most every few minutes (and at most once per interval
 * per isolate, however many requests of the session overlap). A
 * browser-session sign-in is kept alive while it is used; a remembered one
 * ends 30 days after sign-in.
 */
export function touchSession(db: Database, session: { id: string; remember: boolean; lastActiveAt: Date }): Promise<unknown> | null {
  const now = Math.floor(Date.now() / 1000);
  const last = Math.max(seconds(session.lastActiveAt), touched.get(session.id) ?? 0);
  if (now - last < SESSION_TOUCH_INTERVAL_S) return null;
  if (touched.size >= TOUCHED_LIMIT) touched.clear();
  touched.set(session.id, now);
  return db
    .update(sessions)
    .set(session.remember ? { lastActiveAt: fromSeconds(now) } : { lastActiveAt: fromSeconds(now), expiresAt: fromSeconds(now + BROWSER_SESSION_IDLE_TIMEOUT_S) })
    .where(eq(sessions.id, session.id));
}

export function deleteSession(db: Database, id: string) {
  return db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of the user except `keepId` (all of them when null). Returns how many ended. */
export async function deleteUserSessions(db: Database, userId: number, keepId: string | null) {
  const rows = await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Ends one of the user's other sessions, named by the short id the sessions
 * list shows (the first 12 characters of its row id). Never the current
 * session, never another user's: then nothing is deleted and it returns false.
 */
export async function deleteOtherSession(db: Database, userId: number, shortId: string, currentId: string) {
  if (!/^[A-Za-z0-9_-]{12}$/.test(shortId)) return false;
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId), sql`substr(${sessions.id}, 1, 12) = ${shortId}`))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export function markPasswordConfirmed(db: Database, sessionId: string) {
  return db.update(sessions).set({ passwordConfirmedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** The user's sessions for the "Active sessions" list, newest activity first. */
export function listUserSessions(db: Database, userId: number) {
  return db
    .select({
      id: sessions.id,
      kind: sessions.kind,
      deviceType: sessions.deviceType,
      platform: sessions.platform,
      browser: sessions.browser,
      city: sessions.city,
      country: sessions.country,
      ipAddress: sessions.ipAddress,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > unixepoch()`))
    .orderBy(desc(sessions.lastActiveAt))
    .limit(100);
}

export function deleteExpiredSessions(db: Database) {
  return db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
