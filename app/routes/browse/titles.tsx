import { Link } from "react-router";
import type { Route } from "./+types/titles";
import { guestPageCache } from "~/http/guest-page-cache.server";
import { adSlots } from "~/ads/ads.server";
import { useBootstrap, useTrans } from "~/bootstrap/use-bootstrap";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { CERTIFICATIONS, FILTER_COUNTRIES, FILTER_LANGUAGES, filtersToSearch, MAX_RUNTIME, MAX_YEAR, MIN_YEAR, sortValue, TITLE_SORTS } from "~/catalogue/browse";
import { parseTitleFilters, type TitleFilters } from "~/catalogue/browse-filters.server";
import { browseTitlesWithCount, listGenres } from "~/catalogue/browse.server";
import { BROWSE_PAGE_SIZE } from "~/constants";
import { getApp, getWorker } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { BrowseLayout, FilterSelect, SortSelect } from "~/site/browse/browse-layout";
import { fieldLabelClasses, selectClasses } from "~/site/browse/pagination";
import { TitleCard } from "~/site/cards";
import { countryName, languageName } from "~/site/format";

/** Guests share a copy of this page for a few seconds (app/http/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * /titles: browse movies and series by type, genres (any or all of several),
 * year range, minimum IMDb rating, runtime, original language, country and
 * certification, with one Sort control (popularity, IMDb rating, release
 * date or name, either way; titles without the value come last). A GET form,
 * so it works without JavaScript and every result page has a shareable URL.
 * Malformed filters are ignored or clamped.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const filters = parseTitleFilters(new URL(request.url).searchParams);
  const genreList = await listGenres(app.db);
  // An unknown genre is ignored rather than producing a silent empty list.
  const chosen = genreList.filter((g) => filters.genre.includes(g.slug));
  const effective: TitleFilters = { ...filters, genre: chosen.map((g) => g.slug) };
  const result = await browseTitlesWithCount(app.db, effective, BROWSE_PAGE_SIZE);
  const heading = [
    chosen.length === 1 ? app.t(chosen[0].name) : null,
    effective.type === "movie" ? app.t("Movies") : effective.type === "series" ? app.t("Series") : app.t("Movies & series"),
  ]
    .filter(Boolean)
    .join(" ");
  const { page: _page, ...withoutPage } = effective;
  return {
    filters: effective,
    genres: genreList,
    ...result,
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
  return [f.type, f.genre.length ? f.genre : undefined, f.year_from ?? f.year_to, f.rating, f.runtime_min ?? f.runtime_max, f.language, f.country, f.certification].filter(
    (v) => v !== undefined,
  ).length;
}

export default function BrowseTitles({ loaderData }: Route.ComponentProps) {
  const { filters, genres, items, hasNext, heading, ads, total, pages } = loaderData;
  const t = useTrans();
  const language = useBootstrap().i18n.language;
  const { page: _page, ...rest } = filters;
  const years = [];
  for (let y = new Date().getUTCFullYear() + 2; y >= 1900; y--) years.push(y);
  const any = { value: "", label: t("Any") };
  const codes = (list: readonly string[], current: string | undefined) => [...new Set([...list, ...(current ? [current] : [])])];
  return (
    <BrowseLayout
      testId="browse-titles"
      heading={heading}
      path="/titles"
      formClassName="sm:grid-cols-4 lg:grid-cols-6"
      actionsClassName="col-span-2 sm:col-span-4 lg:col-span-6"
      activeFilters={activeFilterCount(filters)}
      total={total}
      pages={pages}
      ads={ads}
      page={filters.page}
      hasNext={hasNext}
      pageHref={(page) => `/titles${filtersToSearch({ ...rest, page })}`}
      sort={
        <SortSelect
          value={sortValue(filters.order, filters.dir)}
          options={TITLE_SORTS.map((value) => ({ value, label: t(SORT_LABELS[value]) }))}
        />
      }
      filters={
        <>
          <FilterSelect
            name="type"
            label={t("Type")}
            value={filters.type}
            options={[
              { value: "", label: t("All") },
              { value: "movie", label: t("Movies") },
              { value: "series", label: t("Series") },
            ]}
          />
          <div>
            <label htmlFor="filter-year-from" className={fieldLabelClasses}>{t("From year")}</label>
            <input id="filter-year-from" name="year_from" type="number" inputMode="numeric" min={MIN_YEAR} max={MAX_YEAR} defaultValue={filters.year_from ?? ""} placeholder={t("Any")} className={selectClasses} list="browse-years" />
          </div>
          <div>
            <label htmlFor="filter-year-to" className={fieldLabelClasses}>{t("To year")}</label>
            <input id="filter-year-to" name="year_to" type="number" inputMode="numeric" min={MIN_YEAR} max={MAX_YEAR} defaultValue={filters.year_to ?? ""} placeholder={t("Any")} className={selectClasses} list="browse-years" />
            <datalist id="browse-years">
              {years.filter((y) => y % 10 === 0).map((y) => (
                <option key={y} value={y} />
              ))}
            </datalist>
          </div>
          <div>
            <label htmlFor="filter-runtime-min" className={fieldLabelClasses}>{t("Runtime from (min)")}</label>
            <input id="filter-runtime-min" name="runtime_min" type="number" inputMode="numeric" min={1} max={MAX_RUNTIME} defaultValue={filters.runtime_min ?? ""} placeholder={t("Any")} className={selectClasses} />
          </div>
          <div>
            <label htmlFor="filter-runtime-max" className={fieldLabelClasses}>{t("Runtime to (min)")}</label>
            <input id="filter-runtime-max" name="runtime_max" type="number" inputMode="numeric" min={1} max={MAX_RUNTIME} defaultValue={filters.runtime_max ?? ""} placeholder={t("Any")} className={selectClasses} />
          </div>
          <FilterSelect
            name="rating"
            label={t("Min. IMDb rating")}
            value={filters.rating}
            options={[any, ...[9, 8, 7, 6, 5, 4, 3, 2, 1].map((r) => ({ value: r, label: `IMDb ${r}+` }))]}
          />
          <FilterSelect
            name="certification"
            label={t("Certification")}
            value={filters.certification}
            options={[any, ...codes(CERTIFICATIONS, filters.certification).map((c) => ({ value: c, label: c }))]}
          />
          <FilterSelect
            name="language"
            label={t("Original language")}
            value={filters.language}
            options={[any, ...codes(FILTER_LANGUAGES, filters.language).map((c) => ({ value: c, label: languageName(c, language) ?? c }))]}
          />
          <FilterSelect
            name="country"
            label={t("Country")}
            value={filters.country}
            options={[any, ...codes(FILTER_COUNTRIES, filters.country).map((c) => ({ value: c, label: countryName(c, language) }))]}
          />
          <fieldset className="col-span-2 sm:col-span-4 lg:col-span-6" data-testid="genre-filter">
            <legend className={fieldLabelClasses}>{t("Genres")}</legend>
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor="filter-genre-match" className="sr-only">{t("Genres to match")}</label>
              <select id="filter-genre-match" name="genre_match" defaultValue={filters.genre_match} className="h-8 rounded-full border border-divider bg-background px-3 text-sm text-foreground">
                <option value="any">{t("Any of them")}</option>
                <option value="all">{t("All of them")}</option>
              </select>
              {genres.map((genre) => (
                <label key={genre.id} className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-divider bg-background px-3 py-1 text-sm text-foreground has-[:checked]:border-primary has-[:checked]:bg-primary/10">
                  <input type="checkbox" name="genre" value={genre.slug} defaultChecked={filters.genre.includes(genre.slug)} className="accent-primary" />
                  {t(genre.name)}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      }
      empty={
        items.length === 0 ? (
          <div className="mt-10" data-testid="browse-empty">
            <p className="text-lg font-medium text-foreground">{t("No titles match these filters.")}</p>
            <Link to="/titles" className="mt-2 inline-block font-medium text-primary hover:underline">
              {t("Clear all filters")}
            </Link>
          </div>
        ) : null
      }
      results={
        <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-4 lg:grid-cols-6" data-testid="browse-results">
          {items.map((title, index) => (
            <li key={title.id}>
              <TitleCard title={title} eager={index < 6} />
            </li>
          ))}
        </ul>
      }
    />
  );
}

const SORT_LABELS: Record<(typeof TITLE_SORTS)[number], string> = {
  "popularity-desc": "Most popular",
  "popularity-asc": "Least popular",
  "rating-desc": "IMDb rating, highest first",
  "rating-asc": "IMDb rating, lowest first",
  "release_date-desc": "Newest first",
  "release_date-asc": "Oldest first",
  "name-asc": "Name, A to Z",
  "name-desc": "Name, Z to A",
};
