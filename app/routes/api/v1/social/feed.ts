import type { Route } from "./+types/feed";
import { apiLoader } from "~/json-api/handler.server";
import { getFeedEndpoint } from "~/social/api-contract";
import { loadFeed } from "~/social/feed.server";

/** GET api/v1/feed?cursor=: the caller's activity feed (decision 033). */
export const loader = apiLoader(getFeedEndpoint, async ({ app, query }) => {
  const feed = await loadFeed(app.db, app.user!.id, { before: query.cursor ?? null });
  return { items: feed.items, next_cursor: feed.next };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
