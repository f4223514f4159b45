import { eq, sql } from "drizzle-orm";
import { episodes, titles } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";
import { libraryProfiles, seriesProgress } from "../library/tables";

/**
 * Statements that keep the stored counts exact. Each is recomputed from the
 * rows (through an index) in the same db.batch that changed them: D1 runs a
 * batch as one transaction and serialises writes, so concurrent votes or
 * viewings can never leave a count that disagrees with the rows (a read-
 * modify-write in the Worker could). Written with query builders, not
 * db.run, because only those can join a D1 batch.
 */

/** The site's average and vote count of a title (its own votes, not its episodes'). */
export function refreshTitleRating(db: Database, titleId: number) {
  return db
    .update(titles)
    .set({
      rating: sql`(SELECT round(avg(rating), 4) FROM ratings WHERE title_id = ${titleId} AND episode_id IS NULL)`,
      voteCount: sql`(SELECT count(*) FROM ratings WHERE title_id = ${titleId} AND episode_id IS NULL)`,
    })
    .where(eq(titles.id, titleId));
}

export function refreshEpisodeRating(db: Database, episodeId: number) {
  return db
    .update(episodes)
    .set({
      rating: sql`(SELECT round(avg(rating), 4) FROM ratings WHERE episode_id = ${episodeId})`,
      voteCount: sql`(SELECT count(*) FROM ratings WHERE episode_id = ${episodeId})`,
    })
    .where(eq(episodes.id, episodeId));
}

/** A member's profile counts (ratings, watchlist, viewings); creates the row on first use. */
export function refreshProfileCounts(db: Database, userId: number) {
  const counts = {
    ratingsCount: sql`(SELECT count(*) FROM ratings WHERE user_id = ${userId})`,
    watchlistCount: sql`(SELECT count(*) FROM watchlist_items WHERE user_id = ${userId})`,
    watchedCount: sql`(SELECT count(*) FROM watch_history WHERE user_id = ${userId})`,
  };
  return db
    .insert(libraryProfiles)
    .values({ userId, ...counts })
    .onConflictDoUpdate({
      target: libraryProfiles.userId,
      set: { ratingsCount: sql`excluded.ratings_count`, watchlistCount: sql`excluded.watchlist_count`, watchedCount: sql`excluded.watched_count`, updatedAt: sql`unixepoch()` },
    });
}

/** A member's progress through a series: distinct episodes watched and the last day one was. */
export function refreshSeriesProgress(db: Database, userId: number, titleId: number) {
  return db
    .insert(seriesProgress)
    .values({
      userId,
      titleId,
      watchedEpisodes: sql`(SELECT count(DISTINCT episode_id) FROM watch_history WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id IS NOT NULL)`,
      lastWatchedOn: sql`(SELECT max(watched_on) FROM watch_history WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id IS NOT NULL)`,
    })
    .onConflictDoUpdate({
      target: [seriesProgress.userId, seriesProgress.titleId],
      set: { watchedEpisodes: sql`excluded.watched_episodes`, lastWatchedOn: sql`excluded.last_watched_on`, updatedAt: sql`unixepoch()` },
    });
}
