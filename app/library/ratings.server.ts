import { and, desc, eq, isNull } from "drizzle-orm";
import { episodes, titles } from "~/catalogue/tables";
import { LIBRARY_PAGE_SIZE } from "~/constants";
import type { Database } from "~/db/client.server";
import { refreshEpisodeRating, refreshProfileCounts, refreshTitleRating } from "../counts/counts.server";
import { reviewScore } from "~/community/review-score.server";
import { ratingWriteStatements } from "~/counts/rating-writes.server";
import { ratings } from "./tables";
import { resolveTarget, type TargetInput } from "./targets.server";

/**
 * Votes. One row per member and title (or episode); setting again changes
 * it. The vote, the title's or episode's average and count, and the
 * member's profile count are written in one batch (all or nothing).
 */
export async function setRating(db: Database, userId: number, input: TargetInput & { rating: number }) {
  const target = await resolveTarget(db, input);
  await db.batch([...ratingWriteStatements(db, userId, target, input.rating), ...reviewScore.followRating(db, userId, target, input.rating)]);
  return { ...target, rating: input.rating, average: await averageOf(db, target.titleId, target.episodeId) };
}

export async function removeRating(db: Database, userId: number, input: TargetInput) {
  const target = await resolveTarget(db, input);
  const which = target.episodeId ? eq(ratings.episodeId, target.episodeId) : and(eq(ratings.titleId, target.titleId), isNull(ratings.episodeId));
  const aggregate = target.episodeId ? refreshEpisodeRating(db, target.episodeId) : refreshTitleRating(db, target.titleId);
  await db.batch([db.delete(ratings).where(and(eq(ratings.userId, userId), which)), aggregate, refreshProfileCounts(db, userId)]);
  return { ...target, rating: null, average: await averageOf(db, target.titleId, target.episodeId) };
}

/** The stored average and count of a title or an episode. */
export async function averageOf(db: Database, titleId: number, episodeId: number | null) {
  const [row] = episodeId
    ? await db.select({ rating: episodes.rating, voteCount: episodes.voteCount }).from(episodes).where(eq(episodes.id, episodeId))
    : await db.select({ rating: titles.rating, voteCount: titles.voteCount }).from(titles).where(eq(titles.id, titleId));
  return row ?? { rating: null, voteCount: 0 };
}

/** A member's ratings, newest first, with what they rated. */
export async function listRatings(db: Database, userId: number, { page = 1, perPage = LIBRARY_PAGE_SIZE } = {}) {
  const rows = await db
    .select({
      titleId: ratings.titleId,
      episodeId: ratings.episodeId,
      rating: ratings.rating,
      updatedAt: ratings.updatedAt,
      name: titles.name,
      slug: titles.slug,
      type: titles.type,
      year: titles.year,
      poster: titles.poster,
      seasonNumber: episodes.seasonNumber,
      episodeNumber: episodes.episodeNumber,
      episodeName: episodes.name,
    })
    .from(ratings)
    .innerJoin(titles, eq(titles.id, ratings.titleId))
    .leftJoin(episodes, eq(episodes.id, ratings.episodeId))
    .where(eq(ratings.userId, userId))
    .orderBy(desc(ratings.updatedAt), desc(ratings.id))
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
  return { items: rows.slice(0, perPage), hasMore: rows.length > perPage };
}
