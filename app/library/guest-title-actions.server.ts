import { RATING_MAX, RATING_MIN } from "~/constants";
import { escapeText as escapeHtml } from "~/community/body.server";
import type { Translate } from "~/i18n/translate";
import { onDarkButton, onDarkPrimaryButton } from "./ui/on-dark";

/**
 * What a guest sees where a member's rating, watchlist and Log controls are
 * (decision 030): plain forms and a link, the same for every guest, so the
 * shared cached copy of the page holds them. Server-rendered HTML, no
 * component code on the public page (as the reviews section: decision 019).
 * Rate and Watchlist post to /titles/{id}/{slug}/act, which keeps the press
 * through sign-in and does it on the way back; Log opens the Log page
 * (sign-in first).
 */
export function guestTitleActionsHtml(t: Translate, path: string, isMovie: boolean) {
  const action = escapeHtml(`${path}/act`);
  const choices = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MAX - i)
    // Plain "9/10": this HTML also travels in the page's loader data, inside the public JS budget.
    .map((value) => `<option value="${value}">${value}/10</option>`)
    .join("");
  const rating = escapeHtml(t("Your rating"));
  return `<div class="mt-6 flex flex-wrap items-center gap-3" data-testid="guest-title-actions">
<form method="post" action="${action}" class="flex items-center gap-2" data-testid="guest-rate-form"><input type="hidden" name="intent" value="rate">
<label class="sr-only" for="guest-rating">${rating}</label>
<select id="guest-rating" name="rating" required class="h-9 rounded-theme border border-white/70 bg-slate-950/60 px-2 text-sm text-white [color-scheme:dark]" data-testid="guest-rating"><option value="">${rating}</option>${choices}</select>
<button type="submit" class="${onDarkButton}" data-testid="guest-rate"><span aria-hidden="true">★</span> ${escapeHtml(t("Rate"))}</button></form>
<form method="post" action="${action}" data-testid="guest-watchlist-form"><input type="hidden" name="intent" value="watchlist">
<button type="submit" class="${onDarkButton}" data-testid="guest-watchlist"><span aria-hidden="true">+</span> ${escapeHtml(t("Watchlist"))}</button></form>
${isMovie ? `<a href="${escapeHtml(`${path}/log`)}" rel="nofollow" class="${onDarkPrimaryButton}" data-testid="guest-log"><span aria-hidden="true">✎</span> ${escapeHtml(t("Log"))}</a>` : ""}
</div>`;
}
