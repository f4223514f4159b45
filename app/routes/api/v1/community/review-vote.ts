import type { Route } from "./+types/review-vote";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { asApi } from "~/json-api/domain-error.server";
import { voteReviewEndpoint } from "~/community/api-contract";
import { voteReview } from "~/community/reviews.server";
import { communityServices } from "~/community/services.server";

/** POST api/v1/reviews/{id}/vote {helpful}. */
export const loader = writeOnlyLoader("POST");

export const action = apiAction(
  on(voteReviewEndpoint, async ({ app, context, request, params, body }) =>
    asApi(app.t, async () => {
      const counts = await voteReview(communityServices(context, request), Number(params.id), body.helpful);
      return { helpful_count: counts.helpfulCount, not_helpful_count: counts.notHelpfulCount };
    }),
  ),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
