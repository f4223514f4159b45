import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ratings } from "~/library/tables";
import { refreshEpisodeRating, refreshProfileCounts, refreshTitleRating } from "./counts.server";

/**
 * The statements that set a member's vote: the vote row, the title's or
 * episode's stored average and count, and the member's profile count. For a
 * batch of the caller's (a review's score is the author's rating). Here, below both library and community, which both write votes (decision 044).
 */
export function ratingWriteStatements(db: Database, userId: number, target: { titleId: number; episodeId: number | null }, rating: number) {
  const now = new Date();
  const upsert = target.episodeId
    ? db
        .insert(ratings)
        .values({ userId, titleId: target.titleId, episodeId: target.episodeId, rating })
        .onConflictDoUpdate({ target: [ratings.userId, ratings.episodeId], targetWhere: sql`episode_id IS NOT NULL`, set: { rating, updatedAt: now } })
    : db
        .insert(ratings)
        .values({ userId, titleId: target.titleId, rating })
        .onConflictDoUpdate({ target: [ratings.userId, ratings.titleId], targetWhere: sql`episode_id IS NULL`, set: { rating, updatedAt: now } });
  const aggregate = target.episodeId ? refreshEpisodeRating(db, target.episodeId) : refreshTitleRating(db, target.titleId);
  return [upsert, aggregate, refreshProfileCounts(db, userId)] as const;
}
