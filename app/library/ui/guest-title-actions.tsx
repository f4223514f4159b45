import { useTrans } from "~/i18n/translation-context";
import { RATING_MAX, RATING_MIN } from "~/constants";
import { onDarkButton, onDarkPrimaryButton } from "./on-dark";

/**
 * What a guest sees where a member's rating, watchlist and Log controls are
 * (decision 030): plain forms and a link, the same for every guest, so the
 * shared cached copy of the page holds them. Rate and Watchlist post to
 * /titles/{id}/{slug}/act, which keeps the press through sign-in and does it
 * on the way back; Log opens the Log page (sign-in first).
 */
/** 10 … 1, best first. Not rules.ts's list: that module brings zod into the public page's JavaScript. */
const CHOICES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MAX - i);

export function GuestTitleActions({ path, isMovie }: { path: string; isMovie: boolean }) {
  const t = useTrans();
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3" data-testid="guest-title-actions">
      <form method="post" action={`${path}/act`} className="flex items-center gap-2" data-testid="guest-rate-form">
        <input type="hidden" name="intent" value="rate" />
        <label className="sr-only" htmlFor="guest-rating">
          {t("Your rating")}
        </label>
        <select
          id="guest-rating"
          name="rating"
          required
          defaultValue=""
          className="h-9 rounded-theme border border-white/70 bg-slate-950/60 px-2 text-sm text-white [color-scheme:dark]"
          data-testid="guest-rating"
        >
          <option value="">{t("Your rating")}</option>
          {CHOICES.map((value) => (
            <option key={value} value={value}>
              {`${"★".repeat(Math.floor(value / 2))}${value % 2 ? "½" : ""} ${t("(:value/10)", { value })}`}
            </option>
          ))}
        </select>
        <button type="submit" className={onDarkButton} data-testid="guest-rate">
          <span aria-hidden="true">★</span> {t("Rate")}
        </button>
      </form>
      <form method="post" action={`${path}/act`} data-testid="guest-watchlist-form">
        <input type="hidden" name="intent" value="watchlist" />
        <button type="submit" className={onDarkButton} data-testid="guest-watchlist">
          <span aria-hidden="true">+</span> {t("Watchlist")}
        </button>
      </form>
      {isMovie ? (
        <a href={`${path}/log`} rel="nofollow" className={onDarkPrimaryButton} data-testid="guest-log">
          <span aria-hidden="true">✎</span> {t("Log")}
        </a>
      ) : null}
    </div>
  );
}
