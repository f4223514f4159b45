import type { Route } from "./+types/watchlist";
import { apiAction, apiLoader, on } from "~/json-api/handler.server";
import { LIBRARY_PAGE_SIZE } from "~/constants";
import { addToWatchlistEndpoint, listWatchlistEndpoint } from "~/library/api-contract";
import { asApi, snakeCase } from "~/json-api/domain-error.server";
import { iso, titleRef } from "~/library/api.server";
import { addToWatchlist, listWatchlist } from "~/library/watchlist.server";

/** GET api/v1/watchlist?sort&type&genre&release&page → my watchlist. */
export const loader = apiLoader(listWatchlistEndpoint, async ({ app, query }) => {
  const { items, hasMore } = await listWatchlist(app.db, app.user!.id, query);
  return {
    data: items.map((row) => ({ ...titleRef(row), release_date: row.releaseDate, rating: row.rating, external_rating: row.externalRating, added_at: iso(row.addedAt) })),
    page: query.page,
    per_page: LIBRARY_PAGE_SIZE,
    has_more: hasMore,
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

/** POST api/v1/watchlist {title_id}. */
export const action = apiAction(
  on(addToWatchlistEndpoint, async ({ app, body }) => {
    const result = await asApi(app.t, () => addToWatchlist(app.db, app.user!.id, body.title_id), snakeCase);
    return { message: app.t("Added :name to your watchlist", { name: result.titleName }), title_id: result.titleId, in_watchlist: true as const };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
