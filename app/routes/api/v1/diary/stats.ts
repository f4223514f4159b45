import type { Route } from "./+types/stats";
import { ApiError, apiLoader, notFound } from "~/json-api/handler.server";
import { getStatsEndpoint } from "~/diary/api-contract";
import { loadYearStats } from "~/diary/stats.server";
import { loadProfileWithLibrary } from "~/library/profile.server";

/** GET api/v1/users/{id}/stats?year: a member's year in review; a private profile is 403 to all but its owner. */
export const loader = apiLoader(getStatsEndpoint, async ({ app, params, query }) => {
  const id = Number(params.id);
  const { user, library } = await loadProfileWithLibrary(app.db, id);
  if (!user) notFound();
  if (library.private && app.user?.id !== id) throw new ApiError(403, app.t("This profile is private"));
  const { highestRated, ...stats } = await loadYearStats(app.db, id, query.year ?? new Date().getUTCFullYear());
  return { ...stats, highest_rated: highestRated };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
