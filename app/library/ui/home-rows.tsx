import { Link } from "react-router";
import { useBootstrap } from "~/bootstrap/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { TitleCard } from "~/site/cards";
import { formatDate } from "~/site/format";
import type { MemberHomeRows } from "../home-rows.server";
import { ForYouReasonText } from "./for-you-reason";

/** "Coming soon from your watchlist": nothing when none of my titles is due (no empty row). */
export function ComingSoonRow({ titles }: { titles: MemberHomeRows["comingSoon"] }) {
  const t = useTrans();
  const language = useBootstrap().i18n.language;
  if (titles.length === 0) return null;
  return (
    <section aria-labelledby="coming-soon-heading" data-testid="coming-soon-row">
      <div className="flex items-end justify-between gap-4">
        <h2 id="coming-soon-heading" className="text-xl font-semibold text-foreground">
          {t("Coming soon from your watchlist")}
        </h2>
        <Link to="/watchlist?release=unreleased&sort=release_date" className="text-sm font-medium text-primary hover:underline">
          {t("See all")}
        </Link>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
        {titles.map((title) => (
          <li key={title.id}>
            <TitleCard title={title} note={formatDate(title.releaseDate, language)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "For you", each card with its reason; nothing until the member rated, watched or listed something. */
export function ForYouRow({ titles }: { titles: MemberHomeRows["forYou"] }) {
  const t = useTrans();
  if (titles.length === 0) return null;
  return (
    <section aria-labelledby="for-you-heading" data-testid="for-you-row">
      <div className="flex items-end justify-between gap-4">
        <h2 id="for-you-heading" className="text-xl font-semibold text-foreground">
          {t("For you")}
        </h2>
        <Link to="/for-you" className="text-sm font-medium text-primary hover:underline">
          {t("See all")}
        </Link>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
        {titles.map((title) => (
          <li key={title.id}>
            <TitleCard title={title} note={<ForYouReasonText reason={title.reason} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}
