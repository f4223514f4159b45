import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/history";
import { requirePermission } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { formatCalendarDate } from "~/i18n/dates";
import { useDates } from "~/ui/use-dates";
import { titlePath } from "~/http/slug";
import { LIBRARY_PAGE_SIZE } from "~/constants";
import type { LibraryAnswer } from "~/ui/forms/answer";
import { attempt, invalid, readForm } from "~/library/form-answer.server";
import { historyFormSchema, withoutEmpty } from "~/library/schema";
import { listHistory, markWatched, removeHistoryEntry } from "~/library/history.server";
import { useLibraryToast } from "~/ui/forms/use-answer-toast";
import { getApp } from "~/request/context";
import { LibraryListPage } from "~/library/ui/library-list-page";
import { NoJsRedirect } from "~/ui/no-js-redirect";
import { z } from "zod";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Watch history") }, { name: "robots", content: "noindex" }];

const pageSchema = z.coerce.number().int().min(1).max(1000).catch(1);

/** /history: what I watched, newest first (rewatches are separate entries). */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const page = pageSchema.parse(new URL(args.request.url).searchParams.get("page") ?? 1);
  return listHistory(app.db, app.user!.id, { page, perPage: LIBRARY_PAGE_SIZE });
}

/** Mark watched (a movie, an episode, a season, a series) on a day, or remove one entry. */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const userId = app.user!.id;
  const { fields, noJsBack } = await readForm(request);
  const parsed = historyFormSchema.safeParse(withoutEmpty(fields));
  if (!parsed.success) return invalid(request, noJsBack, app.t, parsed.error);
  const input = parsed.data;
  return attempt(request, noJsBack, app.t, async () => {
    if (input.intent === "remove") {
      await removeHistoryEntry(app.db, userId, input.id);
      return { ok: true, message: app.t("Removed from your history") };
    }
    const result = await markWatched(app.db, userId, input);
    const message =
      input.scope === "series"
        ? app.t("Marked every episode of :name watched", { name: result.titleName })
        : input.scope === "season"
          ? app.t("Marked season :season of :name watched", { season: input.season ?? 0, name: result.titleName })
          : input.episode !== undefined
            ? app.t("Marked :name S:season E:episode watched", { name: result.titleName, season: input.season ?? 0, episode: input.episode })
            : app.t("Marked :name watched", { name: result.titleName });
    return { ok: true, message, watchedOn: result.watchedOn };
  });
}

export default function History({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { language } = useDates();
  const { items, hasMore, page } = loaderData;
  return (
    <LibraryListPage
      title={t("Watch history")}
      sibling={{ to: "/progress", label: t("Series in progress") }}
      empty={t("Nothing watched yet. Use “Mark watched” on a movie or an episode.")}
      testId="history"
      isEmpty={items.length === 0}
      page={page}
      hasMore={hasMore}
    >
      {items.map((item) => {
        const path = titlePath({ id: item.titleId, slug: item.slug });
        const episodeLink = item.episodeId ? `${path}/season/${item.seasonNumber}/episode/${item.episodeNumber}` : null;
        return (
          <li key={item.id} className="flex items-center gap-4 py-3" data-testid="history-item">
            {item.poster ? (
              <img src={item.poster} alt="" width={40} height={60} loading="lazy" className="aspect-[2/3] w-10 rounded bg-paper object-cover" />
            ) : (
              <span aria-hidden="true" className="block aspect-[2/3] w-10 shrink-0 rounded bg-paper" />
            )}
            <div className="min-w-0 flex-1">
              <Link to={episodeLink ?? path} className="font-medium text-foreground hover:text-primary">
                {item.name}
                {episodeLink ? ` · S${item.seasonNumber} E${item.episodeNumber} · ${item.episodeName}` : item.year ? ` (${item.year})` : ""}
              </Link>
              <p className="text-sm text-muted">{t("Watched :date", { date: formatCalendarDate(item.watchedOn, language) ?? item.watchedOn })}</p>
            </div>
            <RemoveEntry id={item.id} />
          </li>
        );
      })}
    </LibraryListPage>
  );
}

function RemoveEntry({ id }: { id: number }) {
  const t = useTrans();
  const fetcher = useFetcher<LibraryAnswer>();
  useLibraryToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={id} />
      <NoJsRedirect />
      <button type="submit" className="text-sm text-muted underline hover:text-danger">
        {t("Remove")}
      </button>
    </fetcher.Form>
  );
}
