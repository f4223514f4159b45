import { FEED_HOME_ROW_ITEMS, FOR_YOU_ROW_ITEMS } from "~/constants";
import { loadFeed } from "~/social/feed.server";
import type { Database } from "~/db/client.server";
import { forYou } from "./for-you.server";
import { comingSoonFromWatchlist } from "./watchlist.server";

/**
 * The signed-in home page's personal rows: "Coming soon from your watchlist",
 * "For you" and "From people you follow". For the home page's loader to call for members only (the
 * guest home page stays the shared cached copy); render them with
 * <ComingSoonRow> and <ForYouRow> (app/library/ui/home-rows.tsx).
 */
export async function loadMemberHomeRows(db: Database, userId: number) {
  const [comingSoon, suggestions, feed] = await Promise.all([
    comingSoonFromWatchlist(db, userId),
    forYou(db, userId, FOR_YOU_ROW_ITEMS),
    // "From people you follow" (decision 033).
    loadFeed(db, userId, { limit: FEED_HOME_ROW_ITEMS }),
  ]);
  return {
    comingSoon: comingSoon.map(({ addedAt: _addedAt, ...title }) => title),
    forYou: suggestions.suggestions.map(({ score: _score, quality: _quality, popularity: _popularity, ...title }) => title),
    following: feed.items,
  };
}
export type MemberHomeRows = Awaited<ReturnType<typeof loadMemberHomeRows>>;
