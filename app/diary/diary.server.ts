import { DomainError } from "~/http/domain-error";
import { and, eq, sql } from "drizzle-orm";
import { DIARY_PAGE_SIZE } from "~/constants";
import { batchReads } from "~/db/batch-reads.server";
import type { Database } from "~/db/client.server";
import { refreshProfileCounts, refreshSeriesProgress } from "~/counts/counts.server";
import { watchHistory } from "~/library/tables";

/**
 * The diary (decision 034): a member's logged viewings (the library's
 * `watch_history` rows) of one year, newest first, with the rating, whether
 * it was a rewatch and the member's review. Read through
 * `watch_history_user_date_idx`; the rating, rewatch and review are
 * correlated lookups on the member's own unique indexes.
 */

export interface DiaryEntry {
  id: number;
  watchedOn: string;
  titleId: number;
  name: string;
  slug: string;
  type: "movie" | "series";
  year: number | null;
  poster: string | null;
  episodeId: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeName: string | null;
  rating: number | null;
  rewatch: boolean;
  reviewId: number | null;
}

interface DiaryRow {
  id: number;
  watched_on: string;
  title_id: number;
  name: string;
  slug: string;
  type: "movie" | "series";
  year: number | null;
  poster: string | null;
  episode_id: number | null;
  season_number: number | null;
  episode_number: number | null;
  episode_name: string | null;
  rating: number | null;
  rewatch: number;
  review_id: number | null;
}

/**
 * A diary page: the years the member logged something in, newest first
 * (index-only on watch_history_user_date_idx), and one year of entries,
 * newest day first, one page at a time. One round trip (decision 048).
 */
export async function loadDiaryPage(db: Database, userId: number, year: number, { page = 1, perPage = DIARY_PAGE_SIZE } = {}) {
  const [yearRows, rows] = await batchReads(db, [
    db.all<{ y: string }>(sql`SELECT DISTINCT substr(watched_on, 1, 4) AS y FROM watch_history WHERE user_id = ${userId} ORDER BY y DESC`),
    diaryEntriesRead(db, userId, year, page, perPage),
  ]);
  const years = yearRows.map((row) => Number(row.y)).filter((y) => Number.isInteger(y));
  const items: DiaryEntry[] = rows.slice(0, perPage).map(diaryEntryOf);
  return { years, items, hasMore: rows.length > perPage, page };
}

function diaryEntriesRead(db: Database, userId: number, year: number, page: number, perPage: number) {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  return db.all<DiaryRow>(sql`
    SELECT h.id, h.watched_on, h.title_id, t.name, t.slug, t.type, t.year, t.poster,
      h.episode_id, e.season_number, e.episode_number, e.name AS episode_name,
      CASE WHEN h.episode_id IS NULL
        THEN (SELECT r.rating FROM ratings r WHERE r.user_id = h.user_id AND r.title_id = h.title_id AND r.episode_id IS NULL)
        ELSE (SELECT r.rating FROM ratings r WHERE r.user_id = h.user_id AND r.episode_id = h.episode_id) END AS rating,
      COALESCE(h.rewatch, EXISTS (SELECT 1 FROM watch_history p WHERE p.user_id = h.user_id AND p.title_id = h.title_id
        AND p.episode_id IS h.episode_id AND (p.watched_on < h.watched_on OR (p.watched_on = h.watched_on AND p.id < h.id)))) AS rewatch,
      (SELECT v.id FROM reviews v WHERE v.user_id = h.user_id AND v.title_id = h.title_id AND v.episode_id = COALESCE(h.episode_id, 0)
        AND v.status = 'published') AS review_id
    FROM watch_history h
    JOIN titles t ON t.id = h.title_id
    LEFT JOIN episodes e ON e.id = h.episode_id
    WHERE h.user_id = ${userId} AND h.watched_on BETWEEN ${from} AND ${to}
    ORDER BY h.watched_on DESC, h.id DESC
    LIMIT ${perPage + 1} OFFSET ${(page - 1) * perPage}`);
}

function diaryEntryOf(row: DiaryRow): DiaryEntry {
  return {
    id: row.id,
    watchedOn: row.watched_on,
    titleId: row.title_id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    year: row.year,
    poster: row.poster,
    episodeId: row.episode_id,
    seasonNumber: row.season_number,
    episodeNumber: row.episode_number,
    episodeName: row.episode_name,
    rating: row.rating,
    rewatch: Boolean(row.rewatch),
    reviewId: row.review_id,
  };
}

/** Entries grouped by month ("2026-03"), in the order given (newest first). */
export function groupByMonth<T extends { watchedOn: string }>(entries: T[]): { month: string; entries: T[] }[] {
  const groups: { month: string; entries: T[] }[] = [];
  for (const entry of entries) {
    const month = entry.watchedOn.slice(0, 7);
    const last = groups.at(-1);
    if (last?.month === month) last.entries.push(entry);
    else groups.push({ month, entries: [entry] });
  }
  return groups;
}

/**
 * The owner changes a viewing's day and/or its rewatch flag. Another
 * member's id is "not found" and nothing changes. The series' progress (its
 * last day) is refreshed in the same batch.
 */
export async function editDiaryEntry(db: Database, userId: number, id: number, change: { watchedOn?: string; rewatch?: boolean }) {
  const [row] = await db
    .select({ titleId: watchHistory.titleId, episodeId: watchHistory.episodeId })
    .from(watchHistory)
    .where(and(eq(watchHistory.id, id), eq(watchHistory.userId, userId)))
    .limit(1);
  if (!row) throw new DomainError(404, "This entry is not in your diary.", { field: "id" });
  const set: Partial<typeof watchHistory.$inferInsert> = {};
  if (change.watchedOn !== undefined) set.watchedOn = change.watchedOn;
  if (change.rewatch !== undefined) set.rewatch = change.rewatch;
  if (Object.keys(set).length === 0) return row;
  const update = db
    .update(watchHistory)
    .set(set)
    .where(and(eq(watchHistory.id, id), eq(watchHistory.userId, userId)));
  if (row.episodeId) await db.batch([update, refreshSeriesProgress(db, userId, row.titleId)]);
  else await db.batch([update, refreshProfileCounts(db, userId)]);
  return row;
}
