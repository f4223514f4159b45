import { data } from "react-router";
import type { AppContext } from "~/request/context";
import { listThread } from "./comments.server";
import { COMMENT_ORDERS, type CommentOrder } from "./schema";
import type { CommentTargetKind } from "./tables";

/** A thread page's comments from its query (?order=newest|oldest&cursor=id). */
export async function threadFromQuery(app: AppContext, request: Request, target: { kind: CommentTargetKind; id: number }) {
  const url = new URL(request.url);
  const orderParam = url.searchParams.get("order");
  const order: CommentOrder = (COMMENT_ORDERS as readonly string[]).includes(orderParam ?? "") ? (orderParam as CommentOrder) : "newest";
  const cursorParam = url.searchParams.get("cursor");
  if (cursorParam !== null && !/^\d{1,15}$/.test(cursorParam)) throw data(null, { status: 404 });
  // ?thread=<top-level id>&after=<reply id>: "More replies" of one thread (keyset).
  const threadParam = url.searchParams.get("thread");
  const afterParam = url.searchParams.get("after");
  if ((threadParam !== null || afterParam !== null) && !(/^\d{1,15}$/.test(threadParam ?? "") && /^\d{1,15}$/.test(afterParam ?? ""))) throw data(null, { status: 404 });
  const replies = threadParam ? { rootId: Number(threadParam), after: Number(afterParam) } : null;
  const thread = await listThread(app.db, target, { order, cursor: cursorParam ? Number(cursorParam) : null, replies, viewerId: app.user?.id ?? null });
  if (replies && thread.comments.length === 0) throw data(null, { status: 404 });
  return { order, cursor: cursorParam, replies, ...thread };
}
