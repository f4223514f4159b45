import { Link } from "react-router";
import type { Route } from "./+types/for-you";
import { requirePermission } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { forYou } from "~/library/for-you.server";
import { ForYouReasonText } from "~/library/ui/for-you-reason";
import { LibraryTitleCard } from "~/library/ui/library-title-card";
import { watchlistedAmong } from "~/library/watchlist.server";
import { getApp } from "~/request/context";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "For you") }, { name: "robots", content: "noindex" }];

/** /for-you: suggestions from my ratings, history and watchlist, each explained (app/library/for-you.server.ts). */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const userId = app.user!.id;
  const { suggestions } = await forYou(app.db, userId);
  const listed = await watchlistedAmong(
    app.db,
    userId,
    suggestions.map((s) => s.id),
  );
  return { suggestions: suggestions.map(({ score: _score, quality: _quality, popularity: _popularity, ...s }) => ({ ...s, inWatchlist: listed.has(s.id) })) };
}

export default function ForYou({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { suggestions } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("For you")}</h1>
      <p className="mt-2 text-muted">{t("Picked from what you rated, watched and put on your watchlist.")}</p>
      {suggestions.length === 0 ? (
        <p className="mt-10 text-muted" data-testid="for-you-empty">
          {t("Rate or watch a few titles and suggestions will appear here.")}{" "}
          <Link to="/titles" className="text-primary underline underline-offset-2">
            {t("Browse titles")}
          </Link>
        </p>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-4 lg:grid-cols-6" data-testid="for-you-items">
          {suggestions.map((title) => (
            <li key={title.id}>
              <LibraryTitleCard title={title} inWatchlist={title.inWatchlist} note={<ForYouReasonText reason={title.reason} />} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
