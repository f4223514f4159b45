import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import type { FeedItem } from "../feed";
import { FeedItemView } from "./feed-item";

/** The signed-in home page's "From people you follow": the feed's newest items; nothing when the feed is empty. */
export function FollowingRow({ items }: { items: FeedItem[] }) {
  const t = useTrans();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="following-row-heading" data-testid="following-row">
      <div className="flex items-end justify-between gap-4">
        <h2 id="following-row-heading" className="text-xl font-semibold text-foreground">
          {t("From people you follow")}
        </h2>
        <Link to="/feed" className="text-sm font-medium text-primary hover:underline">
          {t("See all")}
        </Link>
      </div>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.slice(0, 6).map((item) => (
          <li key={item.key}>
            <FeedItemView item={item} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
