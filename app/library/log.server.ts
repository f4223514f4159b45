import { DomainError } from "~/http/domain-error";
import { and, eq, isNull, sql } from "drizzle-orm";
import { titles } from "~/catalogue/tables";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { ownReviewIdQuery, prepareNewReview } from "~/community/reviews.server";
import { reviewScore } from "~/community/review-score.server";
import type { CommunityServices } from "~/community/services.server";
import { refreshProfileCounts } from "../counts/counts.server";
import { headlineFrom, type LogInput } from "./log.schema";
import { ratingWriteStatements } from "~/counts/rating-writes.server";
import { libraryProfiles, ratings, watchHistory, watchlistItems } from "./tables";
import { resolveTarget } from "./targets.server";

/** Whether logging leaves a title on the member's watchlist (account settings; off by default). */
export async function keepsLoggedOnWatchlist(db: Database, userId: number) {
  const [row] = await db.select({ keep: libraryProfiles.keepLoggedOnWatchlist }).from(libraryProfiles).where(eq(libraryProfiles.userId, userId)).limit(1);
  return row?.keep ?? false;
}

export async function setKeepLoggedOnWatchlist(db: Database, userId: number, keep: boolean) {
  await db
    .insert(libraryProfiles)
    .values({ userId, keepLoggedOnWatchlist: keep })
    .onConflictDoUpdate({ target: libraryProfiles.userId, set: { keepLoggedOnWatchlist: keep, updatedAt: new Date() } });
}

/**
 * Logs a movie (decision 030): the viewing on its day (rewatch or not), the
 * rating, the review through the community's own checks (bans, holds, rate
 * limits), and the title off the watchlist unless the member keeps logged
 * titles there: one batch, all or nothing. Every check runs before the
 * batch, so a refusal writes nothing.
 */
export async function logTitle(s: CommunityServices, userId: number, input: LogInput, humanCheckToken?: unknown) {
  const db = s.db;
  const target = await resolveTarget(db, { titleId: input.titleId });
  if (target.titleType !== "movie") throw new DomainError(422, "Only a movie is logged here; mark a series' episodes watched on their pages.", { field: "titleId" });
  const keep = await keepsLoggedOnWatchlist(db, userId);

  const review =
    input.review && input.rating !== undefined
      ? await prepareNewReview(s, input.titleId, { score: input.rating, headline: input.headline || headlineFrom(input.review), body: input.review, spoiler: input.spoiler }, humanCheckToken)
      : null;
  const rated: BatchItem<"sqlite">[] =
    !review && input.rating !== undefined
      ? [
          ...ratingWriteStatements(db, userId, { titleId: target.titleId, episodeId: null }, input.rating),
          ...reviewScore.followRating(db, userId, { titleId: target.titleId, episodeId: null }, input.rating),
        ]
      : [];
  const [first] = await db.batch([
    ...(review ? review.statements : [db.insert(watchHistory).values({ userId, titleId: target.titleId, watchedOn: input.watchedOn, rewatch: input.rewatch })]),
    ...(review ? [db.insert(watchHistory).values({ userId, titleId: target.titleId, watchedOn: input.watchedOn, rewatch: input.rewatch })] : []),
    ...rated,
    ...(keep ? [] : [db.delete(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.titleId, target.titleId)))]),
    refreshProfileCounts(db, userId),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const reviewId = review ? ((first as { id: number }[])[0]?.id ?? null) : null;
  return { titleName: target.titleName, watchedOn: input.watchedOn, reviewId, reviewStatus: review?.status ?? null, keptOnWatchlist: keep };
}

/** What the Log page and dialog start from: the movie, my rating, my viewings, my review, my watchlist setting (one batch). */
export async function logPageData(db: Database, userId: number, titleId: number) {
  const [titleRows, ratingRows, watchedRows, reviewRows, profileRows] = await db.batch([
    db.select({ id: titles.id, name: titles.name, slug: titles.slug, type: titles.type, year: titles.year, poster: titles.poster }).from(titles).where(eq(titles.id, titleId)).limit(1),
    db
      .select({ rating: ratings.rating })
      .from(ratings)
      .where(and(eq(ratings.userId, userId), eq(ratings.titleId, titleId), isNull(ratings.episodeId)))
      .limit(1),
    db
      .select({ count: sql<number>`count(*)` })
      .from(watchHistory)
      .where(and(eq(watchHistory.userId, userId), eq(watchHistory.titleId, titleId), isNull(watchHistory.episodeId))),
    ownReviewIdQuery(db, userId, titleId),
    db.select({ keep: libraryProfiles.keepLoggedOnWatchlist }).from(libraryProfiles).where(eq(libraryProfiles.userId, userId)).limit(1),
  ]);
  const title = titleRows[0];
  if (!title) return null;
  return {
    title,
    rating: ratingRows[0]?.rating ?? null,
    timesWatched: watchedRows[0]?.count ?? 0,
    ownReviewId: reviewRows[0]?.id ?? null,
    keepOnWatchlist: profileRows[0]?.keep ?? false,
  };
}
