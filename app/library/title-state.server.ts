import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { nextEpisodeStatement } from "./history.server";

/**
 * The signed-in parts of the title, season and episode pages (decision 023):
 * guests get the shared cached copy and none of this; a member's page adds
 * one D1 round trip of at most two statements, every lookup on an index
 * (primary key or unique index of the member's rows).
 */

export interface MyTitleState {
  rating: number | null;
  inWatchlist: boolean;
  timesWatched: number;
  watchedEpisodes: number;
  next: { seasonNumber: number; episodeNumber: number; name: string } | null;
}

export async function loadMyTitleState(db: Database, userId: number, titleId: number, type: "movie" | "series"): Promise<MyTitleState> {
  const mine = db.all<{ rating: number | null; in_watchlist: number; times_watched: number; watched_episodes: number | null }>(sql`SELECT
      (SELECT rating FROM ratings WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id IS NULL) AS rating,
      EXISTS (SELECT 1 FROM watchlist_items WHERE user_id = ${userId} AND title_id = ${titleId}) AS in_watchlist,
      (SELECT count(*) FROM watch_history WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id IS NULL) AS times_watched,
      (SELECT watched_episodes FROM series_progress WHERE user_id = ${userId} AND title_id = ${titleId}) AS watched_episodes`);
  const [[row], next] = type === "series" ? await db.batch([mine, nextEpisodeStatement(db, userId, titleId)]) : [await mine, []];
  return {
    rating: row?.rating ?? null,
    inWatchlist: Boolean(row?.in_watchlist),
    timesWatched: row?.times_watched ?? 0,
    watchedEpisodes: row?.watched_episodes ?? 0,
    next: next[0] ?? null,
  };
}

export interface MyEpisodeState {
  rating: number | null;
  inWatchlist: boolean;
  timesWatched: number;
}

/** An episode page: my vote on it, viewings of it, and whether its series is on my watchlist (one statement). */
export async function loadMyEpisodeState(db: Database, userId: number, titleId: number, episodeId: number): Promise<MyEpisodeState> {
  const [row] = await db.all<{ rating: number | null; in_watchlist: number; times_watched: number }>(sql`SELECT
      (SELECT rating FROM ratings WHERE user_id = ${userId} AND episode_id = ${episodeId}) AS rating,
      EXISTS (SELECT 1 FROM watchlist_items WHERE user_id = ${userId} AND title_id = ${titleId}) AS in_watchlist,
      (SELECT count(*) FROM watch_history WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id = ${episodeId}) AS times_watched`);
  return { rating: row?.rating ?? null, inWatchlist: Boolean(row?.in_watchlist), timesWatched: row?.times_watched ?? 0 };
}

/** A season page: which of its episodes I watched, and whether the series is on my watchlist. */
export async function loadMySeasonState(db: Database, userId: number, titleId: number, seasonNumber: number) {
  const [watched, listed] = await db.batch([
    db.all<{ episode_id: number }>(sql`SELECT DISTINCT h.episode_id FROM watch_history h JOIN episodes e ON e.id = h.episode_id
      WHERE h.user_id = ${userId} AND h.title_id = ${titleId} AND h.episode_id IS NOT NULL AND e.season_number = ${seasonNumber}`),
    db.all<{ one: number }>(sql`SELECT 1 AS one FROM watchlist_items WHERE user_id = ${userId} AND title_id = ${titleId}`),
  ]);
  return { watchedEpisodeIds: watched.map((r) => r.episode_id), inWatchlist: listed.length > 0 };
}
