import { sql } from "drizzle-orm";
import { VIEW_ROWS_PER_STATEMENT } from "~/constants";
import type { Database } from "~/db/client.server";
import { titles, titleViews, videoPlays, videos } from "./tables";

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
  const ip = request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "unknown";
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
 * title or an invalid key. Never throws for bad input. (Pages count through
 * page-views.server.ts, which writes many views at once with recordViews.)
 */
export async function recordTitleView(db: Database, titleId: number, { viewerKey, now }: RecordOptions): Promise<boolean> {
  return (await recordViews(db, [{ kind: "view", id: titleId, viewerKey, day: dayNumber(now) }])) > 0;
}

/**
 * Counts a play of a video (the watch page, or the player's first "play").
 * Same rules as `recordTitleView`; the play also counts for the video's title.
 */
export async function recordVideoPlay(db: Database, videoId: number, { viewerKey, now }: RecordOptions): Promise<boolean> {
  return (await recordViews(db, [{ kind: "play", id: videoId, viewerKey, day: dayNumber(now) }])) > 0;
}

/** One view or play waiting to be written (page-views.server.ts keeps them for a moment per isolate). */
export interface PendingView {
  kind: "view" | "play";
  /** The title (a view) or the video (a play). */
  id: number;
  viewerKey: string;
  day: number;
}

/**
 * Writes views and plays, many per statement (`VIEW_ROWS_PER_STATEMENT`, so
 * the bound values stay under D1's limit of 100 a statement) and every
 * statement in one batch: one round trip, one D1 transaction. The same rules
 * as `recordTitleView` and `recordVideoPlay`: a repeat (the same thing,
 * viewer and day, also twice in one call) is ignored, an unknown title or
 * video or an invalid key is skipped, and the triggers bump the counters for
 * each new row. Returns how many rows were new.
 */
export async function recordViews(db: Database, views: PendingView[]): Promise<number> {
  const valid = views.filter((v) => Number.isSafeInteger(v.id) && v.id > 0 && VIEWER_KEY.test(v.viewerKey) && Number.isSafeInteger(v.day));
  if (valid.length === 0) return 0;
  const statements = [];
  for (const kind of ["view", "play"] as const) {
    const rows = valid.filter((v) => v.kind === kind);
    for (let i = 0; i < rows.length; i += VIEW_ROWS_PER_STATEMENT) {
      const values = sql.join(
        rows.slice(i, i + VIEW_ROWS_PER_STATEMENT).map((v) => sql`(${v.id}, ${v.viewerKey}, ${v.day})`),
        sql`, `,
      );
      // Query builders, not db.all(sql): drizzle's D1 batch cannot bind raw SQL. `WHERE true`: SQLite reads
      // an INSERT ... SELECT with a join and an ON CONFLICT clause only with a WHERE.
      statements.push(
        kind === "view"
          ? db
              .insert(titleViews)
              .select(sql`SELECT t.id, v.column2, v.column3 FROM (VALUES ${values}) AS v JOIN ${titles} t ON t.id = v.column1 WHERE true`)
              .onConflictDoNothing()
              .returning({ id: titleViews.titleId })
          : db
              .insert(videoPlays)
              .select(sql`SELECT vd.id, v.column2, v.column3, vd.title_id FROM (VALUES ${values}) AS v JOIN ${videos} vd ON vd.id = v.column1 WHERE true`)
              .onConflictDoNothing()
              .returning({ id: videoPlays.videoId }),
      );
    }
  }
  const [first, ...rest] = statements;
  const results = await db.batch([first, ...rest]);
  return results.reduce((sum, rows) => sum + rows.length, 0);
}
