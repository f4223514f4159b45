import { sql } from "drizzle-orm";
import { reviews } from "./schema";

/**
 * The one place a review's 1-10 score is read and written. Until the ratings
 * issue (18) lands, the review carries its own score; then the lead points
 * these at the ratings table (one row per user and title or episode) and
 * the review shows the user's rating.
 */
export const reviewScore = {
  /** The columns a review insert or update sets for a score. */
  write(score: number) {
    return { score };
  },
  /** The score of a review row as selected (the column or, later, a join on ratings). */
  column: reviews.score,
  /** Sum of published scores for a target, for the stored average. */
  sumOf: sql<number>`coalesce(sum(${reviews.score}), 0)`,
};
