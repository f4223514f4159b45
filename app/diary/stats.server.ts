import { sql } from "drizzle-orm";
import { STATS_TOP_ITEMS } from "~/constants";
import { batchReads } from "~/db/batch-reads.server";
import type { Database } from "~/db/client.server";
import { MONTHS } from "./rules";

/**
 * The year in review (decision 034), every figure from grouped SQL over the
 * member's viewings of the year (`watch_history_user_date_title_idx`,
 * index-only), never by loading the rows into the Worker:
 * - films and episodes are viewings (a rewatch counts again); hours sum each
 *   viewing's runtime (an episode's own, else the series' typical one);
 * - genres, decades, countries and people count distinct titles watched in
 *   the year (a series with 40 episodes counts once, like a film);
 * - highest rated and the distribution are the member's ratings of those titles.
 * Nine statements in one round trip (decision 048: D1 answers statements sent
 * side by side one by one, each its own call).
 */

export interface YearStats {
  year: number;
  films: number;
  episodes: number;
  minutes: number;
  titles: number;
  months: { month: string; films: number; episodes: number; minutes: number }[];
  genres: { name: string; slug: string; count: number }[];
  decades: { decade: number; count: number }[];
  countries: { code: string; count: number }[];
  directors: { id: number; name: string; slug: string; count: number }[];
  cast: { id: number; name: string; slug: string; count: number }[];
  highestRated: { id: number; name: string; slug: string; type: "movie" | "series"; year: number | null; poster: string | null; rating: number }[];
  ratings: { rating: number; count: number }[];
}

export async function loadYearStats(db: Database, userId: number, year: number, top = STATS_TOP_ITEMS): Promise<YearStats> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const yearTitles = sql`year_titles AS (SELECT DISTINCT title_id FROM watch_history WHERE user_id = ${userId} AND watched_on BETWEEN ${from} AND ${to})`;
  const [months, genres, decades, countries, directors, cast, highestRated, distribution, [titlesCount]] = await batchReads(db, [
    db.all<{ m: string; films: number; episodes: number; minutes: number }>(sql`
      SELECT substr(h.watched_on, 6, 2) AS m, sum(h.episode_id IS NULL) AS films, sum(h.episode_id IS NOT NULL) AS episodes,
        sum(COALESCE(CASE WHEN h.episode_id IS NULL THEN t.runtime ELSE COALESCE(e.runtime, t.runtime) END, 0)) AS minutes
      FROM watch_history h JOIN titles t ON t.id = h.title_id LEFT JOIN episodes e ON e.id = h.episode_id
      WHERE h.user_id = ${userId} AND h.watched_on BETWEEN ${from} AND ${to}
      GROUP BY m`),
    db.all<{ name: string; slug: string; count: number }>(sql`
      WITH ${yearTitles}
      SELECT g.name, g.slug, count(*) AS count FROM year_titles y JOIN title_genres tg ON tg.title_id = y.title_id JOIN genres g ON g.id = tg.genre_id
      GROUP BY g.id ORDER BY count DESC, g.name LIMIT ${top}`),
    db.all<{ decade: number; count: number }>(sql`
      WITH ${yearTitles}
      SELECT (t.year / 10) * 10 AS decade, count(*) AS count FROM year_titles y JOIN titles t ON t.id = y.title_id
      WHERE t.year IS NOT NULL GROUP BY decade ORDER BY decade`),
    db.all<{ code: string; count: number }>(sql`
      WITH ${yearTitles}
      SELECT c.value AS code, count(*) AS count FROM year_titles y JOIN titles t ON t.id = y.title_id, json_each(t.countries) c
      GROUP BY c.value ORDER BY count DESC, c.value LIMIT ${top}`),
    db.all<{ id: number; name: string; slug: string; count: number }>(sql`
      WITH ${yearTitles}
      SELECT p.id, p.name, p.slug, count(DISTINCT c.title_id) AS count FROM year_titles y
      JOIN credits c ON c.title_id = y.title_id AND c.kind = 'crew' AND c.episode_id IS NULL AND c.job = 'Director'
      JOIN people p ON p.id = c.person_id
      GROUP BY p.id ORDER BY count DESC, p.name LIMIT ${top}`),
    // The billed cast (the first ten of each title), not every extra.
    db.all<{ id: number; name: string; slug: string; count: number }>(sql`
      WITH ${yearTitles}
      SELECT p.id, p.name, p.slug, count(DISTINCT c.title_id) AS count FROM year_titles y
      JOIN credits c ON c.title_id = y.title_id AND c.kind = 'cast' AND c.episode_id IS NULL AND c.position < 10
      JOIN people p ON p.id = c.person_id
      GROUP BY p.id ORDER BY count DESC, p.name LIMIT ${top}`),
    db.all<{ id: number; name: string; slug: string; type: "movie" | "series"; year: number | null; poster: string | null; rating: number }>(sql`
      WITH ${yearTitles}
      SELECT t.id, t.name, t.slug, t.type, t.year, t.poster, r.rating FROM year_titles y
      JOIN ratings r ON r.user_id = ${userId} AND r.title_id = y.title_id AND r.episode_id IS NULL
      JOIN titles t ON t.id = y.title_id
      ORDER BY r.rating DESC, t.name LIMIT ${top}`),
    db.all<{ rating: number; count: number }>(sql`
      WITH ${yearTitles}
      SELECT r.rating, count(*) AS count FROM year_titles y
      JOIN ratings r ON r.user_id = ${userId} AND r.title_id = y.title_id AND r.episode_id IS NULL
      GROUP BY r.rating`),
    db.all<{ n: number }>(sql`WITH ${yearTitles} SELECT count(*) AS n FROM year_titles`),
  ]);
  const byMonth = new Map(months.map((row) => [row.m, row]));
  const monthRows = MONTHS.map((month) => {
    const row = byMonth.get(month);
    return { month, films: Number(row?.films ?? 0), episodes: Number(row?.episodes ?? 0), minutes: Number(row?.minutes ?? 0) };
  });
  const byRating = new Map(distribution.map((row) => [Number(row.rating), Number(row.count)]));
  return {
    year,
    films: monthRows.reduce((sum, row) => sum + row.films, 0),
    episodes: monthRows.reduce((sum, row) => sum + row.episodes, 0),
    minutes: monthRows.reduce((sum, row) => sum + row.minutes, 0),
    titles: Number(titlesCount?.n ?? 0),
    months: monthRows,
    genres: genres.map((row) => ({ ...row, count: Number(row.count) })),
    decades: decades.map((row) => ({ decade: Number(row.decade), count: Number(row.count) })),
    countries: countries.map((row) => ({ code: row.code, count: Number(row.count) })),
    directors: directors.map((row) => ({ ...row, count: Number(row.count) })),
    cast: cast.map((row) => ({ ...row, count: Number(row.count) })),
    highestRated: highestRated.map((row) => ({ ...row, rating: Number(row.rating) })),
    ratings: Array.from({ length: 10 }, (_, i) => ({ rating: i + 1, count: byRating.get(i + 1) ?? 0 })),
  };
}

export { hoursOf } from "./stats";
