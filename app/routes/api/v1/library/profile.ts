import type { Route } from "./+types/profile";
import { ApiError, apiLoader, notFound } from "~/json-api/handler.server";
import { getProfileEndpoint } from "~/library/api-contract";
import { titleRef } from "~/library/api.server";
import { loadProfileActivity, loadProfileWithLibrary } from "~/library/profile.server";
import { publicName } from "~/profiles/public-profile";
import { relationBetween } from "~/social/follows.server";

/** GET api/v1/profiles/{id}: a public profile; a private one is 403 to all but its owner. */
export const loader = apiLoader(getProfileEndpoint, async ({ app, params }) => {
  const id = Number(params.id);
  const [{ user, library }, relation] = await Promise.all([loadProfileWithLibrary(app.db, id), relationBetween(app.db, app.user?.id ?? null, id)]);
  // A member who blocked the caller does not exist for them (decision 033).
  if (!user || relation.blockedBy) notFound();
  if (library.private && app.user?.id !== id) throw new ApiError(403, app.t("This profile is private"));
  const activity = await loadProfileActivity(app.db, id);
  return {
    profile: {
      id,
      name: publicName(user) ?? app.t("Member #:id", { id }),
      avatar: user.avatar,
      private: library.private,
      counts: { ratings: library.ratingsCount, watchlist: library.watchlistCount, watched: library.watchedCount },
      recent_ratings: activity.recentRatings.map((row) => ({ ...titleRef(row), rating: row.myRating })),
      recently_watched: activity.recentlyWatched.map((row) => ({ ...titleRef(row), watched_on: row.watchedOn })),
    },
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
