import { useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { onDarkButton, onDarkPrimaryButton } from "./on-dark";
import type { LibraryAnswer } from "../../ui/forms/answer";
import { useLibraryToast } from "../../ui/forms/use-answer-toast";

/**
 * Add to / remove from my watchlist: a plain form posting to /watchlist
 * (works without JavaScript: back to this page with a toast); with
 * JavaScript a fetcher posts it and the button flips at once.
 */
export function WatchlistButton({ titleId, inWatchlist, compact = false, tone = "light" }: { titleId: number; inWatchlist: boolean; compact?: boolean; tone?: "light" | "dark" }) {
  const t = useTrans();
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  const pending = fetcher.formData?.get("intent");
  const listed = pending ? pending === "add" : typeof fetcher.data?.inWatchlist === "boolean" ? (fetcher.data.inWatchlist as boolean) : inWatchlist;
  const label = listed ? t("Remove from watchlist") : t("Add to watchlist");
  return (
    <fetcher.Form method="post" action="/watchlist" className="inline-block">
      <input type="hidden" name="titleId" value={titleId} />
      <input type="hidden" name="intent" value={listed ? "remove" : "add"} />
      <NoJsRedirect />
      <button
        type="submit"
        aria-pressed={listed}
        aria-label={label}
        data-testid="watchlist-button"
        className={tone === "dark" ? (listed ? onDarkPrimaryButton : onDarkButton) : buttonClasses({ variant: listed ? "filled" : "outlined", color: "primary", size: compact ? "xs" : "sm" })}
      >
        <span aria-hidden="true">{listed ? "✓" : "+"}</span> {/* Compact, the word is the one both names contain (decision 031: the name holds the visible text); the mark and the fill say which. */}
        {compact ? t("Watchlist") : label}
      </button>
    </fetcher.Form>
  );
}
