import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/**
 * Statements that keep the stored counts exact. Each is recomputed from the
 * rows (through an index) in the same db.batch that changed them: D1 runs a
 * batch as one transaction and serialises writes, so concurrent votes or
 * viewings can never leave a count that disagrees with the rows (a read-
 * modify-write in the Worker could).
 */

/** The site's average and vote count of a title (its own votes, not its episodes'). */
export function refreshTitleRating(db: Database, titleId: number) {
  return db.run(sql`UPDATE titles SET
      rating = (SELECT round(avg(rating), 4) FROM ratings WHERE title_id = ${titleId} AND episode_id IS NULL),
      vote_count = (SELECT count(*) FROM ratings WHERE title_id = ${titleId} AND episode_id IS NULL)
    WHERE id = ${titleId}`);
}

export function refreshEpisodeRating(db: Database, episodeId: number) {
  return db.run(sql`UPDATE episodes SET
      rating = (SELECT round(avg(rating), 4) FROM ratings WHERE episode_id = ${episodeId}),
      vote_count = (SELECT count(*) FROM ratings WHERE episode_id = ${episodeId})
    WHERE id = ${episodeId}`);
}

/** A member's profile counts (ratings, watchlist, viewings); creates the row on first use. */
export function refreshProfileCounts(db: Database, userId: number) {
  return db.run(sql`INSERT INTO library_profiles (user_id, ratings_count, watchlist_count, watched_count, updated_at) VALUES (
      ${userId},
      (SELECT count(*) FROM ratings WHERE user_id = ${userId}),
      (SELECT count(*) FROM watchlist_items WHERE user_id = ${userId}),
      (SELECT count(*) FROM watch_history WHERE user_id = ${userId}),
      unixepoch())
    ON CONFLICT (user_id) DO UPDATE SET ratings_count = excluded.ratings_count, watchlist_count = excluded.watchlist_count,
      watched_count = excluded.watched_count, updated_at = excluded.updated_at`);
}

/** A member's progress through a series: distinct episodes watched and the last day one was. */
export function refreshSeriesProgress(db: Database, userId: number, titleId: number) {
  return db.run(sql`INSERT INTO series_progress (user_id, title_id, watched_episodes, last_watched_on, updated_at) VALUES (
      ${userId}, ${titleId},
      (SELECT count(DISTINCT episode_id) FROM watch_history WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id IS NOT NULL),
      (SELECT max(watched_on) FROM watch_history WHERE user_id = ${userId} AND title_id = ${titleId} AND episode_id IS NOT NULL),
      unixepoch())
    ON CONFLICT (user_id, title_id) DO UPDATE SET watched_episodes = excluded.watched_episodes,
      last_watched_on = excluded.last_watched_on, updated_at = excluded.updated_at`);
}
