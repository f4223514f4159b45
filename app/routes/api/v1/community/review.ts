import type { Route } from "./+types/review";
import { apiAction, apiLoader, notFound, on } from "~/json-api/handler.server";
import { HUMAN_CHECK_FIELD } from "~/auth/human-check.server";
import { hasPermission } from "~/request/viewer";
import { asApi } from "~/json-api/domain-error.server";
import { reviewJson } from "~/community/api.server";
import { deleteReviewEndpoint, getReviewEndpoint, updateReviewEndpoint } from "~/community/api-contract";
import { deleteReview, findReview, updateReview } from "~/community/reviews.server";
import { communityServices } from "~/community/services.server";

/** GET, PUT and DELETE api/v1/reviews/{id}. */
export const loader = apiLoader(getReviewEndpoint, async ({ app, params }) => {
  const review = await findReview(app.db, Number(params.id), { userId: app.user?.id ?? null, moderator: hasPermission(app.viewer, "reviews.moderate") });
  if (!review) notFound(app.t("Nothing here."));
  return { review: reviewJson(review) };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = apiAction(
  on(updateReviewEndpoint, async ({ app, context, request, params, body }) =>
    asApi(app.t, async () => {
      const { id } = await updateReview(communityServices(context, request), Number(params.id), body, body[HUMAN_CHECK_FIELD]);
      return { review: reviewJson((await findReview(app.db, id, { userId: app.user!.id, moderator: false }))!) };
    }),
  ),
  on(deleteReviewEndpoint, async ({ app, context, request, params }) =>
    asApi(app.t, async () => {
      await deleteReview(communityServices(context, request), Number(params.id));
      return { message: app.t("Your review was deleted.") };
    }),
  ),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
