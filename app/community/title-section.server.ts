import type { Translate } from "~/i18n/translate";
import { escapeText } from "./body.server";
import { reviewPath, reviewsPath } from "../http/review-paths";
import type { ReviewView } from "./reviews.server";

/**
 * The reviews section of a title page, rendered here as HTML (decision 025).
 * It has nothing to click but links, and the title page's JavaScript budget
 * (120 KB gzip, decision 006) has no room for a component and its
 * translation lines: as a fragment it ships no code and no lines, only its
 * markup. Everything people wrote is escaped (names, headlines) or is the
 * sanitised body HTML stored on write; links are plain anchors. For a
 * signed-in member the reviews of the people they follow come first, marked
 * "You follow" (decision 033); a guest's copy has none of them.
 */
export function titleReviewsSectionHtml(
  t: Translate,
  title: { id: number; slug: string },
  data: { stats: { reviewCount: number; average: number | null; commentCount: number }; reviews: ReviewView[]; ownReviewId: number | null },
  /** An episode's page: its own reviews and discussion pages. */
  episodePath: string | null = null,
) {
  const base = episodePath ? `${episodePath}/reviews` : reviewsPath(title);
  const discussion = episodePath ? `${episodePath}/comments` : `/titles/${title.id}/${encodeURIComponent(title.slug)}/comments`;
  const link = (href: string, text: string, testId: string) => `<a href="${escapeText(href)}" class="text-primary hover:underline" data-testid="${testId}">${escapeText(text)}</a>`;
  const stats = data.stats.reviewCount ? t(":count [one review|other reviews] · average :average/10", { count: data.stats.reviewCount, average: data.stats.average ?? 0 }) : t("No reviews yet.");
  const links = [
    data.stats.reviewCount ? link(base, t("All reviews"), "all-reviews-link") : "",
    data.ownReviewId ? link(reviewPath(title, data.ownReviewId), t("Your review"), "write-review-link") : link(`${base}#write`, t("Write a review"), "write-review-link"),
    link(discussion, t("Discussion (:count)", { count: data.stats.commentCount }), "discussion-link"),
  ].join("");
  const cards = data.reviews
    .map((review) => {
      const body = `<div class="mt-2 space-y-2 leading-7 text-foreground [&_a]:text-primary [&_a]:underline" data-testid="review-body">${review.bodyHtml}</div>`;
      return `<li><article class="rounded-theme border border-divider bg-elevated p-4" data-testid="review" data-review-id="${review.id}">
<p class="flex flex-wrap items-baseline gap-x-3"><span class="rounded bg-primary px-1.5 text-sm font-bold text-on-primary" data-testid="review-score">${review.score}/10</span>
<a href="${escapeText(reviewPath(title, review.id))}" class="font-semibold text-foreground hover:text-primary" data-testid="review-headline">${escapeText(review.headline)}</a>${review.followed ? `<span class="rounded-full bg-primary-light px-2 text-xs font-semibold text-primary" data-testid="review-followed">${escapeText(t("You follow"))}</span>` : ""}</p>
<p class="mt-1 text-xs text-muted">${escapeText(t("By :name", { name: review.author.name || t("A member") }))} · <time datetime="${review.createdAt}">${review.createdAt.slice(0, 10)}</time></p>
${review.spoiler ? `<details class="mt-2" data-testid="review-spoiler"><summary class="cursor-pointer text-sm font-medium text-primary">${escapeText(t("This review contains spoilers. Show spoilers"))}</summary>${body}</details>` : body}
<p class="mt-3 text-xs text-muted" data-testid="review-helpful">${escapeText(t(":count [one person|other people] found this helpful", { count: review.helpfulCount }))}</p>
</article></li>`;
    })
    .join("");
  return `<div class="flex flex-wrap items-end justify-between gap-4"><div><h2 id="reviews-heading" class="text-xl font-semibold text-foreground">${escapeText(t("User reviews"))}</h2>
<p class="text-sm text-muted" data-testid="title-reviews-stats">${escapeText(stats)}</p></div>
<p class="flex flex-wrap gap-4 text-sm font-medium">${links}</p></div>${cards ? `<ul class="mt-4 grid gap-4 md:grid-cols-3">${cards}</ul>` : ""}`;
}
