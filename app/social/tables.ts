import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { titles } from "~/catalogue/tables";
import { reviews } from "~/community/tables";
import { createdAt, updatedAt } from "~/db/columns";

/**
 * Follows, blocks and the activity feed (decision 033).
 *
 * - `follows`: one row per follower and followed member; `pending` while a
 *   private profile's owner has not approved it.
 * - `user_blocks`: the blocker and the member they blocked (silent to them).
 * - `member_social`: stored follower / following / request counts, recounted
 *   in the batch that changes `follows`, and who sees the member's activity.
 * - `activities`: what members did, written by SQL triggers on ratings,
 *   watch_history, reviews, review_votes, lists and list_likes (migration
 *   0060), so every write path (forms, API, imports) records it atomically.
 * - `follow_review_alerts`: each "someone you follow reviewed a title you
 *   rated" alert sent, so the Cron job sends it once.
 */
export const FOLLOW_STATUSES = ["active", "pending"] as const;
export type FollowStatus = (typeof FOLLOW_STATUSES)[number];
export const ACTIVITY_VISIBILITIES = ["everyone", "followers", "only_me"] as const;
export type ActivityVisibility = (typeof ACTIVITY_VISIBILITIES)[number];
export const ACTIVITY_KINDS = ["rating", "watch", "review", "list", "list_like", "review_like"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const follows = sqliteTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: integer("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: FOLLOW_STATUSES }).notNull().default("active"),
    createdAt: createdAt(),
    /** The library import that restored this follow (decision 027), for its undo. */
    importId: integer("import_id"),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_import_idx").on(t.importId).where(sql`${t.importId} IS NOT NULL`),
    index("follows_followee_idx").on(t.followeeId, t.status, t.createdAt),
    index("follows_follower_idx").on(t.followerId, t.status, t.createdAt),
    check("follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
    check("follows_status", sql`${t.status} IN ('active', 'pending')`),
  ],
);

export const userBlocks = sqliteTable(
  "user_blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("user_blocks_blocked_idx").on(t.blockedId, t.blockerId), check("user_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`)],
);

export const memberSocial = sqliteTable(
  "member_social",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    followersCount: integer("followers_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
    requestsCount: integer("requests_count").notNull().default(0),
    activityVisibility: text("activity_visibility", { enum: ACTIVITY_VISIBILITIES }).notNull().default("everyone"),
    updatedAt: updatedAt(),
  },
  (t) => [check("member_social_visibility", sql`${t.activityVisibility} IN ('everyone', 'followers', 'only_me')`)],
);

export const activities = sqliteTable(
  "activities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACTIVITY_KINDS }).notNull(),
    titleId: integer("title_id").references(() => titles.id, { onDelete: "cascade" }),
    episodeId: integer("episode_id"),
    subjectId: integer("subject_id").notNull(),
    rating: integer("rating"),
    watchedOn: text("watched_on"),
    createdAt: createdAt(),
  },
  (t) => [index("activities_user_idx").on(t.userId, t.id), index("activities_subject_idx").on(t.kind, t.subjectId)],
);

export const followReviewAlerts = sqliteTable(
  "follow_review_alerts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reviewId] })],
);

export const socialJobCursors = sqliteTable("social_job_cursors", {
  name: text("name").primaryKey(),
  lastId: integer("last_id").notNull().default(0),
});
