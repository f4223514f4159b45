import { data, Form, Link } from "react-router";
import type { Route } from "./+types/review";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { useTrans } from "~/i18n/translation-context";
import { parseId } from "~/catalogue/access.server";
import { communityAction, communityTitle, posterState } from "~/community/pages.server";
import { reviewPath, reviewsPath } from "~/http/review-paths";
import { findReview, votesOf } from "~/community/reviews.server";
import { threadFromQuery } from "~/community/thread-page.server";
import { failureFor, ReportForm, VoteButtons } from "~/community/ui/forms";
import { ReviewCard } from "~/community/ui/review-card";
import { ThreadSection } from "~/community/ui/thread-section";
import { followsInThread } from "~/composers/comment-threads.server";
import { FollowButton } from "~/social/ui/follow-button";
import { siteTitle } from "~/seo/seo";

/** /titles/{id}/{slug}/reviews/{reviewId}: one review, its votes, and its comment thread (decision 025). */

/** Guests share a copy for a few seconds (decision 018); the viewer's own parts (forms, votes, held posts) exist only for signed-in visitors, whose pages are never cached. */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData ? `${loaderData.review.headline} - ${loaderData.title.name}` : "Review") }];

async function load(args: Route.LoaderArgs | Route.ActionArgs) {
  const { app, title } = await communityTitle(args, `/reviews/${args.params.reviewId}`);
  const reviewId = parseId(args.params.reviewId);
  const poster = await posterState(args.context, args.request);
  const review = await findReview(app.db, reviewId, { userId: app.user?.id ?? null, moderator: poster.moderator });
  // An episode's review has its page here too (under its title).
  if (!review || review.titleId !== title.id) throw data(null, { status: 404 });
  return { app, title, review, poster };
}

export async function loader(args: Route.LoaderArgs) {
  const { app, title, review, poster } = await load(args);
  const [thread, votes] = await Promise.all([threadFromQuery(app, args.request, { kind: "review", id: review.id }), votesOf(app.db, app.user?.id ?? null, [review.id])]);
  // A follow button on the review's author and each commenter, for members only (guests' copy is shared; decision 033).
  const follows = await followsInThread(app.db, app.user?.id ?? null, thread.comments, [review.author.id]);
  return { title: { id: title.id, name: title.name, slug: title.slug }, review, poster: { ...poster, follows }, thread, vote: votes[review.id] };
}

export async function action(args: Route.ActionArgs) {
  const { title, review } = await load(args);
  return communityAction(args, title, reviewPath(title, review.id));
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { title, review, poster, thread, vote } = loaderData;
  const path = reviewPath(title, review.id);
  const own = poster.userId === review.author.id;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6" data-testid="review-page">
      <Link to={reviewsPath(title)} className="text-sm text-primary hover:underline">
        ← {t("All reviews of :name", { name: title.name })}
      </Link>
      <ReviewCard review={review}>
        {poster.signedIn && !own && review.status === "published" ? (
          <>
            <div className="mt-3">
              <FollowButton userId={review.author.id} following={poster.follows?.[review.author.id] ?? null} size="xs" />
            </div>
            <VoteButtons reviewId={review.id} current={vote} failure={failureFor(actionData, "vote", review.id)} />
            <ReportForm kind="review" subjectId={review.id} failure={failureFor(actionData, "report-review", review.id)} />
          </>
        ) : null}
        {own ? (
          <p className="mt-3 flex gap-4 text-sm">
            <Link to={`${reviewsPath(title)}#write`} className="text-primary hover:underline" data-testid="edit-own-review">
              {t("Edit your review")}
            </Link>
          </p>
        ) : null}
        {poster.moderator && !own ? (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="delete-review" />
            <input type="hidden" name="review_id" value={review.id} />
            <button type="submit" className="text-sm text-danger hover:underline">
              {t("Delete (moderator)")}
            </button>
          </Form>
        ) : null}
      </ReviewCard>
      {review.status === "published" ? (
        <ThreadSection path={path} target={{ kind: "review", id: review.id }} thread={thread} count={review.commentCount} viewer={poster} failure={actionData ?? null} />
      ) : null}
    </div>
  );
}
