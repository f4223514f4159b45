import type { Route } from "./+types/comment";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { HUMAN_CHECK_FIELD } from "~/auth/human-check.server";
import { asApi } from "~/json-api/domain-error.server";
import { deleteCommentEndpoint, updateCommentEndpoint } from "~/community/api-contract";
import { deleteComment, editComment } from "~/community/comments.server";
import { communityServices } from "~/community/services.server";

/** PUT and DELETE api/v1/comments/{id}. */
export const loader = writeOnlyLoader("PUT, DELETE");

export const action = apiAction(
  on(updateCommentEndpoint, async ({ app, context, request, params, body }) =>
    asApi(app.t, async () => ({ comment: await editComment(communityServices(context, request), Number(params.id), body.body, body[HUMAN_CHECK_FIELD]) })),
  ),
  on(deleteCommentEndpoint, async ({ app, context, request, params }) =>
    asApi(app.t, async () => {
      await deleteComment(communityServices(context, request), Number(params.id));
      return { message: app.t("The comment was deleted.") };
    }),
  ),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
