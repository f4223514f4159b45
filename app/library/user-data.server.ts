import { asc, eq, sql } from "drizzle-orm";
import { episodes, titles } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";
import { libraryProfiles, ratings, watchHistory, watchlistItems } from "./tables";

/**
 * The library's part of "Download my data" and of account deletion (see
 * app/account/): ratings, watchlist, watched history and the profile's
 * privacy, with titles by id and name (the shape an import would read back).
 */
export async function exportLibraryData(db: Database, userId: number) {
  const [ratingRows, watchlistRows, historyRows, profile] = await db.batch([
    db
      .select({ title_id: ratings.titleId, title: titles.name, year: titles.year, episode_id: ratings.episodeId, rating: ratings.rating, rated_at: ratings.updatedAt })
      .from(ratings)
      .innerJoin(titles, eq(titles.id, ratings.titleId))
      .where(eq(ratings.userId, userId))
      .orderBy(asc(ratings.id)),
    db
      .select({ title_id: watchlistItems.titleId, title: titles.name, year: titles.year, added_at: watchlistItems.createdAt })
      .from(watchlistItems)
      .innerJoin(titles, eq(titles.id, watchlistItems.titleId))
      .where(eq(watchlistItems.userId, userId))
      .orderBy(asc(watchlistItems.createdAt)),
    db
      .select({ title_id: watchHistory.titleId, title: titles.name, year: titles.year, episode_id: watchHistory.episodeId, watched_on: watchHistory.watchedOn })
      .from(watchHistory)
      .innerJoin(titles, eq(titles.id, watchHistory.titleId))
      .where(eq(watchHistory.userId, userId))
      .orderBy(asc(watchHistory.watchedOn), asc(watchHistory.id)),
    db.select({ private: libraryProfiles.private }).from(libraryProfiles).where(eq(libraryProfiles.userId, userId)),
  ]);
  return {
    profile_private: profile[0]?.private ?? false,
    ratings: ratingRows.map((row) => ({ ...row, rated_at: row.rated_at.toISOString() })),
    watchlist: watchlistRows.map((row) => ({ ...row, added_at: row.added_at.toISOString() })),
    watch_history: historyRows,
  };
}

/**
 * For the deletion batch, before the user row goes (its ratings then go by
 * cascade): the averages and counts of everything the user rated, recomputed
 * without their votes, in two set-based statements.
 */
export function libraryDeletionStatements(db: Database, userId: number) {
  return [
    db
      .update(titles)
      .set({
        rating: sql`(SELECT round(avg(r.rating), 4) FROM ratings r WHERE r.title_id = ${titles.id} AND r.episode_id IS NULL AND r.user_id <> ${userId})`,
        voteCount: sql`(SELECT count(*) FROM ratings r WHERE r.title_id = ${titles.id} AND r.episode_id IS NULL AND r.user_id <> ${userId})`,
      })
      .where(sql`${titles.id} IN (SELECT title_id FROM ratings WHERE user_id = ${userId} AND episode_id IS NULL)`),
    db
      .update(episodes)
      .set({
        rating: sql`(SELECT round(avg(r.rating), 4) FROM ratings r WHERE r.episode_id = ${episodes.id} AND r.user_id <> ${userId})`,
        voteCount: sql`(SELECT count(*) FROM ratings r WHERE r.episode_id = ${episodes.id} AND r.user_id <> ${userId})`,
      })
      .where(sql`${episodes.id} IN (SELECT episode_id FROM ratings WHERE user_id = ${userId} AND episode_id IS NOT NULL)`),
  ];
}
