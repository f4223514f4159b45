import { Link, redirect } from "react-router";
import type { Route } from "./+types/titles";
import { guestPageCache } from "~/request/guest-page-cache.server";
import { adSlots } from "~/ads/ads.server";
import { Suspense } from "react";
import { useTrans } from "~/i18n/translation-context";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { filtersToSearch, sortValue, TITLE_SORTS } from "~/catalogue/browse";
import { parseTitleFilters, type TitleFilters } from "~/catalogue/browse-filters.server";
import { browseTitlesPage } from "~/catalogue/browse.server";
import { watchRegionFor } from "~/tmdb/title-extras.server";
import { BROWSE_PAGE_SIZE } from "~/constants";
import { getApp, getWorker } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { LinesFromTable } from "~/i18n/page-lines";
import { translationStore } from "~/i18n/translation-store";
import { BrowseLayout, SortSelect } from "~/site/browse/browse-layout";
import { StaticIsland } from "~/request/server-html";
import { serverData } from "~/request/server-html.server";
import { lazyComponent } from "~/ui/lazy-component";
import { cleanQueryRedirectTarget } from "~/http/clean-query";

/** The results: rendered in place by the server; a guest's browser keeps their HTML and never loads the card code. */
const TitleCardGrid = lazyComponent(() => import("~/site/title-card-rows").then((m) => m.TitleCardGrid));

/**
 * The filter fields are lazy (app/ui/lazy-component.ts): the server renders
 * them in place, so the drawer works without JavaScript, while the browser
 * loads their code (and lines, from the language's table) after hydration,
 * keeping this page inside the public JavaScript budget.
 */
const TitleFilterFields = lazyComponent(() => Promise.all([import("~/site/browse/title-filter-fields"), translationStore.complete()]).then(([module]) => module.default));

/** Guests share a copy of this page for a few seconds (app/request/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * /titles: browse movies and series by type, genres (any or all of several),
 * year range, minimum IMDb or TMDB rating, where to watch in the visitor's
 * region (account country, else the site's `tmdb.region`), runtime, original language, country and
 * certification, with one Sort control (popularity, IMDb or TMDB rating, release
 * date or name, either way; titles without the value come last). A GET form,
 * so it works without JavaScript and every result page has a shareable URL.
 * Malformed filters are ignored or clamped.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  // A submit that sent empty fields lands on the clean address (decision 031).
  const cleanTarget = cleanQueryRedirectTarget(new URL(request.url));
  if (cleanTarget) throw redirect(cleanTarget);
  const filters = parseTitleFilters(new URL(request.url).searchParams);
  // "Where to watch" is in the visitor's region: guests all share the site's default, so their copy stays shareable.
  const region = watchRegionFor(app.user, app.settings["tmdb.region"]);
  const { filters: effective, genres: genreList, providers, tmdbRatings, result } = await browseTitlesPage(app.db, filters, region, BROWSE_PAGE_SIZE);
  const chosen = genreList.filter((g) => effective.genre.includes(g.slug));
  const heading = [chosen.length === 1 ? app.t(chosen[0].name) : null, effective.type === "movie" ? app.t("Movies") : effective.type === "series" ? app.t("Series") : app.t("Movies & series")]
    .filter(Boolean)
    .join(" ");
  const { page: _page, ...withoutPage } = effective;
  // The TMDB rating only where the card shows it (no other rating): the page is at its JavaScript budget.
  const items = result.items.map(({ tmdbRating, ...item }) => (item.rating === null && item.externalRating === null && tmdbRating !== null ? { ...item, tmdbRating } : item));
  return {
    filters: effective,
    genres: genreList,
    tmdbRatings,
    providers,
    region,
    ...result,
    // A guest's cards by reference on a document request: hydration keeps their HTML, no card code (decision 045).
    items: app.viewer.userId === null ? serverData(context, "results", items) : items,
    empty: items.length === 0,
    heading,
    ads: adSlots(app.settings, getWorker(context).nonce, ["ads.general_top", "ads.general_bottom"]),
    seo: buildSeo(app, request, {
      title: effective.page > 1 ? `${heading} · ${app.t("Page :page", { page: effective.page })}` : heading,
      description: app.t("Browse :what by genre, year, rating and certification.", { what: heading.toLowerCase() }),
      path: `/titles${filtersToSearch({ ...withoutPage, page: effective.page })}`,
      // Filter combinations are endless; only the plain lists are worth indexing.
      noindex: activeFilterCount(effective) > (effective.type ? 1 : 0) || effective.order !== "popularity" || effective.dir !== undefined,
    }),
  };
}

/** How many filters are set (the type counts; sort and page do not). */
function activeFilterCount(f: TitleFilters) {
  return [f.type, f.genre.length ? f.genre : undefined, f.year_from ?? f.year_to, f.rating, f.tmdb_rating, f.provider, f.runtime_min ?? f.runtime_max, f.language, f.country, f.certification].filter(
    (v) => v !== undefined,
  ).length;
}

export default function BrowseTitles({ loaderData }: Route.ComponentProps) {
  const { filters, genres, tmdbRatings, providers, region, items, empty, hasNext, heading, ads, total, more, pages } = loaderData;
  const t = useTrans();
  const { page: _page, ...rest } = filters;
  return (
    <BrowseLayout
      testId="browse-titles"
      heading={heading}
      path="/titles"
      formClassName="sm:grid-cols-4 lg:grid-cols-6"
      actionsClassName="col-span-2 sm:col-span-4 lg:col-span-6"
      activeFilters={activeFilterCount(filters)}
      total={total}
      more={more}
      pages={pages}
      ads={ads}
      page={filters.page}
      hasNext={hasNext}
      pageHref={(page) => `/titles${filtersToSearch({ ...rest, page })}`}
      sort={
        <SortSelect
          value={sortValue(filters.order, filters.dir)}
          options={TITLE_SORTS.filter((value) => tmdbRatings || !value.startsWith("tmdb_rating")).map((value) => ({ value, label: t(SORT_LABELS[value]) }))}
        />
      }
      filters={
        <LinesFromTable>
          <Suspense fallback={null}>
            <TitleFilterFields filters={filters} genres={genres} providers={providers} region={region} tmdbRatings={tmdbRatings} />
          </Suspense>
        </LinesFromTable>
      }
      empty={
        empty ? (
          <div className="mt-10" data-testid="browse-empty">
            <p className="text-lg font-medium text-foreground">{t("No titles match these filters.")}</p>
            <Link to="/titles" className="mt-2 inline-block font-medium text-primary hover:underline">
              {t("Clear all filters")}
            </Link>
          </div>
        ) : null
      }
      results={
        <StaticIsland data={items} preload={TitleCardGrid.preload}>
          {(titles) => (
            <Suspense fallback={null}>
              <TitleCardGrid titles={titles} sort={sortValue(filters.order, filters.dir)} testId="browse-results" />
            </Suspense>
          )}
        </StaticIsland>
      }
    />
  );
}

const SORT_LABELS: Record<(typeof TITLE_SORTS)[number], string> = {
  "popularity-desc": "Most popular",
  "popularity-asc": "Least popular",
  "rating-desc": "IMDb rating, highest first",
  "rating-asc": "IMDb rating, lowest first",
  "tmdb_rating-desc": "TMDB rating, highest first",
  "tmdb_rating-asc": "TMDB rating, lowest first",
  "release_date-desc": "Newest first",
  "release_date-asc": "Oldest first",
  "name-asc": "Name, A to Z",
  "name-desc": "Name, Z to A",
};
