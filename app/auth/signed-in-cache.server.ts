import { SIGNED_IN_CACHE_MAX_SESSIONS, SIGNED_IN_CACHE_TTL_MS } from "~/constants";
import type { Database } from "~/db/client.server";
import { loadSignedIn } from "./users.server";

/**
 * The signed-in visitor kept per isolate for a few seconds (decision 028):
 * the batch that reads the session, the user, their roles, permissions,
 * social profiles, subscriptions and workspaces runs once per session per
 * SIGNED_IN_CACHE_TTL_MS in an isolate instead of on every page.
 *
 * Rules (the security trade-off is in decision 028):
 * - only GET and HEAD use a kept copy; every other method reads fresh
 *   (`loadCurrentUser`'s `keep` flag), so no write is ever authorised from
 *   a copy;
 * - any write request ends by dropping every kept copy of this isolate
 *   (the root middleware), and the writes a GET can make (an e-mail verified
 *   by a link, a social profile linked on the provider's callback, a
 *   workspace joined from an invitation link) drop their user's copies;
 * - a copy is never used past its session's own expiry;
 * - a load that started before a drop does not store its (possibly older) result.
 *
 * Kept values are shared by concurrent requests of the session: treat them
 * as read-only (every use in the app reads them).
 */
type SignedIn = NonNullable<Awaited<ReturnType<typeof loadSignedIn>>>;

const kept = new Map<string, { value: SignedIn; expiresAt: number }>();
/** Bumped by every drop: a load that began before it must not store what it read. */
let generation = 0;

/** The visitor of this session: this isolate's copy if it is younger than SIGNED_IN_CACHE_TTL_MS, else read (one batch) and kept. */
export async function loadSignedInKept(db: Database, sessionId: string): Promise<SignedIn | null> {
  const now = Date.now();
  const entry = kept.get(sessionId);
  if (entry) {
    if (entry.expiresAt > now && entry.value.session.expiresAt.getTime() > now) return entry.value;
    kept.delete(sessionId);
  }
  const started = generation;
  const value = await loadSignedIn(db, sessionId);
  if (value && started === generation) {
    if (kept.size >= SIGNED_IN_CACHE_MAX_SESSIONS) kept.delete(kept.keys().next().value!);
    kept.set(sessionId, { value, expiresAt: Date.now() + SIGNED_IN_CACHE_TTL_MS });
  }
  return value;
}

/** Drops every kept copy of this isolate (after any write request; role and permission changes touch many users). */
export function forgetAllSignedIn() {
  generation++;
  kept.clear();
}

/** Drops the kept copies of one user's sessions (a write a GET made to that user). */
export function forgetSignedInUser(userId: number) {
  generation++;
  for (const [sessionId, entry] of kept) if (entry.value.user.id === userId) kept.delete(sessionId);
}
