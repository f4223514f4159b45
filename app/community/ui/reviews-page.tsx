import { Form, Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { REVIEW_SORTS, type ReviewSort } from "../kinds";
import type { FormFailure } from "../pages.server";
import { reviewPath } from "../../http/review-paths";
import type { ReviewsPageData } from "../reviews-page.server";
import { failureFor, FormError, ReportForm, ReviewForm, VoteButtons } from "./forms";
import { ReviewCard } from "./review-card";
import { quietButton } from "./styles";

/** The reviews page of a title or of one episode (its loader: app/community/reviews-page.server.ts). */
export function ReviewsPage({ loaderData, actionData }: { loaderData: ReviewsPageData; actionData: FormFailure | undefined }) {
  const t = useTrans();
  const { title, reviews, stats, votes, own, poster, sort, nextCursor, cursor } = loaderData;
  const { base, back } = loaderData;
  const sortLabels: Record<ReviewSort, string> = { helpful: t("Most helpful"), newest: t("Newest"), highest: t("Highest score"), lowest: t("Lowest score") };
  const writeFailure = failureFor(actionData, own ? "update-review" : "create-review", own?.id ?? null);
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6" data-testid="reviews-page">
      <header>
        <Link to={back.path} className="text-sm text-primary hover:underline">
          ← {back.label}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-foreground">{loaderData.heading}</h1>
        <p className="mt-1 text-muted" data-testid="reviews-stats">
          {stats.reviewCount ? t(":count [one review|other reviews] · average :average/10", { count: stats.reviewCount, average: stats.average ?? 0 }) : t("No reviews yet.")}
        </p>
      </header>

      <section aria-labelledby="your-review-heading" className="rounded-theme border border-divider p-4" id="write">
        <h2 id="your-review-heading" className="text-lg font-semibold text-foreground">
          {own ? t("Your review") : t("Write a review")}
        </h2>
        {!poster.signedIn ? (
          <p className="mt-2 text-sm">
            <Link to={`/login?redirect=${encodeURIComponent(`${base}#write`)}`} className="text-primary hover:underline">
              {t("Sign in to write a review.")}
            </Link>
          </p>
        ) : poster.reviewRefusal ? (
          <p className="mt-2 text-sm text-danger" data-testid="posting-refusal">
            {poster.reviewRefusal}
          </p>
        ) : (
          <div className="mt-3">
            {own && own.status === "held" ? (
              <p className="mb-3 text-sm text-muted" data-testid="own-review-held">
                {t("Your review is waiting for a moderator's approval.")}
              </p>
            ) : null}
            {own ? (
              <p className="mb-3 text-sm">
                <Link to={reviewPath(title, own.id)} className="text-primary hover:underline" data-testid="own-review-link">
                  {t("See your review")}
                </Link>
              </p>
            ) : null}
            <ReviewForm existing={own} myRating={loaderData.myRating} failure={writeFailure} humanCheckSiteKey={poster.humanCheckSiteKey} />
            {own ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="delete-review" />
                <input type="hidden" name="review_id" value={own.id} />
                <button type="submit" className="text-sm text-danger hover:underline" data-testid="review-delete">
                  {t("Delete your review")}
                </button>
              </Form>
            ) : null}
          </div>
        )}
      </section>

      <section aria-labelledby="reviews-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reviews-heading" className="text-lg font-semibold text-foreground">
            {t("Reviews")}
          </h2>
          <nav aria-label={t("Sort reviews")} className="flex flex-wrap gap-2 text-sm" data-testid="review-sorts">
            {REVIEW_SORTS.map((option) => (
              <Link
                key={option}
                to={`${base}?sort=${option}`}
                aria-current={option === sort ? "page" : undefined}
                className={option === sort ? "rounded-full bg-primary px-3 py-1 text-on-primary" : "rounded-full px-3 py-1 text-foreground hover:bg-paper"}
              >
                {sortLabels[option]}
              </Link>
            ))}
          </nav>
        </div>
        {reviews.length === 0 ? <p className="text-muted">{cursor ? t("No more reviews.") : t("No reviews yet. Be the first to write one.")}</p> : null}
        <FormError failure={actionData && !["create-review", "update-review"].includes(actionData.intent) && actionData.subjectId === null ? actionData : null} />
        <ol className="space-y-4" data-testid="review-list">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} href={reviewPath(title, review.id)}>
                {poster.signedIn && review.author.id !== poster.userId ? (
                  <>
                    <VoteButtons reviewId={review.id} current={votes[review.id]} failure={failureFor(actionData, "vote", review.id)} />
                    <ReportForm kind="review" subjectId={review.id} failure={failureFor(actionData, "report-review", review.id)} />
                  </>
                ) : null}
              </ReviewCard>
            </li>
          ))}
        </ol>
        {nextCursor ? (
          <Link to={`${base}?sort=${sort}&cursor=${encodeURIComponent(nextCursor)}`} className={quietButton} data-testid="reviews-next">
            {t("More reviews")}
          </Link>
        ) : null}
      </section>
    </div>
  );
}
