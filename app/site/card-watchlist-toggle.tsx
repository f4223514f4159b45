import { useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import type { LibraryAnswer } from "~/ui/forms/answer";
import { useLibraryToast } from "~/ui/forms/use-answer-toast";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { CARD_CORNER_BUTTON } from "./card-corner";

/**
 * A member's "+" on a title card (decision 029): a form posting to
 * /watchlist (without JavaScript the action sends the browser back here with
 * a toast; with it a fetcher posts and the button flips). Where the page
 * knows the state (library pages, search) it toggles; elsewhere it adds.
 */
export function CardWatchlistToggle({ titleId, name, inWatchlist }: { titleId: number; name: string; inWatchlist?: boolean }) {
  const t = useTrans();
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  const pending = fetcher.formData?.get("intent");
  const answered = typeof fetcher.data?.inWatchlist === "boolean" ? (fetcher.data.inWatchlist as boolean) : undefined;
  const listed = pending ? pending === "add" : (answered ?? inWatchlist ?? false);
  const known = inWatchlist !== undefined || answered !== undefined || !!pending;
  return (
    <fetcher.Form method="post" action="/watchlist" className="contents">
      <input type="hidden" name="titleId" value={titleId} />
      <input type="hidden" name="intent" value={listed ? "remove" : "add"} />
      <NoJsRedirect />
      <button
        type="submit"
        aria-pressed={known ? listed : undefined}
        aria-label={listed ? t("Remove :name from your watchlist", { name }) : t("Add :name to your watchlist", { name })}
        className={`${CARD_CORNER_BUTTON} ${listed ? "bg-primary text-on-primary" : ""}`}
        data-testid="card-watchlist"
      >
        <span aria-hidden="true">{listed ? "✓" : "+"}</span>
      </button>
    </fetcher.Form>
  );
}
