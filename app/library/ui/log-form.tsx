import type { ReactNode } from "react";
import { COMMUNITY_BODY_MAX_LENGTH, REVIEW_HEADLINE_MAX_LENGTH } from "~/constants";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { RATING_CHOICES, today } from "../rules";

export interface LogFormValues {
  watchedOn?: string;
  rating?: string | number | null;
  rewatch?: boolean;
  spoiler?: boolean;
  headline?: string;
  review?: string;
}

/** What the Log page's loader answers (the dialog loads it too). */
export interface LogPageView {
  heading: string;
  title: { id: number };
  rating: number | null;
  timesWatched: number;
  ownReviewPath: string | null;
  keepOnWatchlist: boolean;
}

export interface LogFormProps {
  titleId: number;
  /** The member's rating now: the form starts from it (a review's score is the rating). */
  rating: number | null;
  /** Watched before: "rewatch" starts ticked. */
  timesWatched: number;
  /** The member already reviewed this title: the review fields are replaced by a link to edit it. */
  ownReviewPath: string | null;
  values?: LogFormValues;
  errors?: Record<string, string[]>;
  /** Where a member edits their settings (keep logged titles on the watchlist). */
  keepOnWatchlist: boolean;
  footer: ReactNode;
  idPrefix?: string;
}

const field = "mt-1 block w-full rounded-theme border border-divider bg-background px-3 py-2 text-sm text-foreground";
const label = "block text-sm font-medium text-foreground";

/**
 * The Log form's fields (decision 030): the day, the rating, rewatch, and an
 * optional review with its spoiler flag. The same fields serve the
 * no-JavaScript page (/titles/{id}/{slug}/log) and the dialog, which posts to
 * that page's action.
 */
export function LogFields({ titleId, rating, timesWatched, ownReviewPath, values = {}, errors = {}, keepOnWatchlist, footer, idPrefix = "log" }: LogFormProps) {
  const t = useTrans();
  const id = (name: string) => `${idPrefix}-${name}`;
  const error = (name: string) =>
    errors[name]?.[0] ? (
      <p id={id(`${name}-error`)} className="mt-1 text-sm text-danger" data-testid={`log-error-${name}`}>
        {errors[name][0]}
      </p>
    ) : null;
  const describedBy = (name: string) => (errors[name]?.[0] ? id(`${name}-error`) : undefined);
  return (
    <div className="space-y-4">
      <input type="hidden" name="titleId" value={titleId} />
      {errors.form?.[0] ? (
        <p role="alert" className="rounded-theme bg-danger/10 px-3 py-2 text-sm text-danger" data-testid="log-error-form">
          {errors.form[0]}
        </p>
      ) : null}
      {errors.titleId?.[0] ? (
        <p role="alert" className="rounded-theme bg-danger/10 px-3 py-2 text-sm text-danger">
          {errors.titleId[0]}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id("date")} className={label}>
            {t("Watched on")}
          </label>
          <input
            id={id("date")}
            type="date"
            name="watchedOn"
            required
            defaultValue={values.watchedOn ?? today()}
            max={today()}
            className={field}
            aria-invalid={errors.watchedOn ? true : undefined}
            aria-describedby={describedBy("watchedOn")}
            data-testid="log-date"
          />
          {error("watchedOn")}
        </div>
        <div>
          <label htmlFor={id("rating")} className={label}>
            {t("Your rating")}
          </label>
          <select
            id={id("rating")}
            name="rating"
            defaultValue={values.rating != null ? String(values.rating) : rating != null ? String(rating) : ""}
            className={field}
            aria-invalid={errors.rating ? true : undefined}
            aria-describedby={describedBy("rating")}
            data-testid="log-rating"
          >
            <option value="">{t("No rating")}</option>
            {[...RATING_CHOICES].reverse().map((value) => (
              <option key={value} value={value}>
                {`${"★".repeat(Math.floor(value / 2))}${value % 2 ? "½" : ""} ${t("(:value/10)", { value })}`}
              </option>
            ))}
          </select>
          {error("rating")}
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm text-foreground">
        <input type="checkbox" name="rewatch" value="true" defaultChecked={values.rewatch ?? timesWatched > 0} data-testid="log-rewatch" />
        {t("I've watched this before (rewatch)")}
      </label>
      {ownReviewPath ? (
        <p className="text-sm text-muted">
          {t("You already reviewed this film.")}{" "}
          <a href={ownReviewPath} className="text-primary underline">
            {t("Edit your review")}
          </a>
        </p>
      ) : (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-foreground">{t("Review (optional)")}</legend>
          <div>
            <label htmlFor={id("headline")} className={label}>
              {t("Title of your review")}
            </label>
            <input
              id={id("headline")}
              name="headline"
              defaultValue={values.headline}
              maxLength={REVIEW_HEADLINE_MAX_LENGTH}
              className={field}
              aria-invalid={errors.headline ? true : undefined}
              aria-describedby={describedBy("headline")}
            />
            {error("headline")}
          </div>
          <div>
            <label htmlFor={id("review")} className={label}>
              {t("Your review")}
            </label>
            <textarea
              id={id("review")}
              name="review"
              rows={5}
              defaultValue={values.review}
              maxLength={COMMUNITY_BODY_MAX_LENGTH}
              className={field}
              aria-invalid={errors.review ? true : undefined}
              aria-describedby={describedBy("review")}
              data-testid="log-review"
            />
            {error("review")}
          </div>
          <label className="flex items-center gap-2 text-sm text-foreground">
            <input type="checkbox" name="spoiler" value="true" defaultChecked={values.spoiler} data-testid="log-spoiler" />
            {t("This review contains spoilers")}
          </label>
        </fieldset>
      )}
      <p className="text-xs text-muted">{keepOnWatchlist ? t("Logged titles stay on your watchlist (account settings).") : t("Logging takes the title off your watchlist (account settings).")}</p>
      {footer}
    </div>
  );
}

export function LogSubmit({ pending = false }: { pending?: boolean }) {
  const t = useTrans();
  return (
    <button type="submit" className={buttonClasses({ size: "md" })} disabled={pending} data-testid="log-submit">
      {t("Save log")}
    </button>
  );
}
