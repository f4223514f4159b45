import { eq, sql } from "drizzle-orm";
import { CALENDAR_MAX_EVENTS } from "~/constants";
import { batchReads } from "~/db/batch-reads.server";
import type { Database } from "~/db/client.server";
import { calendarFeeds } from "./tables";
import type { CalendarItem } from "./calendar";

export { addDays, calendarItemPath, type CalendarItem } from "./calendar";

/**
 * What a member tracks, by day (decision 034): episodes of the series in
 * their progress or on their watchlist, and the release of watchlisted
 * titles, between two days. Two statements on the member's own indexes and
 * the episodes' (title, season, episode) index.
 */

export async function loadCalendar(db: Database, userId: number, from: string, to: string, limit = CALENDAR_MAX_EVENTS): Promise<CalendarItem[]> {
  const [episodeRows, releaseRows] = await batchReads(db, [
    db.all<{ id: number; title_id: number; name: string; slug: string; season_number: number; episode_number: number; episode_name: string; air_date: string }>(sql`
      SELECT e.id, e.title_id, t.name, t.slug, e.season_number, e.episode_number, e.name AS episode_name, e.air_date
      FROM (SELECT title_id FROM series_progress WHERE user_id = ${userId} UNION SELECT title_id FROM watchlist_items WHERE user_id = ${userId}) tracked
      JOIN titles t ON t.id = tracked.title_id
      JOIN episodes e ON e.title_id = tracked.title_id
      WHERE t.type = 'series' AND e.season_number > 0 AND e.air_date BETWEEN ${from} AND ${to}
      ORDER BY e.air_date, t.name, e.season_number, e.episode_number LIMIT ${limit}`),
    db.all<{ id: number; name: string; slug: string; type: "movie" | "series"; release_date: string }>(sql`
      SELECT t.id, t.name, t.slug, t.type, t.release_date
      FROM watchlist_items w JOIN titles t ON t.id = w.title_id
      WHERE w.user_id = ${userId} AND t.release_date BETWEEN ${from} AND ${to}
      ORDER BY t.release_date, t.name LIMIT ${limit}`),
  ]);
  const items: CalendarItem[] = [
    ...episodeRows.map((row) => ({
      kind: "episode" as const,
      date: row.air_date,
      id: row.id,
      titleId: row.title_id,
      name: row.name,
      slug: row.slug,
      seasonNumber: row.season_number,
      episodeNumber: row.episode_number,
      episodeName: row.episode_name,
    })),
    ...releaseRows.map((row) => ({ kind: "release" as const, date: row.release_date, id: row.id, titleId: row.id, name: row.name, slug: row.slug, type: row.type })),
  ];
  items.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  return items.slice(0, limit);
}

/** 32 random bytes, base64url: the feed's secret address. */
function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function calendarToken(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row?.token ?? null;
}

/** Creates the feed's address, or replaces it (the old address answers 404 from then on). */
export async function rotateCalendarToken(db: Database, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return token;
}

/** Revokes the feed: its address answers 404. */
export async function revokeCalendarToken(db: Database, userId: number) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The member a feed address belongs to (calendar_feeds_token_idx), or null. */
export async function userForCalendarToken(db: Database, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
  return row?.userId ?? null;
}
