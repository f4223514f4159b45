import { and, asc, eq, gt, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { titles } from "~/catalogue/tables";
import { reviewPath } from "~/http/review-paths";
import { reviews } from "~/community/tables";
import { FOLLOW_ALERT_REVIEWS_PER_RUN } from "~/constants";
import { ratings } from "~/library/tables";
import { notify } from "~/notifications/deliver.server";
import { notificationSubscriptions } from "~/notifications/tables";
import type { NotificationServices } from "~/notifications/services.server";
import { publicName } from "~/profiles/public-profile";
import { followedReviewMessage } from "./messages.server";
import { followReviewAlerts, follows, memberSocial, socialJobCursors } from "./tables";

const CURSOR = "followed_review";

/**
 * The Cron job's "someone you follow reviewed a title you rated" (decision
 * 033; off until a member turns it on). Reads the reviews written since its
 * last run up to `now` (by id, past its stored cursor), and for each tells
 * the author's followers who rated that title and chose the alert. Each
 * member and review is told once: the follow_review_alerts row is inserted
 * first and only a row that was new is told, so a re-run, an overlapping run
 * or a reset cursor sends nothing twice.
 */
export async function sendFollowedReviewAlerts(services: NotificationServices, now = new Date()) {
  const { db } = services;
  const [cursorRow] = await db.select({ lastId: socialJobCursors.lastId }).from(socialJobCursors).where(eq(socialJobCursors.name, CURSOR));
  const after = cursorRow?.lastId ?? 0;
  const batch = await db
    .select({ id: reviews.id, userId: reviews.userId, titleId: reviews.titleId, headline: reviews.headline, status: reviews.status, episodeId: reviews.episodeId, createdAt: reviews.createdAt })
    .from(reviews)
    .where(gt(reviews.id, after))
    .orderBy(asc(reviews.id))
    .limit(FOLLOW_ALERT_REVIEWS_PER_RUN);
  let lastId = after;
  let sent = 0;
  for (const review of batch) {
    // Reviews from after the clock wait for a later run (ids follow time, so stop here).
    if (review.createdAt.getTime() > now.getTime()) break;
    lastId = review.id;
    if (review.status !== "published" || review.episodeId !== 0) continue;
    sent += await alertFollowersOf(services, review);
  }
  if (lastId !== after) {
    await db
      .insert(socialJobCursors)
      .values({ name: CURSOR, lastId })
      .onConflictDoUpdate({ target: socialJobCursors.name, set: { lastId: sql`max(${socialJobCursors.lastId}, excluded.last_id)` } });
  }
  return { reviews: lastId === after ? 0 : batch.filter((r) => r.id <= lastId).length, sent };
}

async function alertFollowersOf(services: NotificationServices, review: { id: number; userId: number; titleId: number; headline: string }) {
  const { db } = services;
  // The author's active followers who rated the title and chose this alert (follows_followee_idx, then primary keys).
  const recipients = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(follows)
    .innerJoin(ratings, and(eq(ratings.userId, follows.followerId), eq(ratings.titleId, review.titleId), sql`${ratings.episodeId} IS NULL`))
    .innerJoin(notificationSubscriptions, and(eq(notificationSubscriptions.userId, follows.followerId), eq(notificationSubscriptions.notifId, "social.followed_review")))
    .innerJoin(users, eq(users.id, follows.followerId))
    .leftJoin(memberSocial, eq(memberSocial.userId, review.userId))
    .where(and(eq(follows.followeeId, review.userId), eq(follows.status, "active"), sql`coalesce(${memberSocial.activityVisibility}, 'everyone') <> 'only_me'`, sql`${users.bannedAt} IS NULL`));
  if (recipients.length === 0) return 0;
  const claimed = await db
    .insert(followReviewAlerts)
    .values(recipients.map((r) => ({ userId: r.id, reviewId: review.id })))
    .onConflictDoNothing()
    .returning({ userId: followReviewAlerts.userId });
  const fresh = new Set(claimed.map((c) => c.userId));
  const toTell = recipients.filter((r) => fresh.has(r.id));
  if (toTell.length === 0) return 0;
  const [[author], [title]] = await Promise.all([
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName, username: users.username }).from(users).where(eq(users.id, review.userId)),
    db.select({ id: titles.id, name: titles.name, slug: titles.slug }).from(titles).where(eq(titles.id, review.titleId)),
  ]);
  if (!author || !title) return 0;
  await notify(services, toTell, followedReviewMessage({ name: publicName(author) ?? `#${author.id}`, title: title.name, headline: review.headline, path: reviewPath(title, review.id) }));
  return toTell.length;
}
