import type { Route } from "./+types/feed";
import { apiLoader } from "~/json-api/handler.server";
import { getFeedEndpoint } from "~/social/api-contract";
import { loadFeed } from "~/social/feed.server";

/** GET api/v1/feed?cursor=: the caller's activity feed (decision 033). */
export const loader = apiLoader(getFeedEndpoint, async ({ app, query }) => {
  const feed = await loadFeed(app.db, app.user!.id, { before: query.cursor ?? null });
  // watched_on on the wire (decision 036); watchedOn, the older name, stays in the answer for one release.
  const items = feed.items.map((item) => ({ ...item, titles: item.titles.map((title) => ({ ...title, watched_on: title.watchedOn })) }));
  return { items, next_cursor: feed.next };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
