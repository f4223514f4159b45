import type { Route } from "./+types/rating";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { removeRatingEndpoint } from "~/library/api-contract";
import { asApi, snakeCase } from "~/json-api/domain-error.server";
import { removeRating } from "~/library/ratings.server";

/** DELETE api/v1/ratings/{titleId}?episode_id → the average after removal. */
export const action = apiAction(
  on(removeRatingEndpoint, async ({ app, params, query }) => {
    const result = await asApi(app.t, () => removeRating(app.db, app.user!.id, { titleId: Number(params.titleId), episodeId: query.episode_id }), snakeCase);
    return { message: app.t("Rating removed"), average: { rating: result.average.rating, vote_count: result.average.voteCount } };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("DELETE");
