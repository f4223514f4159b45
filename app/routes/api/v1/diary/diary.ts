import type { Route } from "./+types/diary";
import { ApiError, apiLoader, notFound } from "~/json-api/handler.server";
import { DIARY_PAGE_SIZE } from "~/constants";
import { getDiaryEndpoint } from "~/diary/api-contract";
import { loadDiaryPage } from "~/diary/diary.server";
import { loadProfileWithLibrary } from "~/library/profile.server";

/** GET api/v1/users/{id}/diary?year&page: a member's diary; a private profile is 403 to all but its owner. */
export const loader = apiLoader(getDiaryEndpoint, async ({ app, params, query }) => {
  const id = Number(params.id);
  const { user, library } = await loadProfileWithLibrary(app.db, id);
  if (!user) notFound();
  if (library.private && app.user?.id !== id) throw new ApiError(403, app.t("This profile is private"));
  const year = query.year ?? new Date().getUTCFullYear();
  const diary = await loadDiaryPage(app.db, id, year, { page: query.page });
  return {
    year,
    years: diary.years,
    data: diary.items.map((row) => ({
      id: row.id,
      watched_on: row.watchedOn,
      title: { id: row.titleId, type: row.type, name: row.name, slug: row.slug, year: row.year, poster: row.poster },
      episode: row.episodeId ? { id: row.episodeId, season_number: row.seasonNumber ?? 0, episode_number: row.episodeNumber ?? 0, name: row.episodeName ?? "" } : null,
      rating: row.rating,
      rewatch: row.rewatch,
      review_id: row.reviewId,
    })),
    page: query.page,
    per_page: DIARY_PAGE_SIZE,
    has_more: diary.hasMore,
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
