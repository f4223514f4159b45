import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { communityCounts, reviews } from "./tables";

/**
 * The one place a review's 1-10 score is read and written. A review's score
 * is its author's rating of the title or episode (decision 023's ratings table):
 * writing a review sets the rating in the same batch (reviews.server.ts adds
 * ratingWriteStatements), and a new rating changes the score of the author's
 * review here. The review keeps its own copy of the score so review lists
 * sort and page by it through an index; removing a rating leaves the review's
 * score as it was (a review always has one).
 */
export const reviewScore = {
  /** The columns a review insert or update sets for a score. */
  write(score: number) {
    return { score };
  },
  /** The score of a review row as selected. */
  column: reviews.score,
  /** Sum of published scores for a target, for the stored average. */
  sumOf: sql<number>`coalesce(sum(${reviews.score}), 0)`,
  /** A member rated a title or an episode: their review of it (if any) takes the new score, and the target's score sum follows. */
  followRating(db: Database, userId: number, target: { titleId: number; episodeId: number | null }, rating: number) {
    const episodeId = target.episodeId ?? 0;
    const published = and(eq(reviews.titleId, target.titleId), eq(reviews.episodeId, episodeId), eq(reviews.status, "published"));
    return [
      db
        .update(reviews)
        .set({ score: rating })
        .where(and(eq(reviews.userId, userId), eq(reviews.titleId, target.titleId), eq(reviews.episodeId, episodeId))),
      db
        .update(communityCounts)
        .set({ scoreSum: sql`(SELECT ${reviewScore.sumOf} FROM ${reviews} WHERE ${published})` })
        .where(and(eq(communityCounts.targetKind, episodeId ? "episode" : "title"), eq(communityCounts.targetId, episodeId || target.titleId))),
    ] as const;
  },
};
