import { desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { titles, titleViews, videoPlays, type TitleType } from "./tables";
import { dayNumber } from "./views.server";

/**
 * Trending: what people looked at lately. A title's score is the sum over
 * the last `windowDays` days of (views + playWeight x plays), each day's
 * count halved every `halfLifeDays` (today counts fully). Plays weigh more
 * than page views because pressing play is a stronger signal. The score is
 * stored in titles.trending_score by `recalculateTrending`, run by the Cron
 * Trigger and by `npm run trending`.
 */
export interface TrendingOptions {
  now?: Date;
  windowDays?: number;
  halfLifeDays?: number;
  playWeight?: number;
  /** View/play rows older than this many days are deleted (totals stay on the titles). */
  retentionDays?: number;
}

export const TRENDING_DEFAULTS = { windowDays: 7, halfLifeDays: 2, playWeight: 3, retentionDays: 30 } as const;

export interface TrendingResult {
  /** Titles that now have a non-zero score. */
  scored: number;
  /** View and play rows pruned. */
  pruned: number;
  ms: number;
}

export async function recalculateTrending(db: Database, options: TrendingOptions = {}): Promise<TrendingResult> {
  const started = Date.now();
  const { windowDays, halfLifeDays, playWeight, retentionDays } = { ...TRENDING_DEFAULTS, ...options };
  const today = dayNumber(options.now);
  const since = today - windowDays + 1;
  // Decay as a CASE over whole days: no math functions needed (D1 and libSQL alike).
  const decay = sql.join(
    Array.from({ length: windowDays }, (_, age) => sql`WHEN ${age} THEN ${0.5 ** (age / halfLifeDays)}`),
    sql` `,
  );
  const scores = sql`
    WITH daily AS (
      SELECT title_id, day, COUNT(*) * 1.0 AS n FROM title_views WHERE day BETWEEN ${since} AND ${today} GROUP BY title_id, day
      UNION ALL
      SELECT title_id, day, COUNT(*) * ${playWeight} AS n FROM video_plays WHERE day BETWEEN ${since} AND ${today} GROUP BY title_id, day
    )
    SELECT title_id, SUM(n * (CASE ${today} - day ${decay} ELSE 0 END)) AS score FROM daily GROUP BY title_id`;

  const cutoff = today - retentionDays;
  // Query builders, not db.run(sql): drizzle's D1 batch cannot bind raw SQL.
  const [, , prunedViews, prunedPlays] = await db.batch([
    // Everything that trended before starts from zero...
    db.update(titles).set({ trendingScore: 0 }).where(gt(titles.trendingScore, 0)),
    // ...and what was seen in the window gets its score (all in one transaction).
    db.update(titles).set({ trendingScore: sql`round(scores.score, 4)` }).from(sql`(${scores}) AS scores`).where(sql`${titles.id} = scores.title_id`),
    db.delete(titleViews).where(lt(titleViews.day, cutoff)),
    db.delete(videoPlays).where(lt(videoPlays.day, cutoff)),
  ]);
  const [{ scored }] = await db.all<{ scored: number }>(sql`SELECT COUNT(*) AS scored FROM titles WHERE trending_score > 0`);
  return { scored, pruned: changes(prunedViews) + changes(prunedPlays), ms: Date.now() - started };
}

/** Rows changed by a statement, from D1 (`meta.changes`) or libSQL (`rowsAffected`). */
function changes(result: unknown): number {
  const r = result as { meta?: { changes?: number }; rowsAffected?: number } | undefined;
  return r?.meta?.changes ?? r?.rowsAffected ?? 0;
}

export interface TrendingTitle {
  id: number;
  type: TitleType;
  name: string;
  slug: string;
  year: number | null;
  poster: string | null;
  backdrop: string | null;
  trendingScore: number;
}

/**
 * The titles trending now, best first; before anyone has viewed anything
 * (a fresh site) the most popular titles stand in, so the grid is never empty.
 */
export async function trendingTitles(db: Database, { limit = 9, type }: { limit?: number; type?: TitleType } = {}): Promise<TrendingTitle[]> {
  // A fresh builder per query: drizzle builders are mutable.
  const query = () =>
    db
      .select({
        id: titles.id,
        type: titles.type,
        name: titles.name,
        slug: titles.slug,
        year: titles.year,
        poster: titles.poster,
        backdrop: titles.backdrop,
        trendingScore: titles.trendingScore,
      })
      .from(titles);
  const size = Math.min(Math.max(Math.trunc(limit) || 9, 1), 50);
  const trending = await (type ? query().where(sql`${titles.type} = ${type} AND ${titles.trendingScore} > 0`) : query().where(sql`${titles.trendingScore} > 0`))
    .orderBy(desc(titles.trendingScore), desc(titles.popularity))
    .limit(size);
  if (trending.length >= size) return trending;
  const seen = new Set(trending.map((t) => t.id));
  const popular = await (type ? query().where(eq(titles.type, type)) : query()).orderBy(desc(titles.popularity)).limit(size + trending.length);
  return [...trending, ...popular.filter((t) => !seen.has(t.id))].slice(0, size);
}
