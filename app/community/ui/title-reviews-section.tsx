import { Link } from "react-router";
import { useTrans } from "~/bootstrap/use-bootstrap";
import type { ReviewView } from "../reviews.server";
import { ReviewCard } from "./review-card";

/**
 * The reviews section of a title page: the stored count and average, the
 * three most helpful reviews, and links to all of them, to writing (or
 * editing) one's own, and to the discussion. Links only: the page stays a
 * shared copy for guests and ships no form code.
 */
export function TitleReviewsSection({
  path,
  stats,
  reviews,
  ownReviewId,
}: {
  path: string;
  stats: { reviewCount: number; average: number | null; commentCount: number };
  reviews: ReviewView[];
  ownReviewId: number | null;
}) {
  const t = useTrans();
  return (
    <section aria-labelledby="reviews-heading" data-testid="title-reviews">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-heading" className="text-xl font-semibold text-foreground">
            {t("User reviews")}
          </h2>
          <p className="text-sm text-muted" data-testid="title-reviews-stats">
            {stats.reviewCount
              ? t(":count [one review|other reviews] · average :average/10", { count: stats.reviewCount, average: stats.average ?? 0 })
              : t("No reviews yet.")}
          </p>
        </div>
        <div className="flex flex-wrap gap-4 text-sm font-medium">
          {stats.reviewCount ? (
            <Link to={`${path}/reviews`} className="text-primary hover:underline" data-testid="all-reviews-link">
              {t("All reviews")}
            </Link>
          ) : null}
          <Link to={ownReviewId ? `${path}/reviews/${ownReviewId}` : `${path}/reviews#write`} className="text-primary hover:underline" data-testid="write-review-link">
            {ownReviewId ? t("Your review") : t("Write a review")}
          </Link>
          <Link to={`${path}/comments`} className="text-primary hover:underline" data-testid="discussion-link">
            {t("Discussion (:count)", { count: stats.commentCount })}
          </Link>
        </div>
      </div>
      {reviews.length ? (
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} href={`${path}/reviews/${review.id}`} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
