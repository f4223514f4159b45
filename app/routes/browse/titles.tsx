import { Link } from "react-router";
import type { Route } from "./+types/titles";
import { guestPageCache } from "~/http/guest-page-cache.server";
import { adSlots } from "~/ads/ads.server";
import { useTrans } from "~/i18n/translation-context";
import { requireCatalogueAccess } from "~/catalogue/access.server";
import { CERTIFICATIONS, filtersToSearch, MAX_YEAR, MIN_YEAR } from "~/catalogue/browse";
import { parseTitleFilters, type TitleFilters } from "~/catalogue/browse-filters.server";
import { browseTitles, listGenres } from "~/catalogue/browse.server";
import { BROWSE_PAGE_SIZE } from "~/constants";
import { getApp, getWorker } from "~/request/context";
import { seoTags } from "~/seo/seo";
import { buildSeo } from "~/seo/seo.server";
import { BrowseLayout, FilterSelect } from "~/site/browse/browse-layout";
import { fieldLabelClasses, selectClasses } from "~/site/browse/pagination";
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
  const { page: _page, ...rest } = filters;
  const years = [];
  for (let y = new Date().getUTCFullYear() + 2; y >= 1900; y--) years.push(y);
  const any = { value: "", label: t("Any") };
  return (
    <BrowseLayout
      testId="browse-titles"
      heading={heading}
      path="/titles"
      formClassName="sm:grid-cols-4 lg:grid-cols-8"
      actionsClassName="col-span-2 sm:col-span-4 lg:col-span-8"
      ads={ads}
      page={filters.page}
      hasNext={hasNext}
      pageHref={(page) => `/titles${filtersToSearch({ ...rest, page })}`}
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
          <FilterSelect
            name="genre"
            label={t("Genre")}
            value={filters.genre}
            options={[{ value: "", label: t("All genres") }, ...genres.map((genre) => ({ value: genre.slug, label: t(genre.name) }))]}
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
          <FilterSelect
            name="rating"
            label={t("Min. rating")}
            value={filters.rating}
            options={[any, ...[9, 8, 7, 6, 5, 4, 3, 2, 1].map((r) => ({ value: r, label: `${r}+` }))]}
          />
          <FilterSelect
            name="certification"
            label={t("Certification")}
            value={filters.certification}
            options={[any, ...[...new Set([...CERTIFICATIONS, ...(filters.certification ? [filters.certification] : [])])].map((c) => ({ value: c, label: c }))]}
          />
          <FilterSelect
            name="order"
            label={t("Sort by")}
            value={filters.order}
            options={[
              { value: "popularity", label: t("Popularity") },
              { value: "rating", label: t("Rating") },
              { value: "release_date", label: t("Release date") },
              { value: "name", label: t("Name") },
            ]}
          />
          <FilterSelect
            name="dir"
            label={t("Order")}
            value={filters.dir}
            options={[
              { value: "", label: t("Default") },
              { value: "desc", label: t("Descending") },
              { value: "asc", label: t("Ascending") },
            ]}
          />
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
        <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-4 lg:grid-cols-6" data-testid="browse-results">
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
