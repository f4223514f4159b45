import { useTrans } from "~/i18n/translation-context";
import { HomeRow } from "~/ui/home-row";
import type { FeedItem } from "../feed";
import { FeedItemView } from "./feed-item";

/** The signed-in home page's "From people you follow": the feed's newest items; nothing when the feed is empty. */
export function FollowingRow({ items }: { items: FeedItem[] }) {
  const t = useTrans();
  if (items.length === 0) return null;
  return (
    <HomeRow id="following" title={t("From people you follow")} seeAll="/feed" grid="items">
      {items.slice(0, 6).map((item) => (
        <li key={item.key}>
          <FeedItemView item={item} compact />
        </li>
      ))}
    </HomeRow>
  );
}
