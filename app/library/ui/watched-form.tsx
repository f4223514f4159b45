import { useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import type { LibraryAnswer } from "../../ui/forms/answer";
import { today } from "../rules";
import { onDarkButton } from "./on-dark";
import { useLibraryToast } from "../../ui/forms/use-answer-toast";

/**
 * Mark watched (a movie, an episode, a season or a whole series) on a day,
 * today by default; every submission is one more viewing (rewatches count).
 * A plain form to /history, enhanced by a fetcher.
 */
export function WatchedForm({
  titleId,
  season,
  episode,
  scope = "item",
  label,
  timesWatched = 0,
  tone = "light",
  testId = "watched-form",
}: {
  titleId: number;
  season?: number;
  episode?: number;
  scope?: "item" | "season" | "series";
  label?: string;
  timesWatched?: number;
  tone?: "light" | "dark";
  testId?: string;
}) {
  const t = useTrans();
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/history" className="flex flex-wrap items-center gap-2" data-testid={testId}>
      <input type="hidden" name="intent" value="watch" />
      <input type="hidden" name="titleId" value={titleId} />
      <input type="hidden" name="scope" value={scope} />
      {season !== undefined ? <input type="hidden" name="season" value={season} /> : null}
      {episode !== undefined ? <input type="hidden" name="episode" value={episode} /> : null}
      <NoJsRedirect />
      <label className={`flex items-center gap-1 text-sm ${tone === "dark" ? "text-white/80" : "text-muted"}`}>
        <span className="sr-only">{t("Watched on")}</span>
        <input
          type="date"
          name="watchedOn"
          defaultValue={today()}
          max={today()}
          // On the dark header band the day reads light on dark (decision 030), not a white box.
          className={`rounded-theme border px-2 py-1 text-sm ${tone === "dark" ? "border-white/60 bg-slate-950/60 text-white [color-scheme:dark]" : "border-divider bg-background text-foreground"}`}
        />
      </label>
      <button
        type="submit"
        className={tone === "dark" ? onDarkButton : buttonClasses({ variant: "outlined", color: "primary", size: "sm" })}
        data-testid="mark-watched"
        disabled={fetcher.state !== "idle"}
      >
        {label ?? (timesWatched > 0 ? t("Watched again") : t("Mark watched"))}
      </button>
      {timesWatched > 0 ? (
        <span className={`text-sm ${tone === "dark" ? "text-white/80" : "text-muted"}`} data-testid="times-watched">
          {t("Watched :count [one time|other times]", { count: timesWatched })}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
