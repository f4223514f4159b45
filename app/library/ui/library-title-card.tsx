import { TitleCard, type TitleCardData } from "~/site/cards";
import { WatchlistButton } from "./watchlist-button";

/** A title card with my watchlist button under it (signed-in pages: watchlist, for you, search results). */
export function LibraryTitleCard({ title, inWatchlist, note }: { title: TitleCardData & { id: number }; inWatchlist: boolean; note?: React.ReactNode }) {
  return (
    <div className="flex h-full flex-col gap-2" data-testid="library-card">
      <TitleCard title={title} />
      {note ? <p className="text-xs text-muted">{note}</p> : null}
      <div className="mt-auto">
        <WatchlistButton titleId={title.id} inWatchlist={inWatchlist} compact />
      </div>
    </div>
  );
}
