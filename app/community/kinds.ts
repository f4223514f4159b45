/**
 * The community's fixed lists (decision 025), in a module without dependencies so
 * pages can use them in the browser without pulling in the schema or zod.
 */
export const POST_STATUSES = ["published", "held", "hidden", "draft"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const COMMENT_TARGET_KINDS = ["title", "episode", "review", "list"] as const;
export type CommentTargetKind = (typeof COMMENT_TARGET_KINDS)[number];
export const REPORT_REASONS = ["spam", "abuse", "spoiler", "off_topic", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_SUBJECTS = ["review", "comment"] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];
export const REVIEW_SORTS = ["helpful", "newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const COMMENT_ORDERS = ["newest", "oldest"] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];
/** What a posting ban stops: comments, reviews or both (decision 021, moderation rights per kind). */
export const BAN_SCOPES = ["comments", "reviews", "all"] as const;
export type BanScope = (typeof BAN_SCOPES)[number];
