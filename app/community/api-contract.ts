import { z } from "zod";
import { defineEndpoint, errorResponses, idParam, messageSchema } from "~/api/contract";
import { HUMAN_CHECK_FIELD } from "~/auth/human-check.server";
import { COMMENT_ORDERS, commentEditSchema, commentInputSchema, moderationInputSchema, newReviewInputSchema, reportInputSchema, REVIEW_SORTS, reviewInputSchema, voteInputSchema } from "./schema";
import { COMMENT_TARGET_KINDS, POST_STATUSES, REPORT_SUBJECTS } from "./tables";

/**
 * Reviews, comments, votes, reports and moderation over api/v1 (decision 025).
 * Bodies are the very schemas the pages' forms are validated with
 * (app/community/schema.ts). `body_html` is sanitised HTML (escaped text,
 * paragraphs, nofollow links); everything else people wrote is plain text.
 */

const tag = "Reviews and comments";
const humanCheck = { [HUMAN_CHECK_FIELD]: z.string().max(2048).optional().describe("The Turnstile token, when the human check is on for comments.") };

const authorSchema = z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() });

export const reviewSchema = z
  .object({
    id: z.number().int(),
    title_id: z.number().int(),
    episode_id: z.number().int().describe("0: a review of the title itself."),
    score: z.number().int().min(1).max(10),
    headline: z.string().describe("Plain text."),
    body_html: z.string(),
    spoiler: z.boolean(),
    status: z.enum(POST_STATUSES).describe("held: waiting for a moderator (shown to its author only)."),
    helpful_count: z.number().int(),
    not_helpful_count: z.number().int(),
    comment_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    author: authorSchema,
  })
  .meta({ title: "Review" });

export const commentSchema = z
  .object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    depth: z.number().int().describe("0 top-level, 1 a reply, 2 a reply to a reply."),
    body_html: z.string().describe("Empty for a deleted comment."),
    deleted: z.boolean().describe('Deleted with replies: shown as "[deleted]".'),
    status: z.enum(POST_STATUSES),
    reply_count: z.number().int(),
    created_at: z.string(),
    edited_at: z.string().nullable(),
    author: authorSchema.nullable(),
  })
  .meta({ title: "Comment" });

const threadItemSchema = commentSchema.extend({
  replies: z.array(commentSchema).describe("The thread's first replies (or those after `replies_after`), oldest first (parent_id tells where each goes)."),
  more_replies_after: z.number().int().nullable().describe("When the thread has more replies: pass it as `replies_after` with `thread` for the next ones."),
});

const statsSchema = z.object({ review_count: z.number().int(), average: z.number().nullable(), comment_count: z.number().int() });

const titleId = idParam("id", "Title id.");
const reviewId = idParam("id", "Review id.");
const commentId = idParam("id", "Comment id.");

export const listTitleReviewsEndpoint = defineEndpoint({
  method: "get",
  path: "/titles/{id}/reviews",
  operationId: "listTitleReviews",
  summary: "A title's reviews",
  description: "Published reviews, keyset-paged: pass `next_cursor` back as `cursor`. Stored count and average come with them.",
  tag,
  access: "public",
  permission: "titles.view",
  params: titleId,
  query: z.object({
    sort: z.enum(REVIEW_SORTS).default("helpful"),
    cursor: z.string().max(40).optional(),
    episode_id: z.coerce.number().int().nonnegative().default(0).describe("An episode of this series (0: the title itself)."),
  }),
  responses: {
    200: { description: "One page.", schema: z.object({ reviews: z.array(reviewSchema), next_cursor: z.string().nullable(), stats: statsSchema }) },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const createReviewEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/titles/{id}/reviews",
  operationId: "createReview",
  summary: "Review a title (or one of its episodes)",
  description:
    "One review per person per title or episode (a second is 409). Refused with 403 while the caller is banned from posting (the message says until when and why), 429 over the rate limit, 422 for more than 3 links or a duplicate. A new account's post (when the site holds them) or one with a held word gets status `held`.",
  tag,
  access: "user",
  permission: "reviews.create",
  params: titleId,
  body: newReviewInputSchema.extend(humanCheck),
  responses: { 201: { description: "The review.", schema: z.object({ review: reviewSchema }) }, ...errorResponses(401, 403, 404, 409, 422, 429) },
});

export const getReviewEndpoint = defineEndpoint({
  method: "get",
  path: "/reviews/{id}",
  operationId: "getReview",
  summary: "A review",
  tag,
  access: "public",
  permission: "titles.view",
  params: reviewId,
  responses: { 200: { description: "The review.", schema: z.object({ review: reviewSchema }) }, ...errorResponses(401, 403, 404, 429) },
});

export const updateReviewEndpoint = defineEndpoint({
  method: "put",
  scope: "lists:write",
  path: "/reviews/{id}",
  operationId: "updateReview",
  summary: "Edit your review",
  tag,
  access: "user",
  permission: "reviews.create",
  params: reviewId,
  body: reviewInputSchema.extend(humanCheck),
  responses: { 200: { description: "The review.", schema: z.object({ review: reviewSchema }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const deleteReviewEndpoint = defineEndpoint({
  method: "delete",
  scope: "lists:write",
  path: "/reviews/{id}",
  operationId: "deleteReview",
  summary: "Delete your review (or any, with reviews.moderate)",
  tag,
  access: "user",
  params: reviewId,
  responses: { 200: { description: "Deleted with its votes and comments.", schema: messageSchema }, ...errorResponses(401, 403, 404, 429) },
});

export const voteReviewEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/reviews/{id}/vote",
  operationId: "voteReview",
  summary: "Vote a review helpful or not",
  description: "One vote per person (voting again changes it); not on your own review (422).",
  tag,
  access: "user",
  params: reviewId,
  body: voteInputSchema,
  responses: {
    200: { description: "The review's counts.", schema: z.object({ helpful_count: z.number().int(), not_helpful_count: z.number().int() }) },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const reportReviewEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/reviews/{id}/report",
  operationId: "reportReview",
  summary: "Report a review to the moderators",
  tag,
  access: "user",
  params: reviewId,
  body: reportInputSchema,
  responses: { 200: { description: "Reported (a second report by the same person changes nothing).", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const listCommentsEndpoint = defineEndpoint({
  method: "get",
  path: "/comments",
  operationId: "listComments",
  summary: "A comment thread",
  description: "Top-level comments of a title, episode, list or review, newest or oldest first (keyset: pass `next_cursor` as `cursor`), each with its replies.",
  tag,
  access: "public",
  permission: "titles.view",
  query: z.object({
    target_kind: z.enum(COMMENT_TARGET_KINDS),
    target_id: z.coerce.number().int().positive(),
    order: z.enum(COMMENT_ORDERS).default("newest"),
    cursor: z.coerce.number().int().positive().optional(),
    thread: z.coerce.number().int().positive().optional().describe("One top-level comment, for the next page of its replies."),
    replies_after: z.coerce.number().int().nonnegative().optional().describe("With `thread`: replies after this id (its `more_replies_after`)."),
  }),
  responses: {
    200: { description: "One page.", schema: z.object({ comments: z.array(threadItemSchema), next_cursor: z.number().int().nullable() }) },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const createCommentEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/comments",
  operationId: "createComment",
  summary: "Comment, or reply to a comment",
  description: "Replies go two levels deep (a reply to a reply to a reply is 422). The same refusals as reviews (ban, rate limit, links, duplicates).",
  tag,
  access: "user",
  permission: "comments.create",
  body: commentInputSchema.extend(humanCheck),
  responses: { 201: { description: "The comment.", schema: z.object({ comment: z.object({ id: z.number().int(), status: z.enum(POST_STATUSES) }) }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const updateCommentEndpoint = defineEndpoint({
  method: "put",
  scope: "lists:write",
  path: "/comments/{id}",
  operationId: "updateComment",
  summary: "Edit your comment (within 15 minutes of posting)",
  tag,
  access: "user",
  permission: "comments.create",
  params: commentId,
  body: commentEditSchema.extend(humanCheck),
  responses: { 200: { description: "Saved.", schema: z.object({ comment: z.object({ id: z.number().int(), status: z.enum(POST_STATUSES) }) }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const deleteCommentEndpoint = defineEndpoint({
  method: "delete",
  scope: "lists:write",
  path: "/comments/{id}",
  operationId: "deleteComment",
  summary: "Delete your comment (or any, with comments.moderate)",
  description: 'One with replies stays in the thread as "[deleted]".',
  tag,
  access: "user",
  params: commentId,
  responses: { 200: { description: "Deleted.", schema: messageSchema }, ...errorResponses(401, 403, 404, 429) },
});

export const reportCommentEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/comments/{id}/report",
  operationId: "reportComment",
  summary: "Report a comment to the moderators",
  tag,
  access: "user",
  params: commentId,
  body: reportInputSchema,
  responses: { 200: { description: "Reported.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

const queueItemSchema = z
  .object({
    kind: z.enum(REPORT_SUBJECTS),
    id: z.number().int(),
    status: z.enum(POST_STATUSES),
    headline: z.string().nullable(),
    body_html: z.string(),
    open_reports: z.number().int(),
    reasons: z.array(z.string()),
    created_at: z.string(),
    author: z.object({ id: z.number().int(), name: z.string(), email: z.string(), banned_until: z.string().nullable() }),
    path: z.string().nullable(),
  })
  .meta({ title: "ModerationItem" });

export const moderationQueueEndpoint = defineEndpoint({
  method: "get",
  scope: "moderation",
  path: "/moderation/queue",
  operationId: "moderationQueue",
  summary: "Held and reported reviews and comments (moderators)",
  description: "Needs reviews.moderate or comments.moderate (each shows its half).",
  tag,
  access: "user",
  responses: { 200: { description: "The queue, newest first.", schema: z.object({ items: z.array(queueItemSchema) }) }, ...errorResponses(401, 403, 429) },
});

export const moderateEndpoint = defineEndpoint({
  method: "post",
  scope: "moderation",
  path: "/moderation/actions",
  operationId: "moderate",
  summary: "Approve, hide or delete a post, or ban its author from posting (moderators)",
  description:
    "Audit-logged; the author is notified. `ban` needs `ban_days` and `reason`; `ban_scope` (comments, reviews, all) defaults to the kind of the post and needs the matching moderation permission (`all`: both). Staff and accounts holding a permission the moderator lacks cannot be banned (403).",
  tag,
  access: "user",
  body: moderationInputSchema,
  responses: { 200: { description: "Done.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const communityEndpoints = [
  listTitleReviewsEndpoint,
  createReviewEndpoint,
  getReviewEndpoint,
  updateReviewEndpoint,
  deleteReviewEndpoint,
  voteReviewEndpoint,
  reportReviewEndpoint,
  listCommentsEndpoint,
  createCommentEndpoint,
  updateCommentEndpoint,
  deleteCommentEndpoint,
  reportCommentEndpoint,
  moderationQueueEndpoint,
  moderateEndpoint,
];
