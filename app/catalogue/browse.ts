/**
 * Browse options shared by the browse pages and their filter forms (no zod
 * here: this module ships to the browser). Parsing lives in
 * browse-filters.server.ts.
 */

export const TITLE_ORDERS = ["popularity", "rating", "tmdb_rating", "release_date", "name"] as const;
export type TitleOrder = (typeof TITLE_ORDERS)[number];
export const PERSON_ORDERS = ["popularity", "name"] as const;
export type PersonOrder = (typeof PERSON_ORDERS)[number];
export const DIRECTIONS = ["asc", "desc"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * The one "Sort" control of a browse page: a sort and its direction as one
 * value ("rating-desc"), listed in the order the control offers them. Titles
 * without the sort's value (no IMDb rating, no release date) come last in
 * both directions (decision 020).
 */
export const TITLE_SORTS = [
  "popularity-desc",
  "rating-desc",
  "rating-asc",
  "tmdb_rating-desc",
  "tmdb_rating-asc",
  "release_date-desc",
  "release_date-asc",
  "name-asc",
  "name-desc",
  "popularity-asc",
] as const satisfies readonly `${TitleOrder}-${Direction}`[];
export const PERSON_SORTS = ["popularity-desc", "name-asc", "name-desc", "popularity-asc"] as const satisfies readonly `${PersonOrder}-${Direction}`[];

/** The Sort control's value for an order and (maybe defaulted) direction. */
export function sortValue(order: string, dir: Direction | undefined): string {
  return `${order}-${dir ?? defaultDirection(order)}`;
}

/** How a list of several genres matches: a title in any of them, or in all of them. */
export const GENRE_MATCHES = ["any", "all"] as const;
/** At most this many genres in one filter (each is an index lookup per title walked). */
export const MAX_GENRES_PER_FILTER = 8;

/** Deeper pages are empty: nobody pages this far, and deep OFFSETs are what makes lists slow. */
export const MAX_BROWSE_PAGE = 400;

/** Natural direction of each sort: most popular, best rated and newest first; names A to Z. */
export function defaultDirection(order: string): "asc" | "desc" {
  return order === "name" ? "asc" : "desc";
}

/**
 * The query string for filters, leaving out defaults so URLs stay short and
 * canonical. A list (several genres) becomes a repeated key; `order` and
 * `dir` become the one `sort` value.
 */
export function filtersToSearch(filters: Record<string, unknown>, defaults: Record<string, unknown> = { order: "popularity", page: 1, genre_match: "any" }) {
  const params = new URLSearchParams();
  const { order, dir, ...rest } = filters;
  const entries = Object.entries(rest);
  if (typeof order === "string" && (order !== defaults.order || (dir !== undefined && dir !== defaultDirection(order)))) {
    entries.splice(entries.findIndex(([key]) => key === "page") >>> 0, 0, ["sort", sortValue(order, dir as Direction | undefined)]);
  }
  for (const [key, value] of entries) {
    if (value === undefined || value === null || value === "" || defaults[key] === value) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
