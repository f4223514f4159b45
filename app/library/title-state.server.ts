import type { BatchResponse } from "drizzle-orm/batch";
import { and, eq, sql } from "drizzle-orm";
import { episodes } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";
import { nextEpisodeStatement } from "./history.server";
import { watchHistory, watchlistItems } from "./tables";
import type { MyEpisodeState, MyTitleState } from "./title-state";

/** A one-row source for a SELECT made only of indexed scalar subqueries (query builders can join a D1 batch, db.all cannot). */
const ONE_ROW = sql`(SELECT 1) AS one_row`;

/**
 * The signed-in parts of the title, season and episode pages (decision 023):
 * guests get the shared cached copy and none of this; a member's title page
 * adds two statements to the page's own batch (no round trip of its own),
 * every lookup on an index (primary key or unique index of the member's rows).
 */

/**
 * The reads of a member's own state on a title page, for a batch of the
 * caller's (the title page puts them in its own batch: one round trip for the
 * page and the member's parts, decision 026). Read with `myTitleStateFrom`.
 */
export function myTitleStateQueries(db: Database, userId: number, titleId: number) {
  const mine = db
    .select({
      rating: sql<number | null>`(SELECT rating FROM ratings WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id IS NULL)`.as("my_rating"),
      in_watchlist: sql<number>`EXISTS (SELECT 1 FROM watchlist_items WHERE user_id = ${userId} AND title_id = ${titleId})`.as("in_watchlist"),
      times_watched: sql<number>`(SELECT count(*) FROM watch_history WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id IS NULL)`.as("times_watched"),
      watched_episodes: sql<number | null>`(SELECT watched_episodes FROM series_progress WHERE user_id = ${userId} AND title_id = ${titleId})`.as("watched_episodes"),
    })
    .from(ONE_ROW);
  // The next episode is asked for a movie too (it finds none at once): the page's title row is not read yet.
  return [mine, nextEpisodeStatement(db, userId, titleId)] as const;
}

export function myTitleStateFrom([[row], next]: BatchResponse<ReturnType<typeof myTitleStateQueries>>): MyTitleState {
  return {
    rating: row?.rating ?? null,
    inWatchlist: Boolean(row?.in_watchlist),
    timesWatched: row?.times_watched ?? 0,
    watchedEpisodes: row?.watched_episodes ?? 0,
    next: next[0] ?? null,
  };
}

export async function loadMyTitleState(db: Database, userId: number, titleId: number): Promise<MyTitleState> {
  return myTitleStateFrom(await db.batch(myTitleStateQueries(db, userId, titleId)));
}

/** An episode page: my vote on it, viewings of it, and whether its series is on my watchlist (one statement). */
export async function loadMyEpisodeState(db: Database, userId: number, titleId: number, seasonNumber: number, episodeNumber: number): Promise<MyEpisodeState> {
  const episodeId = sql`(SELECT id FROM episodes WHERE title_id = ${titleId} AND season_number = ${seasonNumber} AND episode_number = ${episodeNumber})`;
  const [row] = await db
    .select({
      rating: sql<number | null>`(SELECT rating FROM ratings WHERE user_id = ${userId} AND episode_id = ${episodeId})`.as("my_rating"),
      in_watchlist: sql<number>`EXISTS (SELECT 1 FROM watchlist_items WHERE user_id = ${userId} AND title_id = ${titleId})`.as("in_watchlist"),
      times_watched: sql<number>`(SELECT count(*) FROM watch_history WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id = ${episodeId})`.as("times_watched"),
    })
    .from(ONE_ROW);
  return { rating: row?.rating ?? null, inWatchlist: Boolean(row?.in_watchlist), timesWatched: row?.times_watched ?? 0 };
}

/** A season page: which of its episodes I watched, and whether the series is on my watchlist. */
export async function loadMySeasonState(db: Database, userId: number, titleId: number, seasonNumber: number) {
  const [watched, listed] = await db.batch([
    db
      .selectDistinct({ episode_id: sql<number>`${watchHistory.episodeId}`.as("episode_id") })
      .from(watchHistory)
      .innerJoin(episodes, eq(episodes.id, watchHistory.episodeId))
      .where(and(eq(watchHistory.userId, userId), eq(watchHistory.titleId, titleId), eq(episodes.seasonNumber, seasonNumber))),
    db
      .select({ one: sql<number>`1`.as("one") })
      .from(watchlistItems)
      .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.titleId, titleId))),
  ]);
  return { watchedEpisodeIds: watched.map((r) => r.episode_id), inWatchlist: listed.length > 0 };
}
