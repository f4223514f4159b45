import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/titles";
import { guestPageCache } from "~/http/guest-page-cache.server";
import { AdSlot } from "~/ads/ad-slot";
import { adSlots } from "~/ads/ads.server";
import { useTrans } from "~/bootstrap/use-bootstrap";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { CERTIFICATIONS, filtersToSearch, MAX_YEAR, MIN_YEAR } from "~/catalogue/browse";
import { parseTitleFilters, type TitleFilters } from "~/catalogue/browse-filters.server";
import { browseTitles, listGenres } from "~/catalogue/browse.server";
import { BROWSE_PAGE_SIZE } from "~/constants";
import { getApp, getWorker } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { fieldLabelClasses, Pagination, selectClasses } from "~/site/browse/pagination";
import { TitleCard } from "~/site/cards";

/** Guests share a copy of this page for a few seconds (app/http/guest-page-cache.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [guestPageCache()];

export const meta: Route.MetaFunction = ({ loaderData }) => seoTags(loaderData?.seo);

/**
 * /titles: browse movies and series by type, genre, year range, minimum
 * rating and certification, sorted by popularity, rating, release date or
 * name. A GET form, so it works without JavaScript and every result page
 * has a shareable URL. Malformed filters are ignored or clamped.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  requireCatalogueAccess(app, request);
  const filters = parseTitleFilters(new URL(request.url).searchParams);
  const [genreList, result] = await Promise.all([listGenres(app.db), browseTitles(app.db, filters, BROWSE_PAGE_SIZE)]);
  const genre = genreList.find((g) => g.slug === filters.genre);
  // An unknown genre is ignored rather than producing a silent empty list.
  const effective: TitleFilters = genre ? filters : { ...filters, genre: undefined };
  const finalResult = genre || !filters.genre ? result : await browseTitles(app.db, effective, BROWSE_PAGE_SIZE);
  const heading = [
    genre ? app.t(genre.name) : null,
    effective.type === "movie" ? app.t("Movies") : effective.type === "series" ? app.t("Series") : app.t("Movies & series"),
  ]
    .filter(Boolean)
    .join(" ");
  const { page: _page, ...withoutPage } = effective;
  return {
    filters: effective,
    genres: genreList,
    ...finalResult,
    heading,
    ads: adSlots(app.settings, getWorker(context).nonce, ["ads.general_top", "ads.general_bottom"]),
    seo: buildSeo(app, request, {
      title: effective.page > 1 ? `${heading} · ${app.t("Page :page", { page: effective.page })}` : heading,
      description: app.t("Browse :what by genre, year, rating and certification.", { what: heading.toLowerCase() }),
      path: `/titles${filtersToSearch({ ...withoutPage, page: effective.page })}`,
      // Filter combinations are endless; only the plain lists are worth indexing.
      noindex: Object.entries(withoutPage).some(([key, value]) => key !== "type" && key !== "order" && value !== undefined) || effective.order !== "popularity",
    }),
  };
}

export default function BrowseTitles({ loaderData }: Route.ComponentProps) {
  const { filters, genres, items, hasNext, heading, ads } = loaderData;
  const t = useTrans();
  const submit = useSubmit();
  const { page: _page, ...rest } = filters;
  const years = [];
  for (let y = new Date().getUTCFullYear() + 2; y >= 1900; y--) years.push(y);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6" data-testid="browse-titles">
      <AdSlot slot="ads.general_top" html={ads["ads.general_top"]} />
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{heading}</h1>
      <Form
        method="get"
        action="/titles"
        className="mt-6 grid grid-cols-2 gap-4 rounded-theme border border-divider bg-paper p-4 sm:grid-cols-4 lg:grid-cols-8"
        data-testid="browse-filters"
        // With JavaScript, a changed filter applies at once; without it, the button does.
        onChange={(event) => {
          // Lists apply at once; typed years wait for Enter or the button.
          if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { preventScrollReset: true });
        }}
      >
        <div>
          <label htmlFor="filter-type" className={fieldLabelClasses}>{t("Type")}</label>
          <select id="filter-type" name="type" defaultValue={filters.type ?? ""} className={selectClasses}>
            <option value="">{t("All")}</option>
            <option value="movie">{t("Movies")}</option>
            <option value="series">{t("Series")}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-genre" className={fieldLabelClasses}>{t("Genre")}</label>
          <select id="filter-genre" name="genre" defaultValue={filters.genre ?? ""} className={selectClasses}>
            <option value="">{t("All genres")}</option>
            {genres.map((genre) => (
              <option key={genre.id} value={genre.slug}>
                {t(genre.name)}
              </option>
            ))}
          </select>
        </div>
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
          <label htmlFor="filter-rating" className={fieldLabelClasses}>{t("Min. rating")}</label>
          <select id="filter-rating" name="rating" defaultValue={filters.rating ?? ""} className={selectClasses}>
            <option value="">{t("Any")}</option>
            {[9, 8, 7, 6, 5, 4, 3, 2, 1].map((r) => (
              <option key={r} value={r}>
                {r}+
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-certification" className={fieldLabelClasses}>{t("Certification")}</label>
          <select id="filter-certification" name="certification" defaultValue={filters.certification ?? ""} className={selectClasses}>
            <option value="">{t("Any")}</option>
            {[...new Set([...CERTIFICATIONS, ...(filters.certification ? [filters.certification] : [])])].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-order" className={fieldLabelClasses}>{t("Sort by")}</label>
          <select id="filter-order" name="order" defaultValue={filters.order} className={selectClasses}>
            <option value="popularity">{t("Popularity")}</option>
            <option value="rating">{t("Rating")}</option>
            <option value="release_date">{t("Release date")}</option>
            <option value="name">{t("Name")}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-dir" className={fieldLabelClasses}>{t("Order")}</label>
          <select id="filter-dir" name="dir" defaultValue={filters.dir ?? ""} className={selectClasses}>
            <option value="">{t("Default")}</option>
            <option value="desc">{t("Descending")}</option>
            <option value="asc">{t("Ascending")}</option>
          </select>
        </div>
        <div className="col-span-2 flex items-end gap-3 sm:col-span-4 lg:col-span-8">
          <button type="submit" className="h-10 rounded-theme bg-primary px-5 text-sm font-semibold text-on-primary hover:opacity-90" data-testid="apply-filters">
            {t("Apply filters")}
          </button>
          <Link to="/titles" className="text-sm font-medium text-muted hover:text-foreground">
            {t("Clear")}
          </Link>
        </div>
      </Form>

      {items.length === 0 ? (
        <div className="mt-10" data-testid="browse-empty">
          <p className="text-lg font-medium text-foreground">{t("No titles match these filters.")}</p>
          <Link to="/titles" className="mt-2 inline-block font-medium text-primary hover:underline">
            {t("Clear all filters")}
          </Link>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-4 lg:grid-cols-6" data-testid="browse-results">
          {items.map((title, index) => (
            <li key={title.id}>
              <TitleCard title={title} eager={index < 6} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={filters.page} hasNext={hasNext} href={(page) => `/titles${filtersToSearch({ ...rest, page })}`} />
      <AdSlot slot="ads.general_bottom" html={ads["ads.general_bottom"]} />
    </div>
  );
}
