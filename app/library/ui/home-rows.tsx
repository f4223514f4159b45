import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { TitleCard } from "~/site/cards";
import { HomeRow } from "~/ui/home-row";
import { formatDate } from "~/i18n/format";
import type { MemberHomeRows } from "../home-rows.server";
import { ForYouReasonText } from "./for-you-reason";

/** "Coming soon from your watchlist": nothing when none of my titles is due (no empty row). */
export function ComingSoonRow({ titles }: { titles: MemberHomeRows["comingSoon"] }) {
  const t = useTrans();
  const language = useBootstrap().i18n.language;
  if (titles.length === 0) return null;
  return (
    <HomeRow id="coming-soon" title={t("Coming soon from your watchlist")} seeAll="/watchlist?release=unreleased&sort=release_date" grid="cards">
      {titles.map((title) => (
        <li key={title.id}>
          <TitleCard title={title} note={formatDate(title.releaseDate, language)} />
        </li>
      ))}
    </HomeRow>
  );
}

/** "For you", each card with its reason; nothing until the member rated, watched or listed something. */
export function ForYouRow({ titles }: { titles: MemberHomeRows["forYou"] }) {
  const t = useTrans();
  if (titles.length === 0) return null;
  return (
    <HomeRow id="for-you" title={t("For you")} seeAll="/for-you" grid="cards">
      {titles.map((title) => (
        <li key={title.id}>
          <TitleCard title={title} note={<ForYouReasonText reason={title.reason} />} />
        </li>
      ))}
    </HomeRow>
  );
}
