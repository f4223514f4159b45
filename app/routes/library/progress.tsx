import { Link } from "react-router";
import { progressClasses } from "~/ui/meter-styles";
import { z } from "zod";
import type { Route } from "./+types/progress";
import { requirePermission } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { titlePath } from "~/http/slug";
import { listProgress } from "~/library/history.server";
import { WatchedForm } from "~/library/ui/watched-form";
import { getApp } from "~/request/context";
import { LibraryListPage } from "~/library/ui/library-list-page";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Progress") }, { name: "robots", content: "noindex" }];

const pageSchema = z.coerce.number().int().min(1).max(1000).catch(1);

/** /progress: series I started and have not finished, with the next episode to watch. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const page = pageSchema.parse(new URL(args.request.url).searchParams.get("page") ?? 1);
  return listProgress(app.db, app.user!.id, { page });
}

export default function Progress({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { items, hasMore, page } = loaderData;
  return (
    <LibraryListPage
      title={t("Series in progress")}
      sibling={{ to: "/history", label: t("Watch history") }}
      empty={t("No series in progress. Mark an episode watched to start one.")}
      testId="progress"
      isEmpty={items.length === 0}
      page={page}
      hasMore={hasMore}
    >
      {items.map((item) => {
        const path = titlePath({ id: item.titleId, slug: item.slug });
        const total = item.episodeCount ?? 0;
        return (
          <li key={item.titleId} className="flex items-center gap-4 py-4" data-testid="progress-item">
            {item.poster ? (
              <img src={item.poster} alt="" width={48} height={72} loading="lazy" className="aspect-[2/3] w-12 rounded bg-paper object-cover" />
            ) : (
              <span aria-hidden="true" className="block aspect-[2/3] w-12 shrink-0 rounded bg-paper" />
            )}
            <div className="min-w-0 flex-1 space-y-1">
              <Link to={path} className="font-medium text-foreground hover:text-primary">
                {item.name}
              </Link>
              <p className="text-sm text-muted" data-testid="progress-count">
                {t(":watched of :total episodes", { watched: item.watchedEpisodes, total })}
              </p>
              <progress max={total || 1} value={item.watchedEpisodes} className={`h-1.5 ${progressClasses}`} aria-hidden="true" />
              {item.next ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Link to={`${path}/season/${item.next.seasonNumber}/episode/${item.next.episodeNumber}`} className="text-sm text-primary hover:underline" data-testid="next-episode">
                    {t("Next: S:season E:episode · :name", { season: item.next.seasonNumber, episode: item.next.episodeNumber, name: item.next.name })}
                  </Link>
                  <WatchedForm titleId={item.titleId} season={item.next.seasonNumber} episode={item.next.episodeNumber} label={t("Mark watched")} testId="mark-next-watched" />
                </div>
              ) : null}
            </div>
          </li>
        );
      })}
    </LibraryListPage>
  );
}
