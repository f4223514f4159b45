import type { CommentView } from "./comments.server";
import type { ReviewView } from "./reviews.server";

/** The api/v1 shapes of reviews and comments (app/community/api-contract.ts),. */

export function reviewJson(review: ReviewView) {
  return {
    id: review.id,
    title_id: review.titleId,
    episode_id: review.episodeId,
    score: review.score,
    headline: review.headline,
    body_html: review.bodyHtml,
    spoiler: review.spoiler,
    status: review.status,
    helpful_count: review.helpfulCount,
    not_helpful_count: review.notHelpfulCount,
    comment_count: review.commentCount,
    created_at: review.createdAt,
    updated_at: review.updatedAt,
    author: review.author,
  };
}

function commentJson(comment: CommentView) {
  return {
    id: comment.id,
    parent_id: comment.parentId,
    depth: comment.depth,
    body_html: comment.bodyHtml,
    deleted: comment.deleted,
    status: comment.status,
    reply_count: comment.replyCount,
    created_at: comment.createdAt,
    edited_at: comment.editedAt,
    author: comment.author,
  };
}

/** A top-level comment with every reply of its thread, flat (parent_id says where each goes). */
export function threadJson(comment: CommentView) {
  const replies: CommentView[] = [];
  const walk = (items: CommentView[]) => {
    for (const item of items) {
      replies.push(item);
      walk(item.replies);
    }
  };
  walk(comment.replies);
  return { ...commentJson(comment), replies: replies.sort((a, b) => a.id - b.id).map(commentJson), more_replies_after: comment.moreRepliesAfter };
}
