import type { CommentView } from "~/community/comments.server";
import type { Database } from "~/db/client.server";
import { myFollowStates } from "../social/follows.server";

/**
 * Whom a member follows among a review's author and a thread's commenters,
 * for the follow buttons beside their names: one statement. Undefined for a
 * guest (their copy is shared and has no buttons).
 */
export async function followsInThread(db: Database, viewerId: number | null, comments: CommentView[], extra: number[] = []) {
  if (viewerId === null) return undefined;
  const ids = new Set(extra);
  const walk = (list: CommentView[]) => {
    for (const c of list) {
      if (c.author) ids.add(c.author.id);
      walk(c.replies);
    }
  };
  walk(comments);
  ids.delete(viewerId);
  return Object.fromEntries(await myFollowStates(db, viewerId, [...ids]));
}
