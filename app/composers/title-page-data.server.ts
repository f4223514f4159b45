import type { BatchResponse } from "drizzle-orm/batch";
import { loadTitlePageWith } from "~/catalogue/title-page.server";
import { followedReviewsFrom, followedReviewsQuery, ownReviewIdQuery, titlePageReviewsFrom, titlePageReviewsQueries } from "~/community/reviews.server";
import { TITLE_PAGE_REVIEWS, TITLE_TOP_CAST } from "~/constants";
import { libraryAbilities } from "~/library/abilities";
import { myTitleStateFrom, myTitleStateQueries } from "~/library/title-state.server";
import { friendsOnTitleFrom, friendsOnTitleQuery } from "~/social/friends.server";
import type { AppContext, WorkerContext } from "~/request/context";
import { titleTmdbExtrasFrom, titleTmdbExtrasQueries, watchRegionFor } from "~/tmdb/title-extras.server";
import { tmdbImageBaseOf } from "~/tmdb/tmdb.server";

/**
 * Everything a title page reads, in one D1 batch, one round trip (decision 026):
 * the title's own reads, its reviews section (decision 025: stored counts and the
 * top reviews), its TMDB extras (where to watch in the visitor's
 * region, external links) and, for a member only, their own parts (rating,
 * watchlist, watched and next episode: decision 023; the id of their review;
 * the ratings of the people they follow and their reviews, which lead the
 * reviews section: decision 033).
 * A guest's batch has nothing personal in it: their page is shared (cached).
 */
export async function loadTitlePageData(app: AppContext, worker: WorkerContext, id: number) {
  const region = watchRegionFor(app.user, app.settings["tmdb.region"]);
  const shared = [...titlePageReviewsQueries(app.db, id, TITLE_PAGE_REVIEWS), ...titleTmdbExtrasQueries(app.db, id, region)] as const;
  const member = app.user
    ? ([
        ...myTitleStateQueries(app.db, app.user.id, id),
        ownReviewIdQuery(app.db, app.user.id, id),
        friendsOnTitleQuery(app.db, app.user.id, id),
        followedReviewsQuery(app.db, app.user.id, id, 0, TITLE_PAGE_REVIEWS),
      ] as const)
    : null;
  const loaded = await loadTitlePageWith(app.db, id, { topCast: TITLE_TOP_CAST }, member ? ([...shared, ...member] as const) : shared);
  // A member's five results follow the shared ones (absent for a guest).
  const [reviewCounts, topReviews, tmdbFacts, tmdbProviders, myState, myNext, myReview, friends, followed] = loaded.extra as BatchResponse<readonly [...typeof shared, ...NonNullable<typeof member>]>;
  return {
    page: loaded.page,
    reviews: titlePageReviewsFrom([reviewCounts, topReviews], TITLE_PAGE_REVIEWS, member ? (myReview[0]?.id ?? null) : null, member ? followedReviewsFrom(followed) : []),
    tmdb: titleTmdbExtrasFrom([tmdbFacts, tmdbProviders], region, tmdbImageBaseOf(worker.env)),
    mine: member ? { ...myTitleStateFrom([myState, myNext]), ...libraryAbilities(app.viewer) } : null,
    friends: member ? friendsOnTitleFrom(friends) : null,
  };
}
