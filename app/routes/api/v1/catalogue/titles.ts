import type { Route } from "./+types/titles";
import { apiLoader, readOnlyAction } from "~/api/handler.server";
import { paginated } from "~/api/query";
import { listTitles } from "~/catalogue/api-contract";
import { titleSummary } from "~/catalogue/api.server";
import { browseTitles, countTitles } from "~/catalogue/browse.server";

/** GET api/v1/titles: the browse list, filtered, sorted and paginated. */
export const loader = apiLoader(listTitles, async ({ app, query }) => {
  const { perPage } = query;
  const filters = {
    type: query.type,
    genre: query.genre ? [query.genre] : [],
    genre_match: "any" as const,
    year_from: query.year_from,
    year_to: query.year_to,
    runtime_min: undefined,
    runtime_max: undefined,
    language: undefined,
    country: undefined,
    rating: query.rating,
    tmdb_rating: undefined,
    provider: undefined,
    certification: query.certification,
    order: query.order,
    dir: query.dir,
    page: query.page,
  };
  const [{ items }, total] = await Promise.all([browseTitles(app.db, filters, perPage), countTitles(app.db, filters)]);
  return paginated({ data: items.map(titleSummary), page: query.page, perPage, total });
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
