import type { Route } from "./+types/ratings";
import { apiAction, apiLoader, on } from "~/json-api/handler.server";
import { LIBRARY_PAGE_SIZE } from "~/constants";
import { listRatingsEndpoint, rateEndpoint } from "~/library/api-contract";
import { asApi, snakeCase } from "~/json-api/domain-error.server";
import { episodeRef, iso, titleRef } from "~/library/api.server";
import { listRatings, setRating } from "~/library/ratings.server";

/** GET api/v1/ratings?page → my ratings. */
export const loader = apiLoader(listRatingsEndpoint, async ({ app, query }) => {
  const { items, hasMore } = await listRatings(app.db, app.user!.id, { page: query.page });
  return {
    data: items.map((row) => ({ title: titleRef(row), episode: episodeRef(row), rating: row.rating, updated_at: iso(row.updatedAt) })),
    page: query.page,
    per_page: LIBRARY_PAGE_SIZE,
    has_more: hasMore,
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

/** POST api/v1/ratings {title_id, episode_id?, rating} → my rating and the new average. */
export const action = apiAction(
  on(rateEndpoint, async ({ app, body }) => {
    const result = await asApi(app.t, () => setRating(app.db, app.user!.id, { titleId: body.title_id, episodeId: body.episode_id, rating: body.rating }), snakeCase);
    return { rating: body.rating, title_id: result.titleId, episode_id: result.episodeId, average: { rating: result.average.rating, vote_count: result.average.voteCount } };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
