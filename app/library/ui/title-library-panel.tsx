import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import type { LibraryAbilitiesView, MyTitleState } from "../title-state";
import { LogButton } from "./log-button";
import { RatingForm } from "./rating-form";
import { WatchedForm } from "./watched-form";
import { WatchlistButton } from "./watchlist-button";

/**
 * The signed-in part of a title page: my rating, my watchlist, watched (a
 * movie) or my progress (a series). Loaded lazily (app/ui/lazy-component.ts):
 * guests' title pages never ship it; the server renders it in place for
 * members, so it works before and without JavaScript.
 */
export default function TitleLibraryPanel({
  title,
  mine,
  path,
}: {
  title: { id: number; type: "movie" | "series"; episodeCount: number | null };
  mine: MyTitleState & LibraryAbilitiesView;
  path: string;
}) {
  const t = useTrans();
  return (
    <div className="mt-6 space-y-3 rounded-theme bg-white/5 p-4" data-testid="title-library">
      {mine.canRate ? <RatingForm titleId={title.id} rating={mine.rating} tone="dark" /> : null}
      {mine.canTrack ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            {/* One visible way to log a movie (decision 030): the Log dialog, or its page without JavaScript. */}
            {title.type === "movie" ? <LogButton titleId={title.id} path={path} rating={mine.rating} timesWatched={mine.timesWatched} /> : null}
            <WatchlistButton titleId={title.id} inWatchlist={mine.inWatchlist} tone="dark" />
            {title.type === "movie" && mine.timesWatched > 0 ? (
              <span className="text-sm text-white/85" data-testid="times-watched">
                <span aria-hidden="true">✓ </span>
                {t("Watched :count [one time|other times]", { count: mine.timesWatched })}
              </span>
            ) : null}
          </div>
          {title.type === "series" ? <SeriesProgress mine={mine} episodeCount={title.episodeCount} path={path} titleId={title.id} /> : null}
        </>
      ) : null}
    </div>
  );
}

export function SeriesProgress({ mine, episodeCount, path, titleId }: { mine: Pick<MyTitleState, "watchedEpisodes" | "next">; episodeCount: number | null; path: string; titleId: number }) {
  const t = useTrans();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-white/80" data-testid="series-progress">
      <span data-testid="progress-count">{t(":watched of :total episodes", { watched: mine.watchedEpisodes, total: episodeCount ?? 0 })}</span>
      {mine.next ? (
        <Link to={`${path}/season/${mine.next.seasonNumber}/episode/${mine.next.episodeNumber}`} className="underline hover:text-white" data-testid="next-episode">
          {t("Next: S:season E:episode · :name", { season: mine.next.seasonNumber, episode: mine.next.episodeNumber, name: mine.next.name })}
        </Link>
      ) : mine.watchedEpisodes > 0 ? (
        <span>{t("All caught up")}</span>
      ) : null}
      {mine.next ? <WatchedForm titleId={titleId} scope="series" label={t("Mark whole series watched")} tone="dark" testId="mark-series-watched" /> : null}
    </div>
  );
}
