import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import type { FriendsOnTitle } from "../friends.server";

/**
 * "People you follow" on a title page: their average and each one's rating
 * (their reviews lead the reviews section below, marked "You follow"). A
 * member's part of the page only (decision 033).
 */
export function FriendsOnTitleSection({ friends }: { friends: NonNullable<FriendsOnTitle> }) {
  const t = useTrans();
  return (
    <section aria-labelledby="friends-heading" data-testid="title-friends">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h2 id="friends-heading" className="text-xl font-semibold text-foreground">
          {t("People you follow")}
        </h2>
        <p className="text-sm text-muted" data-testid="friends-average">
          {t("Average :rating/10 from :count [one rating|other ratings]", { rating: friends.average.toFixed(1), count: friends.count })}
        </p>
      </div>
      <ul className="mt-4 flex flex-wrap gap-3" data-testid="friends-ratings">
        {friends.people.map((p) => (
          <li key={p.id} className="flex items-center gap-2 rounded-full border border-divider bg-elevated py-1 pr-3 pl-1">
            {p.avatar ? (
              <img src={p.avatar} alt="" width={28} height={28} className="size-7 rounded-full object-cover" />
            ) : (
              <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-primary-light text-xs font-bold text-primary">
                {[...p.name][0]?.toUpperCase()}
              </span>
            )}
            <Link to={p.path} className="text-sm font-medium text-foreground hover:text-primary">
              {p.name}
            </Link>
            <span className="text-sm text-muted">{t(":rating/10", { rating: p.rating })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
