import { DomainError } from "~/http/domain-error";
import { data } from "react-router";
import type { AppContext } from "~/request/context";
import type { RouterContextProvider } from "react-router";
import { REVIEW_SORTS, type ReviewSort } from "./kinds";
import { posterState } from "./pages.server";
import { followedReviewsFrom, followedReviewsQuery, listReviews, reviewsPageExtras, withFollowedFirst } from "./reviews.server";

/**
 * What a reviews page shows: a title's (`episode` null) or one episode's
 * reviews in keyset pages (a member's follows' reviews first), the viewer's
 * own review form, votes and stats.
 * `base` is the page's path, `back` where its header links.
 */
export async function reviewsPageData(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  app: AppContext,
  title: { id: number; name: string; slug: string; type: string },
  episode: { id: number; name: string } | null,
  base: string,
  back: { path: string; label: string },
) {
  const episodeId = episode?.id ?? 0;
  const url = new URL(args.request.url);
  const sortParam = url.searchParams.get("sort");
  const sort: ReviewSort = (REVIEW_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as ReviewSort) : "helpful";
  const cursor = url.searchParams.get("cursor");
  // A member's follows' reviews lead the first page and are left out of every page's usual order (decision 033);
  // a guest's page (shared, cached: decision 018) has none of this.
  const followed = app.user ? followedReviewsFrom(await followedReviewsQuery(app.db, app.user.id, title.id, episodeId)) : [];
  const exclude = followed.map((review) => review.id);
  const listed = await listReviews(app.db, title.id, episodeId, { sort, cursor, exclude }).catch((error) => {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  });
  const page = { ...listed, reviews: cursor ? listed.reviews : withFollowedFirst(followed, listed.reviews) };
  const [{ stats, votes, own, myRating }, poster] = await Promise.all([
    reviewsPageExtras(
      app.db,
      title.id,
      episodeId,
      app.user?.id ?? null,
      page.reviews.map((r) => r.id),
    ),
    posterState(args.context, args.request),
  ]);
  return {
    title: { id: title.id, name: title.name, slug: title.slug, type: title.type },
    heading: app.t("Reviews of :name", { name: episode ? `${title.name}: ${episode.name}` : title.name }),
    siteName: app.settings["branding.site_name"],
    base,
    back,
    sort,
    cursor: url.searchParams.get("cursor"),
    ...page,
    stats,
    votes,
    own,
    myRating,
    poster,
  };
}

export type ReviewsPageData = Awaited<ReturnType<typeof reviewsPageData>>;
