import { Form, Link } from "react-router";
import type { Route } from "./+types/watchlist";
import { requirePermission } from "~/auth/guards.server";
import { useTrans } from "~/i18n/translation-context";
import { attempt, invalid, readForm } from "~/library/form-answer.server";
import { watchlistFormSchema, watchlistQuerySchema, withoutEmpty } from "~/library/schema";
import { WATCHLIST_SORTS } from "~/library/rules";
import { LibraryTitleCard } from "~/library/ui/library-title-card";
import { addToWatchlist, loadWatchlistPage, removeFromWatchlist } from "~/library/watchlist.server";
import { watchRegionFor } from "~/tmdb/title-extras.server";
import { countryName } from "~/i18n/format";
import { useBootstrap } from "~/ui/use-bootstrap";
import { getApp } from "~/request/context";
import { fieldLabelClasses, selectClasses } from "~/site/browse/pagination";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Watchlist") }, { name: "robots", content: "noindex" }];

/** /watchlist: my watchlist, sorted and filtered by a GET form (works without JavaScript). */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const query = watchlistQuerySchema.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  // Where to watch in the member's region: the account country, else the site's default (tmdb.region).
  const region = watchRegionFor(app.user, app.settings["tmdb.region"]);
  const { genres, providers, result } = await loadWatchlistPage(app.db, app.user!.id, { ...query, region });
  return { query, region, providers: providers.map(({ id, name }) => ({ id, name })), genres: genres.map(({ name, slug }) => ({ name, slug })), ...result };
}

/** Add or remove a title (the buttons on title, season and episode pages, cards and search results post here). */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const { fields, noJsBack } = await readForm(request);
  const parsed = watchlistFormSchema.safeParse(withoutEmpty(fields));
  if (!parsed.success) return invalid(request, noJsBack, app.t, parsed.error);
  const { intent, titleId } = parsed.data;
  return attempt(request, noJsBack, app.t, async () => {
    const result = intent === "add" ? await addToWatchlist(app.db, app.user!.id, titleId) : await removeFromWatchlist(app.db, app.user!.id, titleId);
    const message = intent === "add" ? app.t("Added :name to your watchlist", { name: result.titleName }) : app.t("Removed :name from your watchlist", { name: result.titleName });
    return { ok: true, message, inWatchlist: result.inWatchlist, titleId };
  });
}

export default function Watchlist({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  const { query, region, providers, genres, items, hasMore, page } = loaderData;
  const language = useBootstrap().i18n.language;
  const sortLabels: Record<(typeof WATCHLIST_SORTS)[number], string> = { added: t("Date added"), release_date: t("Release date"), rating: t("Rating"), name: t("Name") };
  const params = (next: number) => {
    const search = new URLSearchParams(Object.entries({ ...query, page: String(next) }).filter(([, v]) => v !== undefined) as [string, string][]);
    return `?${search.toString()}`;
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("Watchlist")}</h1>
        <Link to="/library/import" className="text-sm font-medium text-primary hover:underline" data-testid="library-import-link">
          {t("Import and export")}
        </Link>
      </div>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-4" data-testid="watchlist-filters">
        <label className="flex flex-col gap-1">
          <span className={fieldLabelClasses}>{t("Sort by")}</span>
          <select name="sort" defaultValue={query.sort} className={selectClasses}>
            {WATCHLIST_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className={fieldLabelClasses}>{t("Type")}</span>
          <select name="type" defaultValue={query.type ?? ""} className={selectClasses}>
            <option value="">{t("All")}</option>
            <option value="movie">{t("Movies")}</option>
            <option value="series">{t("Series")}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className={fieldLabelClasses}>{t("Genre")}</span>
          <select name="genre" defaultValue={query.genre ?? ""} className={selectClasses}>
            <option value="">{t("All")}</option>
            {genres.map((genre) => (
              <option key={genre.slug} value={genre.slug}>
                {t(genre.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className={fieldLabelClasses}>{t("Release")}</span>
          <select name="release" defaultValue={query.release ?? ""} className={selectClasses}>
            <option value="">{t("All")}</option>
            <option value="released">{t("Released")}</option>
            <option value="unreleased">{t("Not released yet")}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className={fieldLabelClasses}>{t("Where to watch in :region", { region: countryName(region, language) })}</span>
          <select name="provider" defaultValue={query.provider ?? ""} className={selectClasses} data-testid="watchlist-provider">
            <option value="">{t("Anywhere or nowhere")}</option>
            <option value="any">{t("On any service")}</option>
            {providers.map((provider) => (
              <option key={provider.id} value={provider.id}>
                {provider.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClasses({ size: "md" })}>
          {t("Apply")}
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="mt-10 text-muted" data-testid="watchlist-empty">
          {t("Nothing here yet. Add titles with the “Add to watchlist” button on their pages.")}
        </p>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-4 lg:grid-cols-6" data-testid="watchlist-items">
          {items.map((title) => (
            <li key={title.id}>
              <LibraryTitleCard
                title={title}
                inWatchlist
                note={
                  title.watched ? (
                    <span className="font-medium text-foreground" data-testid="watchlist-watched">
                      <span aria-hidden="true">✓ </span>
                      {t("Watched: remove it from your watchlist?")}
                    </span>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      <nav className="mt-8 flex gap-4" aria-label={t("Pages")}>
        {page > 1 ? <Link to={params(page - 1)}>{t("Previous")}</Link> : null}
        {hasMore ? <Link to={params(page + 1)}>{t("Next")}</Link> : null}
      </nav>
    </div>
  );
}
