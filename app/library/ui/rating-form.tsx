import { useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { useHydrated } from "~/ui/use-hydrated";
import type { LibraryAnswer } from "../../ui/forms/answer";
import { RATING_CHOICES } from "../rules";
import { useLibraryToast } from "../../ui/forms/use-answer-toast";

/**
 * My rating as five stars with halves: ten radio buttons (1 = half a star,
 * 10 = five stars). Without JavaScript it is a form with a Rate button;
 * with it, choosing a star posts at once (a fetcher). Removing is its own form.
 */
export function RatingForm({ titleId, episodeId, rating, tone = "light" }: { titleId: number; episodeId?: number; rating: number | null; tone?: "light" | "dark" }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const rate = useFetcher<LibraryAnswer>();
  const remove = useFetcher<LibraryAnswer>();
  useLibraryToast(rate.data);
  useLibraryToast(remove.data);
  const pending = rate.formData?.get("rating");
  const current = remove.formData ? null : pending ? Number(pending) : rating;
  const off = tone === "dark" ? "text-white/30" : "text-muted/40";
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="rating-form">
      <rate.Form method="post" action="/library/rating" className="flex items-center gap-3">
        <input type="hidden" name="intent" value="rate" />
        <input type="hidden" name="titleId" value={titleId} />
        {episodeId ? <input type="hidden" name="episodeId" value={episodeId} /> : null}
        <NoJsRedirect />
        <fieldset className="flex items-center">
          <legend className="sr-only">{t("Your rating")}</legend>
          {RATING_CHOICES.map((value) => (
            <label key={value} className="relative inline-block h-8 w-[0.8rem] cursor-pointer overflow-hidden text-[1.6rem] leading-8 has-[:focus-visible]:outline has-[:focus-visible]:outline-2">
              <input
                type="radio"
                name="rating"
                value={value}
                checked={current === value}
                onChange={(event) => {
                  if (hydrated) void rate.submit(event.currentTarget.form);
                }}
                className="peer sr-only"
                data-testid={`rate-${value}`}
              />
              <span aria-hidden="true" className={`absolute top-0 ${value % 2 ? "left-0" : "-left-[0.8rem]"} ${current !== null && value <= current ? "text-amber-400" : off}`}>
                ★
              </span>
              <span className="sr-only">{t(":count [one star|other stars] (:value/10)", { count: value / 2, value })}</span>
            </label>
          ))}
        </fieldset>
        {hydrated ? null : (
          <button type="submit" className={buttonClasses({ size: "sm" })} data-testid="rate-submit">
            {t("Rate")}
          </button>
        )}
      </rate.Form>
      {current !== null ? (
        <remove.Form method="post" action="/library/rating">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="titleId" value={titleId} />
          {episodeId ? <input type="hidden" name="episodeId" value={episodeId} /> : null}
          <NoJsRedirect />
          <button type="submit" className={`text-sm underline ${tone === "dark" ? "text-white/80" : "text-muted"}`} data-testid="rating-remove">
            {t("Remove rating")}
          </button>
        </remove.Form>
      ) : null}
      <span className={`text-sm ${tone === "dark" ? "text-white/80" : "text-muted"}`} data-testid="my-rating">
        {current !== null ? t("Your rating: :value/10", { value: current }) : t("Not rated yet")}
      </span>
    </div>
  );
}
