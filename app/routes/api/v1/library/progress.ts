import type { Route } from "./+types/progress";
import { apiLoader } from "~/json-api/handler.server";
import { LIBRARY_PAGE_SIZE } from "~/constants";
import { listProgressEndpoint } from "~/library/api-contract";
import { listProgress } from "~/library/history.server";

/** GET api/v1/progress?page → series in progress with the next episode. */
export const loader = apiLoader(listProgressEndpoint, async ({ app, query }) => {
  const { items, hasMore } = await listProgress(app.db, app.user!.id, { page: query.page });
  return {
    data: items.map((row) => ({
      title: { id: row.titleId, name: row.name, slug: row.slug, year: row.year, poster: row.poster },
      watched_episodes: row.watchedEpisodes,
      episode_count: row.episodeCount,
      last_watched_on: row.lastWatchedOn,
      next: row.next ? { season_number: row.next.seasonNumber, episode_number: row.next.episodeNumber, name: row.next.name } : null,
    })),
    page: query.page,
    per_page: LIBRARY_PAGE_SIZE,
    has_more: hasMore,
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
