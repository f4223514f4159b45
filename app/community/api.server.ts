import { ApiError } from "~/json-api/handler.server";
import type { CommentView } from "./comments.server";
import type { ReviewView } from "./reviews.server";
import { CommunityError } from "./services.server";

/** The api/v1 shapes of reviews and comments (app/community/api-contract.ts), and refusals as API errors. */

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

/** Runs a community function; its refusals become the API's JSON errors. */
export async function asApi<T>(t: (key: string) => string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CommunityError) {
      throw new ApiError(error.status, t(error.message), error.field ? { [error.field]: [t(error.message)] } : undefined, error.headers);
    }
    throw error;
  }
}
