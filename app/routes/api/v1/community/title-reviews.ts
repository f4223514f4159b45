import type { Route } from "./+types/title-reviews";
import { apiAction, apiLoader, json, on } from "~/json-api/handler.server";
import { HUMAN_CHECK_FIELD } from "~/auth/human-check.server";
import { asApi } from "~/json-api/domain-error.server";
import { reviewJson } from "~/community/api.server";
import { createReviewEndpoint, listTitleReviewsEndpoint } from "~/community/api-contract";
import { createReview, findReview, listReviews, reviewStats, reviewTarget } from "~/community/reviews.server";
import { communityServices } from "~/community/services.server";

/** GET api/v1/titles/{id}/reviews (keyset pages); POST a review. */
export const loader = apiLoader(listTitleReviewsEndpoint, async ({ app, params, query }) => {
  const titleId = Number(params.id);
  return asApi(app.t, async () => {
    await reviewTarget(app.db, titleId, query.episode_id);
    const [page, stats] = await Promise.all([listReviews(app.db, titleId, query.episode_id, { sort: query.sort, cursor: query.cursor ?? null }), reviewStats(app.db, titleId, query.episode_id)]);
    return {
      reviews: page.reviews.map(reviewJson),
      next_cursor: page.nextCursor,
      stats: { review_count: stats.reviewCount, average: stats.average, comment_count: stats.commentCount },
    };
  });
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = apiAction(
  on(createReviewEndpoint, async ({ app, context, request, params, body }) =>
    asApi(app.t, async () => {
      const { id } = await createReview(communityServices(context, request), Number(params.id), body, body[HUMAN_CHECK_FIELD]);
      const review = await findReview(app.db, id, { userId: app.user!.id, moderator: false });
      return json({ review: reviewJson(review!) }, 201);
    }),
  ),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
