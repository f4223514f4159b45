import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { titles } from "~/catalogue/tables";
import { createdAt, updatedAt } from "~/db/columns";
import { BAN_SCOPES, COMMENT_TARGET_KINDS, POST_STATUSES, REPORT_REASONS, REPORT_SUBJECTS } from "./kinds";

/**
 * Reviews and comments (decision 025).
 *
 * - `reviews`: one per user per title, or per episode of a series
 *   (`episode_id` 0 = the title itself, so one unique index covers both).
 *   `body_html` is rendered and sanitised on write (app/community/body.ts);
 *   `helpful_count`, `not_helpful_count` and `comment_count` are stored.
 * - `review_votes`: one helpful / not helpful vote per user per review.
 * - `comments`: on a (target_kind, target_id) pair; `root_id` is the
 *   top-level comment of a thread (0 for a top-level one) and
 *   `depth` 0, 1 or 2 (replies two levels deep). A deleted comment with
 *   replies keeps its row with `deleted_at` set and shows "[deleted]".
 * - `community_counts`: published reviews, their score sum and comments
 *   per target, kept in the same batch as every write (never counted per view).
 * - `content_reports`: one report per user per review or comment.
 * - `posting_bans`: a moderator's ban on posting comments, reviews or both
 *   (`scope`), until a time, with a reason.
 *
 * `status`: published (everyone), held (waiting for a moderator; the
 * author and moderators only), hidden (moderators only), draft (an imported
 * review kept private until its author publishes it: the author only).
 */
export { BAN_SCOPES, COMMENT_TARGET_KINDS, POST_STATUSES, REPORT_REASONS, REPORT_SUBJECTS };
export type { BanScope, CommentTargetKind, PostStatus, ReportReason, ReportSubject } from "./kinds";

export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    /** 0: a review of the title itself; else an episode of it. */
    episodeId: integer("episode_id").notNull().default(0),
    /** 1-10; read and written only through app/community/review-score.server.ts. */
    score: integer("score").notNull(),
    headline: text("headline").notNull(),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    spoiler: integer("spoiler", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: POST_STATUSES }).notNull().default("published"),
    helpfulCount: integer("helpful_count").notNull().default(0),
    notHelpfulCount: integer("not_helpful_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    openReports: integer("open_reports").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The highest helpful-vote milestone its author was told of (0: none); raised in the voting batch. */
    helpfulMilestone: integer("helpful_milestone").notNull().default(0),
    /** The import that added the review (decision 027). */
    importId: integer("import_id"),
  },
  (t) => [
    uniqueIndex("reviews_user_target_idx").on(t.userId, t.titleId, t.episodeId),
    // The reviews page, one index per sort (keyset: the sort column, then id).
    index("reviews_target_helpful_idx").on(t.titleId, t.episodeId, t.status, t.helpfulCount, t.id),
    index("reviews_target_newest_idx").on(t.titleId, t.episodeId, t.status, t.id),
    index("reviews_target_score_idx").on(t.titleId, t.episodeId, t.status, t.score, t.id),
    // The moderation queue and a user's recent posts (rate of duplicates).
    index("reviews_queue_idx").on(t.status, t.openReports).where(sql`${t.status} = 'held' OR ${t.openReports} > 0`),
    index("reviews_user_created_idx").on(t.userId, t.createdAt),
    index("reviews_import_idx").on(t.importId).where(sql`${t.importId} IS NOT NULL`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

export const reviewVotes = sqliteTable(
  "review_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    helpful: integer("helpful", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("review_votes_user_idx").on(t.userId)],
);

export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetKind: text("target_kind", { enum: COMMENT_TARGET_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
    parentId: integer("parent_id"),
    /** The thread's top-level comment (0 for a top-level comment itself). */
    rootId: integer("root_id").notNull().default(0),
    depth: integer("depth").notNull().default(0),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    status: text("status", { enum: POST_STATUSES }).notNull().default("published"),
    replyCount: integer("reply_count").notNull().default(0),
    openReports: integer("open_reports").notNull().default(0),
    createdAt: createdAt(),
    editedAt: integer("edited_at", { mode: "timestamp" }),
    deletedAt: integer("deleted_at", { mode: "timestamp" }),
  },
  (t) => [
    // A thread page: top-level comments of a target, newest or oldest first (keyset on id).
    index("comments_target_idx").on(t.targetKind, t.targetId, t.depth, t.id),
    // The replies of the top-level comments on that page.
    index("comments_root_idx").on(t.rootId, t.id),
    // A comment's replies: stored reply counts and "has replies" on delete.
    index("comments_parent_idx").on(t.parentId),
    index("comments_queue_idx").on(t.status, t.openReports).where(sql`${t.status} = 'held' OR ${t.openReports} > 0`),
    index("comments_user_created_idx").on(t.userId, t.createdAt),
  ],
);
export type CommentRow = typeof comments.$inferSelect;

export const communityCounts = sqliteTable(
  "community_counts",
  {
    targetKind: text("target_kind", { enum: COMMENT_TARGET_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
    reviewCount: integer("review_count").notNull().default(0),
    scoreSum: integer("score_sum").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.targetKind, t.targetId] })],
);

export const contentReports = sqliteTable(
  "content_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subjectKind: text("subject_kind", { enum: REPORT_SUBJECTS }).notNull(),
    subjectId: integer("subject_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp" }),
  },
  (t) => [uniqueIndex("content_reports_subject_user_idx").on(t.subjectKind, t.subjectId, t.userId)],
);

export const postingBans = sqliteTable(
  "posting_bans",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: BAN_SCOPES }).notNull().default("all"),
    until: integer("until", { mode: "timestamp" }).notNull(),
    reason: text("reason"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope] })],
);
