import { DomainError } from "~/http/domain-error";
import type { BatchResponse } from "drizzle-orm/batch";
import { and, asc, desc, eq, gt, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { auditStatement } from "~/admin/audit.server";
import { memberName } from "~/auth/public-name";
import { users } from "~/auth/users.tables";
import { hasPermission } from "~/request/viewer";
import { episodes, titles } from "~/catalogue/tables";
import { FOLLOWED_REVIEWS_FIRST, HELPFUL_VOTE_MILESTONES, REVIEWS_PAGE_SIZE } from "~/constants";
import { batchReads } from "~/db/batch-reads.server";
import type { Database } from "~/db/client.server";
import { preparedRead } from "~/db/prepared-read.server";
import { notify } from "~/notifications/deliver.server";
import { isBlockedEitherWay } from "~/social/follows.server";
import { follows } from "~/social/tables";
import { renderBody } from "./body.server";
import { reviewPath, reviewsPath } from "../http/review-paths";
import type { ReviewInput, ReviewSort } from "./schema";
import { helpfulMilestoneMessage } from "./messages.server";
import { admitPost, limitCommunityWrite, MODERATE_PERMISSIONS } from "./posting.server";
import { ratingWriteStatements } from "~/counts/rating-writes.server";
import { ratings } from "~/library/tables";
import { reviewScore } from "./review-score.server";
import { comments, communityCounts, contentReports, reviews, reviewVotes, type PostStatus } from "./tables";
import type { CommunityServices } from "./services.server";

/** Reviews (decision 025): one per user per title or episode, votes, listing with keyset pages. */

export interface ReviewTitle {
  id: number;
  name: string;
  slug: string;
  type: string;
}

export interface ReviewTarget {
  title: ReviewTitle;
  /** 0: the title itself. */
  episodeId: number;
}

export { reviewPath, reviewsPath };

/** The title (and episode of it) a review is about; 404 when either is unknown. */
export async function reviewTarget(db: Database, titleId: number, episodeId = 0): Promise<ReviewTarget> {
  const [title] = await db.select({ id: titles.id, name: titles.name, slug: titles.slug, type: titles.type }).from(titles).where(eq(titles.id, titleId)).limit(1);
  if (!title) throw new DomainError(404, "Nothing here.");
  if (episodeId) {
    const [episode] = await db
      .select({ id: episodes.id })
      .from(episodes)
      .where(and(eq(episodes.id, episodeId), eq(episodes.titleId, titleId)))
      .limit(1);
    if (!episode) throw new DomainError(404, "Nothing here.", { field: "episode_id" });
  }
  return { title, episodeId };
}

/** Published reviews and their score sum of a target, recounted from the rows (exact, in the writing batch). */
export function recountReviews(db: Database, titleId: number, episodeId: number) {
  const kind = episodeId ? "episode" : "title";
  const targetId = episodeId || titleId;
  const published = and(eq(reviews.titleId, titleId), eq(reviews.episodeId, episodeId), eq(reviews.status, "published"));
  return db
    .insert(communityCounts)
    .values({
      targetKind: kind,
      targetId,
      reviewCount: sql`(SELECT count(*) FROM ${reviews} WHERE ${published})`,
      scoreSum: sql`(SELECT ${reviewScore.sumOf} FROM ${reviews} WHERE ${published})`,
    })
    .onConflictDoUpdate({
      target: [communityCounts.targetKind, communityCounts.targetId],
      set: { reviewCount: sql`excluded.review_count`, scoreSum: sql`excluded.score_sum` },
    });
}

/** helpful_count and not_helpful_count recounted from the votes (exact under concurrency). */
function recountVotes(db: Database, reviewId: number) {
  return db
    .update(reviews)
    .set({
      helpfulCount: sql`(SELECT count(*) FROM ${reviewVotes} WHERE ${reviewVotes.reviewId} = ${reviewId} AND ${reviewVotes.helpful} = 1)`,
      notHelpfulCount: sql`(SELECT count(*) FROM ${reviewVotes} WHERE ${reviewVotes.reviewId} = ${reviewId} AND ${reviewVotes.helpful} = 0)`,
    })
    .where(eq(reviews.id, reviewId))
    .returning({ helpfulCount: reviews.helpfulCount });
}

export async function createReview(s: CommunityServices, titleId: number, input: ReviewInput & { episode_id?: number }, humanCheckToken?: unknown) {
  const prepared = await prepareNewReview(s, titleId, input, humanCheckToken);
  const [inserted] = await s.db.batch(prepared.statements);
  if (!inserted[0]) throw new DomainError(409, s.t("You already reviewed this. Edit your review instead."));
  return { id: inserted[0].id, status: prepared.status, target: prepared.target };
}

/**
 * Every check of a new review, then the statements that write it: the review
 * (first, returning its id; nothing when a second submission raced it), the
 * target's counts and the author's rating (the review's score). For callers
 * that write more in the same batch (the Log form: decision 030).
 */
export async function prepareNewReview(s: CommunityServices, titleId: number, input: ReviewInput & { episode_id?: number }, humanCheckToken?: unknown) {
  const target = await reviewTarget(s.db, titleId, input.episode_id ?? 0);
  if (s.user && (await findOwnReview(s.db, s.user.id, titleId, target.episodeId))) {
    throw new DomainError(409, s.t("You already reviewed this. Edit your review instead."), { field: "body" });
  }
  const { user, status } = await admitPost(s, "review", { body: input.body, headline: input.headline }, { humanCheckToken });
  const statements = [
    s.db
      .insert(reviews)
      .values({
        userId: user.id,
        titleId,
        episodeId: target.episodeId,
        ...reviewScore.write(input.score),
        headline: input.headline,
        body: input.body,
        bodyHtml: renderBody(input.body),
        spoiler: input.spoiler,
        status,
      })
      // Two submissions at once: the unique index keeps one; the other inserts nothing.
      .onConflictDoNothing()
      .returning({ id: reviews.id }),
    recountReviews(s.db, titleId, target.episodeId),
    // The score is the author's rating of the title or episode (decision 023's ratings, same batch).
    ...ratingWriteStatements(s.db, user.id, { titleId, episodeId: target.episodeId || null }, input.score),
  ] as const;
  return { statements, status, target };
}

/** The member's own review of a title or episode: one row of the unique index. */
const ownReview = (userId: number, titleId: number, episodeId: number) => and(eq(reviews.userId, userId), eq(reviews.titleId, titleId), eq(reviews.episodeId, episodeId));

export async function findOwnReview(db: Database, userId: number, titleId: number, episodeId = 0) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(ownReview(userId, titleId, episodeId))
    .limit(1);
  return row ?? null;
}

/** The id of the member's own review of a title or episode (the unique index), for a batch of the caller's. */
export function ownReviewIdQuery(db: Database, userId: number, titleId: number, episodeId = 0) {
  return db
    .select({ id: reviews.id })
    .from(reviews)
    .where(ownReview(userId, titleId, episodeId))
    .limit(1);
}

async function reviewRow(db: Database, id: number) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
  return row ?? null;
}

/** The author edits their review; a held or hidden one keeps its status. */
export async function updateReview(s: CommunityServices, reviewId: number, input: ReviewInput, humanCheckToken?: unknown) {
  const row = await reviewRow(s.db, reviewId);
  // Someone else's review answers like a missing one (decision 021): ids cannot be probed.
  if (!row || !s.user || row.userId !== s.user.id) throw new DomainError(404, s.t("Nothing here."));
  const { status } = await admitPost(s, "review", { body: input.body, headline: input.headline }, { humanCheckToken, editing: { id: row.id } });
  const nextStatus: PostStatus = row.status === "published" ? status : row.status;
  await s.db.batch([
    s.db
      .update(reviews)
      .set({
        ...reviewScore.write(input.score),
        headline: input.headline,
        body: input.body,
        bodyHtml: renderBody(input.body),
        spoiler: input.spoiler,
        status: nextStatus,
        updatedAt: s.now(),
      })
      .where(eq(reviews.id, row.id)),
    recountReviews(s.db, row.titleId, row.episodeId),
    ...ratingWriteStatements(s.db, row.userId, { titleId: row.titleId, episodeId: row.episodeId || null }, input.score),
  ]);
  return { id: row.id, status: nextStatus };
}

/** Deletes a review with its votes, comments and reports (the author, or a moderator). */
export async function deleteReview(s: CommunityServices, reviewId: number) {
  const row = await reviewRow(s.db, reviewId);
  const own = s.user?.id === row?.userId;
  // Someone else's review answers like a missing one unless the actor moderates reviews (decision 021).
  if (!row || (!own && !hasPermission(s.viewer, MODERATE_PERMISSIONS.review))) throw new DomainError(404, s.t("Nothing here."));
  // A moderator deleting someone else's review from the public page is audit-logged like the Moderation screen.
  const audit = own
    ? []
    : [
        auditStatement(s.db, { userId: s.user!.id, email: s.user!.email, ip: s.ip }, "review.delete", "review", {
          subjectId: row.id,
          label: row.headline,
          before: { headline: row.headline, body: row.body, status: row.status },
          after: null,
        }),
      ];
  await s.db.batch([...deleteReviewStatements(s.db, row), ...audit]);
  return row;
}

export function deleteReviewStatements(db: Database, row: Pick<typeof reviews.$inferSelect, "id" | "titleId" | "episodeId">) {
  return [
    db.delete(comments).where(and(eq(comments.targetKind, "review"), eq(comments.targetId, row.id))),
    db.delete(contentReports).where(and(eq(contentReports.subjectKind, "review"), eq(contentReports.subjectId, row.id))),
    db.delete(reviews).where(eq(reviews.id, row.id)),
    recountReviews(db, row.titleId, row.episodeId),
  ] as const;
}

/**
 * One vote per user per review (a second one changes it). The counts are
 * recounted from the votes in the same batch, so parallel votes never lose
 * one. Reaching a milestone (HELPFUL_VOTE_MILESTONES) tells the author.
 */
export async function voteReview(s: CommunityServices, reviewId: number, helpful: boolean) {
  if (!s.user) throw new DomainError(401, s.t("You need to sign in first."));
  const row = await reviewRow(s.db, reviewId);
  if (row?.status !== "published") throw new DomainError(404, s.t("Nothing here."));
  if (row.userId === s.user.id) throw new DomainError(422, s.t("You cannot vote on your own review."), { field: "helpful" });
  await limitCommunityWrite(s, "vote", s.user.id);
  // A block either way: the review is not there for this voter (decision 033).
  if (await isBlockedEitherWay(s.db, s.user.id, row.userId)) throw new DomainError(404, s.t("Nothing here."));
  // The milestone is decided inside the voting batch, from the count it recounted: the
  // last statement raises helpful_milestone only past its stored value, and answers with
  // a row only then. Two batches landing at once are serialised by D1, so each milestone
  // is told exactly once: none skipped, none twice (not even after an unvote and revote).
  const reached = sql`(CASE ${sql.join(
    [...HELPFUL_VOTE_MILESTONES].reverse().map((m) => sql`WHEN ${reviews.helpfulCount} >= ${sql.raw(String(m))} THEN ${sql.raw(String(m))}`),
    sql` `,
  )} ELSE 0 END)`;
  const [, counted, raised] = await s.db.batch([
    s.db
      .insert(reviewVotes)
      .values({ reviewId, userId: s.user.id, helpful })
      .onConflictDoUpdate({ target: [reviewVotes.reviewId, reviewVotes.userId], set: { helpful } }),
    recountVotes(s.db, reviewId),
    s.db
      .update(reviews)
      .set({ helpfulMilestone: reached })
      .where(and(eq(reviews.id, reviewId), sql`${reached} > ${reviews.helpfulMilestone}`))
      .returning({ milestone: reviews.helpfulMilestone }),
  ]);
  const helpfulCount = counted[0]?.helpfulCount ?? 0;
  const milestone = raised[0]?.milestone ?? 0;
  if (milestone > 0) {
    const [author] = await s.db.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.id, row.userId));
    const [title] = await s.db.select({ id: titles.id, slug: titles.slug }).from(titles).where(eq(titles.id, row.titleId));
    if (author && title) {
      s.notifications.waitUntil(notify(s.notifications, [author], helpfulMilestoneMessage({ headline: row.headline, count: milestone, path: reviewPath(title, row.id) })));
    }
  }
  return { helpfulCount, notHelpfulCount: (await reviewRow(s.db, reviewId))?.notHelpfulCount ?? 0 };
}

// --- Reading -----------------------------------------------------------------------

export interface ReviewView {
  id: number;
  titleId: number;
  episodeId: number;
  score: number;
  headline: string;
  bodyHtml: string;
  spoiler: boolean;
  status: PostStatus;
  helpfulCount: number;
  notHelpfulCount: number;
  commentCount: number;
  createdAt: string;
  updatedAt: string;
  author: { id: number; name: string; avatar: string | null };
  /** Written by someone the signed-in viewer follows: listed first and marked "You follow" (decision 033). */
  followed?: true;
}

const reviewFields = {
  id: reviews.id,
  titleId: reviews.titleId,
  episodeId: reviews.episodeId,
  score: reviewScore.column,
  headline: reviews.headline,
  bodyHtml: reviews.bodyHtml,
  spoiler: reviews.spoiler,
  status: reviews.status,
  helpfulCount: reviews.helpfulCount,
  notHelpfulCount: reviews.notHelpfulCount,
  commentCount: reviews.commentCount,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  // Not users.id: a D1 batch answers rows as objects, so two columns named "id" (the review's and the
  // user's) became one and every later column moved by one: the title page's "By null" (decision 030).
  authorId: reviews.userId,
  // The public name (decision 030): never anything made from the e-mail address.
  authorDisplayName: users.displayName,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorAvatar: users.avatar,
};

type ReviewSelect = { [K in keyof typeof reviewFields]: unknown } & Record<string, unknown>;

function toView(row: ReviewSelect): ReviewView {
  return {
    id: row.id as number,
    titleId: row.titleId as number,
    episodeId: row.episodeId as number,
    score: row.score as number,
    headline: row.headline as string,
    bodyHtml: row.bodyHtml as string,
    spoiler: Boolean(row.spoiler),
    status: row.status as PostStatus,
    helpfulCount: row.helpfulCount as number,
    notHelpfulCount: row.notHelpfulCount as number,
    commentCount: row.commentCount as number,
    createdAt: (row.createdAt as Date).toISOString(),
    updatedAt: (row.updatedAt as Date).toISOString(),
    author: {
      id: row.authorId as number,
      name: memberName({
        id: row.authorId as number,
        displayName: row.authorDisplayName as string | null,
        firstName: row.authorFirstName as string | null,
        lastName: row.authorLastName as string | null,
      }),
      avatar: (row.authorAvatar as string | null) ?? null,
    },
  };
}

/** A keyset cursor: the sort column's value and the id of the last review shown. */
export function reviewCursor(sort: ReviewSort, review: Pick<ReviewView, "id" | "helpfulCount" | "score">) {
  if (sort === "newest") return String(review.id);
  return `${sort === "helpful" ? review.helpfulCount : review.score}.${review.id}`;
}

function parseCursor(cursor: string | null | undefined): [number, number] | null {
  if (!cursor) return null;
  const match = /^(?:(\d{1,10})\.)?(\d{1,15})$/.exec(cursor);
  if (!match) throw new DomainError(422, "The cursor is not valid.", { field: "cursor" });
  return [Number(match[1] ?? 0), Number(match[2])];
}

/**
 * One page of a target's published reviews, in one of four orders, each
 * served by its own index (decision 025): helpful (helpful_count DESC,
 * id DESC), newest (id DESC), highest (score DESC, id DESC), lowest
 * (score ASC, id ASC). `cursor` continues after the last review shown.
 */
export async function listReviews(
  db: Database,
  titleId: number,
  episodeId: number,
  {
    sort = "helpful",
    cursor = null,
    limit = REVIEWS_PAGE_SIZE,
    exclude = [],
  }: { sort?: ReviewSort; cursor?: string | null; limit?: number /** Reviews already listed first (the viewer's follows'). */; exclude?: number[] } = {},
) {
  const after = parseCursor(cursor);
  const target = and(eq(reviews.titleId, titleId), eq(reviews.episodeId, episodeId), eq(reviews.status, "published"));
  const base = exclude.length ? and(target, notInArray(reviews.id, exclude)) : target;
  let where: SQL | undefined = base;
  let order: SQL[];
  if (sort === "newest") {
    order = [desc(reviews.id)];
    if (after) where = and(base, lt(reviews.id, after[1]));
  } else if (sort === "lowest") {
    order = [asc(reviews.score), asc(reviews.id)];
    if (after) where = and(base, or(gt(reviews.score, after[0]), and(eq(reviews.score, after[0]), gt(reviews.id, after[1]))));
  } else {
    const column = sort === "helpful" ? reviews.helpfulCount : reviews.score;
    order = [desc(column), desc(reviews.id)];
    if (after) where = and(base, or(lt(column, after[0]), and(eq(column, after[0]), lt(reviews.id, after[1]))));
  }
  const rows = await db
    .select(reviewFields)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where)
    .orderBy(...order)
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => toView(row as ReviewSelect));
  const last = page[page.length - 1];
  return { reviews: page, nextCursor: rows.length > limit && last ? reviewCursor(sort, last) : null };
}

/**
 * The published reviews of a target by the members `viewerId` follows
 * (active follows only), most helpful first, at most FOLLOWED_REVIEWS_FIRST:
 * a signed-in viewer's lists put them first (decision 033). Never part of a
 * guest's (shared, cached) page. Walks the viewer's follows
 * (follows_follower_idx), then one unique lookup per followed member
 * (reviews_user_target_idx). `limit` is the most a list shows of them.
 */
export function followedReviewsQuery(db: Database, viewerId: number, titleId: number, episodeId = 0, limit = FOLLOWED_REVIEWS_FIRST) {
  return db
    .select(reviewFields)
    .from(follows)
    .innerJoin(reviews, and(eq(reviews.userId, follows.followeeId), eq(reviews.titleId, titleId), eq(reviews.episodeId, episodeId), eq(reviews.status, "published")))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(follows.followerId, viewerId), eq(follows.status, "active")))
    .orderBy(desc(reviews.helpfulCount), desc(reviews.id))
    .limit(limit);
}

/** The rows of followedReviewsQuery as views, marked "followed". */
export function followedReviewsFrom(rows: Awaited<ReturnType<typeof followedReviewsQuery>>): ReviewView[] {
  return rows.map((row) => ({ ...toView(row as ReviewSelect), followed: true as const }));
}

/** The followed reviews first, then `rest` without them, at most `limit` (but every followed one). */
export function withFollowedFirst(followed: ReviewView[], rest: ReviewView[], limit = Infinity): ReviewView[] {
  const first = new Set(followed.map((review) => review.id));
  return [...followed, ...rest.filter((review) => !first.has(review.id))].slice(0, Math.max(limit, followed.length));
}

/** One review as its page shows it (a held one to its author and moderators only, a draft to its author only). */
export async function findReview(db: Database, reviewId: number, viewer: { userId: number | null; moderator: boolean }) {
  const [row] = await db.select(reviewFields).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(eq(reviews.id, reviewId)).limit(1);
  if (!row) return null;
  const review = toView(row as ReviewSelect);
  if (review.status !== "published" && !viewer.moderator && review.author.id !== viewer.userId) return null;
  // An imported review kept private (decision 027) is its author's alone.
  if (review.status === "draft" && review.author.id !== viewer.userId) return null;
  return review;
}

/** The stored count and average of a target's published reviews. */
export async function reviewStats(db: Database, titleId: number, episodeId = 0) {
  return reviewStatsOf(await reviewCountsQuery(db, titleId, episodeId));
}

function reviewCountsQuery(db: Database, titleId: number, episodeId: number) {
  return db
    .select({ reviewCount: communityCounts.reviewCount, scoreSum: communityCounts.scoreSum, commentCount: communityCounts.commentCount })
    .from(communityCounts)
    .where(and(eq(communityCounts.targetKind, episodeId ? "episode" : "title"), eq(communityCounts.targetId, episodeId || titleId)))
    .limit(1);
}

function reviewStatsOf([row]: Awaited<ReturnType<typeof reviewCountsQuery>>) {
  const reviewCount = row?.reviewCount ?? 0;
  return {
    reviewCount,
    average: reviewCount ? Math.round((row!.scoreSum / reviewCount) * 10) / 10 : null,
    commentCount: row?.commentCount ?? 0,
  };
}

/** The signed-in viewer's votes on some reviews (one query for a page). */
export async function votesOf(db: Database, userId: number | null, reviewIds: number[]) {
  if (!userId || reviewIds.length === 0) return {} as Record<number, boolean>;
  return votesFrom(await votesQuery(db, userId, reviewIds));
}

function votesQuery(db: Database, userId: number, reviewIds: number[]) {
  return db
    .select({ reviewId: reviewVotes.reviewId, helpful: reviewVotes.helpful })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.userId, userId), inArray(reviewVotes.reviewId, reviewIds)));
}

const votesFrom = (rows: { reviewId: number; helpful: boolean }[]) => Object.fromEntries(rows.map((row) => [row.reviewId, row.helpful])) as Record<number, boolean>;

/**
 * A reviews page's reads after its list, in one round trip (decision 048): the stored stats and, for a
 * member, their votes on the listed reviews, their own review (as its form shows it) and their rating
 * of the target (a new review's score starts from it: one value, decision 030).
 */
export async function reviewsPageExtras(db: Database, titleId: number, episodeId: number, viewerId: number | null, reviewIds: number[]) {
  if (viewerId === null) return { stats: await reviewStats(db, titleId, episodeId), votes: {} as Record<number, boolean>, own: null, myRating: null };
  const [counts, votes, [own], [rating]] = await batchReads(db, [
    reviewCountsQuery(db, titleId, episodeId),
    // No listed review: an id no review has, so the batch keeps its shape.
    votesQuery(db, viewerId, reviewIds.length ? reviewIds : [0]),
    db
      .select({ id: reviews.id, score: reviews.score, headline: reviews.headline, body: reviews.body, spoiler: reviews.spoiler, status: reviews.status })
      .from(reviews)
      .where(ownReview(viewerId, titleId, episodeId))
      .limit(1),
    db
      .select({ rating: ratings.rating })
      .from(ratings)
      .where(and(eq(ratings.userId, viewerId), eq(ratings.titleId, titleId), episodeId ? eq(ratings.episodeId, episodeId) : sql`${ratings.episodeId} IS NULL`))
      .limit(1),
  ]);
  return {
    stats: reviewStatsOf(counts),
    votes: votesFrom(votes),
    own: own ?? null,
    myRating: rating?.rating ?? null,
  };
}

const titleReviewCounts = preparedRead((db, { titleId }: { titleId: number }) =>
  db
    .select({ reviewCount: communityCounts.reviewCount, scoreSum: communityCounts.scoreSum, commentCount: communityCounts.commentCount })
    .from(communityCounts)
    .where(and(eq(communityCounts.targetKind, "title"), eq(communityCounts.targetId, titleId)))
    .limit(1),
);

const titleTopReviews = preparedRead((db, { titleId, top }: { titleId: number; top: number }) =>
  db
    .select(reviewFields)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.titleId, titleId), eq(reviews.episodeId, 0), eq(reviews.status, "published")))
    .orderBy(desc(reviews.helpfulCount), desc(reviews.id))
    .limit(top),
);

/** The reads of a title page's reviews section (stored counts, the top reviews), for a batch of the caller's; their SQL is built once per isolate (decision 045). */
export function titlePageReviewsQueries(db: Database, titleId: number, top: number) {
  return [titleReviewCounts(db, { titleId }), titleTopReviews(db, { titleId, top })] as const;
}

/**
 * What titlePageReviewsQueries read, as the section shows it; `ownReviewId` is the signed-in viewer's review,
 * `followed` the reviews of the people they follow (followedReviewsFrom), which lead the `top` shown.
 */
export function titlePageReviewsFrom([statsRows, rows]: BatchResponse<ReturnType<typeof titlePageReviewsQueries>>, top: number, ownReviewId: number | null, followed: ReviewView[] = []) {
  const row = statsRows[0];
  const reviewCount = row?.reviewCount ?? 0;
  const stats = { reviewCount, average: reviewCount ? Math.round((row!.scoreSum / reviewCount) * 10) / 10 : null, commentCount: row?.commentCount ?? 0 };
  return {
    stats,
    reviews: withFollowedFirst(
      followed.slice(0, top),
      rows.map((r) => toView(r as ReviewSelect)),
      top,
    ),
    ownReviewId,
  };
}

/** The reviews section of an episode's page: its stored stats, top reviews (the viewer's follows' first) and the viewer's own. */
export async function episodePageReviews(db: Database, titleId: number, episodeId: number, viewerId: number | null, top: number) {
  const [stats, page, own, followed] = await Promise.all([
    reviewStats(db, titleId, episodeId),
    listReviews(db, titleId, episodeId, { sort: "helpful", limit: top }),
    viewerId ? findOwnReview(db, viewerId, titleId, episodeId) : null,
    viewerId ? followedReviewsQuery(db, viewerId, titleId, episodeId, top) : [],
  ]);
  return { stats, reviews: withFollowedFirst(followedReviewsFrom(followed), page.reviews, top), ownReviewId: own?.id ?? null };
}

/**
 * schema.org Review and AggregateRating from this site's own users' reviews
 * only (never another site's ratings); the title's JSON-LD gets them when
 * there are published reviews.
 */
export function reviewsJsonLd(
  base: Record<string, unknown>,
  summary: { stats: { reviewCount: number; average: number | null }; reviews: ReviewView[] },
  origin: string,
  title: Pick<ReviewTitle, "id" | "slug">,
) {
  if (!summary.stats.reviewCount || summary.stats.average === null) return base;
  return {
    ...base,
    aggregateRating: { "@type": "AggregateRating", ratingValue: summary.stats.average, bestRating: 10, worstRating: 1, reviewCount: summary.stats.reviewCount },
    review: summary.reviews.map((r) => ({
      "@type": "Review",
      name: r.headline,
      url: `${origin}${reviewPath(title, r.id)}`,
      author: { "@type": "Person", name: r.author.name || "Member" },
      datePublished: r.createdAt.slice(0, 10),
      reviewRating: { "@type": "Rating", ratingValue: r.score, bestRating: 10, worstRating: 1 },
    })),
  };
}
