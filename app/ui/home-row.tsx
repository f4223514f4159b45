import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTrans } from "~/i18n/translation-context";

/**
 * One row of the signed-in home page ("Coming soon from your watchlist",
 * "For you", "From people you follow"): its heading, a "See all" link to the
 * full page and its items in a grid (`cards`: title cards, six across on a
 * wide screen; `items`: wider feed items, three across). `id` names the
 * heading (`{id}-heading`) and the row (`{id}-row`, its test id). The caller
 * leaves the row out when it has nothing (no empty row).
 */
export function HomeRow({ id, title, seeAll, grid, children }: { id: string; title: string; seeAll: string; grid: "cards" | "items"; children: ReactNode }) {
  const t = useTrans();
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={`${id}-row`}>
      <div className="flex items-end justify-between gap-4">
        <h2 id={`${id}-heading`} className="text-xl font-semibold text-foreground">
          {title}
        </h2>
        <Link to={seeAll} className="text-sm font-medium text-primary hover:underline">
          {t("See all")}
        </Link>
      </div>
      <ul className={grid === "cards" ? "mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6" : "mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"}>{children}</ul>
    </section>
  );
}
