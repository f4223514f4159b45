import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import type { ReviewView } from "../reviews.server";

/**
 * One review as people read it. The body is the HTML stored at write time
 * (escaped text with paragraphs and nofollow links only: app/community/body.server.ts);
 * the headline and names are text. A spoiler sits in a closed <details>
 * ("Show spoilers"), which works without JavaScript. A review by someone
 * the signed-in viewer follows is marked "You follow" (decision 033).
 */
export function ReviewCard({ review, href, children }: { review: ReviewView; href?: string; children?: React.ReactNode }) {
  const t = useTrans();
  const { format } = useDates();
  const body = <div className="prose-sm mt-2 space-y-2 leading-7 text-foreground [&_a]:text-primary [&_a]:underline" data-testid="review-body" dangerouslySetInnerHTML={{ __html: review.bodyHtml }} />;
  return (
    <article className="rounded-theme border border-divider bg-elevated p-4" data-testid="review" data-review-id={review.id}>
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded bg-primary px-1.5 text-sm font-bold text-on-primary" data-testid="review-score">
          {review.score}/10
        </span>
        <h3 className="font-semibold text-foreground" data-testid="review-headline">
          {href ? (
            <Link to={href} className="hover:text-primary">
              {review.headline}
            </Link>
          ) : (
            review.headline
          )}
        </h3>
        {review.followed ? (
          <span className="rounded-full bg-primary-light px-2 text-xs font-semibold text-primary" data-testid="review-followed">
            {t("You follow")}
          </span>
        ) : null}
        {review.status !== "published" ? (
          <span className="rounded-full bg-paper px-2 text-xs text-muted" data-testid="review-status">
            {review.status === "held" ? t("Waiting for approval") : t("Hidden by a moderator")}
          </span>
        ) : null}
      </header>
      <p className="mt-1 text-xs text-muted">
        {t("By :name", { name: review.author.name })} · <time dateTime={review.createdAt}>{format(review.createdAt, "date")}</time>
      </p>
      {review.spoiler ? (
        <details className="mt-2" data-testid="review-spoiler">
          <summary className="cursor-pointer text-sm font-medium text-primary">{t("This review contains spoilers. Show spoilers")}</summary>
          {body}
        </details>
      ) : (
        body
      )}
      <p className="mt-3 text-xs text-muted" data-testid="review-helpful">
        {t(":count [one person|other people] found this helpful", { count: review.helpfulCount })}
        {review.commentCount ? ` · ${t(":count [one comment|other comments]", { count: review.commentCount })}` : ""}
      </p>
      {children}
    </article>
  );
}
