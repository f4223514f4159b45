import type { Route } from "./+types/comments";
import { apiAction, apiLoader, json, on } from "~/json-api/handler.server";
import { HUMAN_CHECK_FIELD } from "~/auth/human-check.server";
import { asApi } from "~/json-api/domain-error.server";
import { threadJson } from "~/community/api.server";
import { createCommentEndpoint, listCommentsEndpoint } from "~/community/api-contract";
import { commentTarget, createComment, listThread } from "~/community/comments.server";
import { communityServices } from "~/community/services.server";

/** GET api/v1/comments?target_kind=&target_id= (a thread, keyset pages); POST a comment or reply. */
export const loader = apiLoader(listCommentsEndpoint, async ({ app, query }) =>
  asApi(app.t, async () => {
    const target = await commentTarget(app.db, query.target_kind, query.target_id, app.user?.id ?? null);
    const replies = query.thread ? { rootId: query.thread, after: query.replies_after ?? 0 } : null;
    const thread = await listThread(app.db, target, { order: query.order, cursor: query.cursor ?? null, replies, viewerId: app.user?.id ?? null });
    return { comments: thread.comments.map(threadJson), next_cursor: thread.nextCursor };
  }),
) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = apiAction(
  on(createCommentEndpoint, async ({ app, context, request, body }) =>
    asApi(app.t, async () => {
      const { id, status } = await createComment(communityServices(context, request), body, body[HUMAN_CHECK_FIELD]);
      return json({ comment: { id, status } }, 201);
    }),
  ),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
