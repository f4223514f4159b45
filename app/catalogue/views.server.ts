import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/**
 * Page views and video plays, each counted once per viewer and day. A row in
 * title_views / video_plays records (thing, viewer, day); inserting a repeat
 * is ignored, and a trigger (migration 0006) bumps titles.views,
 * titles.plays and videos.plays when a row is new. Trending reads the rows.
 *
 * These are writes: call them after the response is decided, ideally inside
 * `ctx.waitUntil(...)` so the page does not wait for them.
 */

const DAY_MS = 86_400_000;

/** Days since the Unix epoch (UTC); the `day` column of the view tables. */
export function dayNumber(date: Date = new Date()): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/** Viewer keys are short: "u:123" or "a:" + 32 hex characters. */
const VIEWER_KEY = /^(u:\d{1,15}|a:[0-9a-f]{32})$/;

/**
 * Who is viewing, for counting once per day: `u:{id}` for a signed-in user,
 * otherwise `a:` + an HMAC (keyed with the app secret) of the IP address and
 * User-Agent. No cookie is needed, and neither the address nor the agent is
 * stored or recoverable.
 */
/** What identifies an anonymous viewer: their address and browser (never stored as such). */
export function anonymousViewerSource(request: Request): string {
  const ip =
    request.headers.get("CF-Connecting-IP") ??
    request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
    "unknown";
  const agent = (request.headers.get("User-Agent") ?? "").slice(0, 512);
  return `${ip}\n${agent}`;
}

export function isSignedInViewer(userId: number | null | undefined): userId is number {
  return typeof userId === "number" && Number.isSafeInteger(userId) && userId > 0;
}

export async function viewerKeyFor(request: Request, userId: number | null | undefined, secret: string): Promise<string> {
  if (isSignedInViewer(userId)) return `u:${userId}`;
  const key = await viewerHmacKey(secret || "viewer-key");
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(anonymousViewerSource(request))));
  return `a:${[...mac.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The imported HMAC key, kept per isolate: a cached guest title page counts
 * its view on every request, and importing the key each time is wasted CPU.
 * The resolved key is kept (not the promise), so no request waits on a
 * promise another request created.
 */
let hmacKey: { secret: string; key: CryptoKey } | null = null;
async function viewerHmacKey(secret: string): Promise<CryptoKey> {
  if (hmacKey?.secret === secret) return hmacKey.key;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  hmacKey = { secret, key };
  return key;
}

export interface RecordOptions {
  viewerKey: string;
  /** Defaults to now; tests pass a fixed date. */
  now?: Date;
}

/**
 * Counts a view of a title page. Returns true when this viewer had not viewed
 * the title yet today (the view counted), false for a repeat, an unknown
 * title or an invalid key. Never throws for bad input.
 */
export async function recordTitleView(db: Database, titleId: number, { viewerKey, now }: RecordOptions): Promise<boolean> {
  if (!Number.isSafeInteger(titleId) || titleId <= 0 || !VIEWER_KEY.test(viewerKey)) return false;
  const rows = await db.all<{ title_id: number }>(sql`
    INSERT INTO title_views (title_id, viewer_key, day)
    SELECT id, ${viewerKey}, ${dayNumber(now)} FROM titles WHERE id = ${titleId}
    ON CONFLICT DO NOTHING
    RETURNING title_id`);
  return rows.length > 0;
}

/**
 * Counts a play of a video (the watch page, or the player's first "play").
 * Same rules as `recordTitleView`; the play also counts for the video's title.
 */
export async function recordVideoPlay(db: Database, videoId: number, { viewerKey, now }: RecordOptions): Promise<boolean> {
  if (!Number.isSafeInteger(videoId) || videoId <= 0 || !VIEWER_KEY.test(viewerKey)) return false;
  const rows = await db.all<{ video_id: number }>(sql`
    INSERT INTO video_plays (video_id, viewer_key, day, title_id)
    SELECT id, ${viewerKey}, ${dayNumber(now)}, title_id FROM videos WHERE id = ${videoId}
    ON CONFLICT DO NOTHING
    RETURNING video_id`);
  return rows.length > 0;
}
