import { TitleCard, type TitleCardData } from "~/site/cards";

/** A title card on signed-in pages (watchlist, for you): the card's own "+" shows and toggles my watchlist (decision 029). */
export function LibraryTitleCard({ title, inWatchlist, note }: { title: TitleCardData & { id: number }; inWatchlist: boolean; note?: React.ReactNode }) {
  return (
    <div className="h-full" data-testid="library-card">
      <TitleCard title={title} inWatchlist={inWatchlist} note={note} />
    </div>
  );
}
