import type { ReactNode } from "react";
import { useBootstrap } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import { CERTIFICATIONS, FILTER_COUNTRIES, FILTER_LANGUAGES, MAX_RUNTIME, MAX_YEAR, MIN_YEAR } from "~/catalogue/browse-options";
import { countryName, languageName } from "~/i18n/format";
import { FilterSelect } from "./browse-layout";
import { fieldLabelClasses, selectClasses } from "./pagination";

/** The filters of /titles as they arrive from its loader (app/catalogue/browse-filters.server.ts). */
interface TitleFilterValues {
  type?: "movie" | "series";
  genre: string[];
  genre_match: "any" | "all";
  year_from?: number;
  year_to?: number;
  runtime_min?: number;
  runtime_max?: number;
  rating?: number;
  tmdb_rating?: number;
  provider?: number;
  certification?: string;
  language?: string;
  country?: string;
}

/**
 * The fields of the /titles filter form (in BrowseLayout's drawer): type,
 * years, runtime, minimum IMDb and TMDB ratings, where to watch (providers
 * with titles in the visitor's region), certification, original language,
 * country and several genres (any or all of them). Loaded lazily by the
 * route (see there).
 */
export default function TitleFilterFields({
  filters,
  genres,
  providers,
  region,
  tmdbRatings = true,
}: {
  filters: TitleFilterValues;
  /** Only genres with titles, each with how many (decision 042). */
  genres: { id: number; name: string; slug: string; count?: number }[];
  /** Whether any title has a TMDB rating: without one the TMDB filter is not offered. */
  tmdbRatings?: boolean;
  /** Watch providers with titles in the visitor's region (the loader lists only those). */
  providers: { id: number; name: string }[];
  region: string;
}) {
  const t = useTrans();
  const language = useBootstrap().i18n.language;
  const years = [];
  for (let y = new Date().getUTCFullYear() + 2; y >= 1900; y--) years.push(y);
  const any = { value: "", label: t("Any") };
  const codes = (list: readonly string[], current: string | undefined) => [...new Set([...list, ...(current ? [current] : [])])];
  return (
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
      <NumberFilter id="filter-year-from" name="year_from" label={t("From year")} min={MIN_YEAR} max={MAX_YEAR} value={filters.year_from} list="browse-years" />
      <NumberFilter id="filter-year-to" name="year_to" label={t("To year")} min={MIN_YEAR} max={MAX_YEAR} value={filters.year_to} list="browse-years">
        <datalist id="browse-years">
          {years
            .filter((y) => y % 10 === 0)
            .map((y) => (
              <option key={y} value={y} />
            ))}
        </datalist>
      </NumberFilter>
      <NumberFilter id="filter-runtime-min" name="runtime_min" label={t("Runtime from (min)")} min={1} max={MAX_RUNTIME} value={filters.runtime_min} />
      <NumberFilter id="filter-runtime-max" name="runtime_max" label={t("Runtime to (min)")} min={1} max={MAX_RUNTIME} value={filters.runtime_max} />
      <FilterSelect name="rating" label={t("Min. IMDb rating")} value={filters.rating} options={[any, ...[9, 8, 7, 6, 5, 4, 3, 2, 1].map((r) => ({ value: r, label: `IMDb ${r}+` }))]} />
      {tmdbRatings && (
        <FilterSelect name="tmdb_rating" label={t("Min. TMDB rating")} value={filters.tmdb_rating} options={[any, ...[9, 8, 7, 6, 5, 4, 3, 2, 1].map((r) => ({ value: r, label: `TMDB ${r}+` }))]} />
      )}
      {providers.length > 0 && (
        <FilterSelect
          name="provider"
          label={`${t("Where to watch")} (${countryName(region, language)})`}
          value={filters.provider}
          options={[any, ...providers.map((p) => ({ value: p.id, label: p.name }))]}
        />
      )}
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
          <label htmlFor="filter-genre-match" className="sr-only">
            {t("Genres to match")}
          </label>
          <select id="filter-genre-match" name="genre_match" defaultValue={filters.genre_match} className="h-8 rounded-full border border-divider bg-background px-3 text-sm text-foreground">
            <option value="any">{t("Any of them")}</option>
            <option value="all">{t("All of them")}</option>
          </select>
          {genres.map((genre) => (
            <label
              key={genre.id}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-divider bg-background px-3 py-1 text-sm text-foreground has-[:checked]:border-primary has-[:checked]:bg-primary/10"
            >
              <input type="checkbox" name="genre" value={genre.slug} defaultChecked={filters.genre.includes(genre.slug)} className="accent-primary" />
              {t(genre.name)}
              {genre.count !== undefined && (
                <span className="text-xs text-muted tabular-nums" data-testid="genre-count">
                  {genre.count.toLocaleString(language)}
                </span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** A number field of the filter form (years, runtime): empty means any. */
function NumberFilter({
  id,
  name,
  label,
  min,
  max,
  value,
  list,
  children,
}: {
  id: string;
  name: string;
  label: string;
  min: number;
  max: number;
  value: number | undefined;
  list?: string;
  children?: ReactNode;
}) {
  const t = useTrans();
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClasses}>
        {label}
      </label>
      <input id={id} name={name} type="number" inputMode="numeric" min={min} max={max} defaultValue={value ?? ""} placeholder={t("Any")} className={selectClasses} list={list} />
      {children}
    </div>
  );
}
