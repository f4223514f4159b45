import { useTrans } from "~/i18n/translation-context";
import type { LibraryAbilitiesView, MyEpisodeState } from "../title-state";
import { RatingForm } from "./rating-form";
import { WatchedForm } from "./watched-form";
import { WatchlistButton } from "./watchlist-button";

/**
 * The signed-in parts of season and episode pages. Loaded lazily
 * (app/ui/lazy-component.ts): guests never ship them; members get them
 * server-rendered, working without JavaScript.
 */

export function EpisodeLibraryPanel({
  titleId,
  episodeId,
  season,
  episode,
  mine,
}: {
  titleId: number;
  episodeId: number;
  season: number;
  episode: number;
  mine: MyEpisodeState & LibraryAbilitiesView;
}) {
  return (
    <div className="mt-4 space-y-3" data-testid="episode-library">
      {mine.canRate ? <RatingForm titleId={titleId} episodeId={episodeId} rating={mine.rating} /> : null}
      {mine.canTrack ? (
        <div className="flex flex-wrap items-center gap-3">
          <WatchedForm titleId={titleId} season={season} episode={episode} timesWatched={mine.timesWatched} />
          <WatchlistButton titleId={titleId} inWatchlist={mine.inWatchlist} />
        </div>
      ) : null}
    </div>
  );
}

export function SeasonLibraryPanel({ titleId, season, inWatchlist }: { titleId: number; season: number; inWatchlist: boolean }) {
  const t = useTrans();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="season-library">
      <WatchlistButton titleId={titleId} inWatchlist={inWatchlist} />
      <WatchedForm titleId={titleId} season={season} scope="season" label={t("Mark season watched")} testId="mark-season-watched" />
    </div>
  );
}

/** Beside an episode of a season's list: watched already, or a button to mark it. */
export function EpisodeWatchedMark({ titleId, season, episode, watched }: { titleId: number; season: number; episode: number; watched: boolean }) {
  const t = useTrans();
  if (watched) {
    return (
      <span className="text-sm font-medium text-positive" data-testid="episode-watched">
        ✓ {t("Watched")}
      </span>
    );
  }
  return <WatchedForm titleId={titleId} season={season} episode={episode} testId="episode-mark-watched" />;
}
