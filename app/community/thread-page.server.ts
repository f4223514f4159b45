import { data } from "react-router";
import type { AppContext } from "~/request/context";
import { listThread } from "./comments.server";
import { COMMENT_ORDERS, type CommentOrder } from "./input";
import type { CommentTargetKind } from "./schema";

/** A thread page's comments from its query (?order=newest|oldest&cursor=id). */
export async function threadFromQuery(app: AppContext, request: Request, target: { kind: CommentTargetKind; id: number }) {
  const url = new URL(request.url);
  const orderParam = url.searchParams.get("order");
  const order: CommentOrder = (COMMENT_ORDERS as readonly string[]).includes(orderParam ?? "") ? (orderParam as CommentOrder) : "newest";
  const cursorParam = url.searchParams.get("cursor");
  if (cursorParam !== null && !/^\d{1,15}$/.test(cursorParam)) throw data(null, { status: 404 });
  const thread = await listThread(app.db, target, { order, cursor: cursorParam ? Number(cursorParam) : null, viewerId: app.user?.id ?? null });
  return { order, cursor: cursorParam, ...thread };
}
