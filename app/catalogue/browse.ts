
/**
 * Browse options shared by the browse pages and their filter forms (no zod
 * here: this module ships to the browser). Parsing lives in
 * browse-filters.server.ts.
 */

export const TITLE_ORDERS = ["popularity", "rating", "release_date", "name"] as const;
export type TitleOrder = (typeof TITLE_ORDERS)[number];
export const PERSON_ORDERS = ["popularity", "name"] as const;
export const DIRECTIONS = ["asc", "desc"] as const;

/** The certifications the filter offers (US film and TV ratings). Other stored values still match when typed into the URL. */
export const CERTIFICATIONS = ["G", "PG", "PG-13", "R", "NC-17", "Not Rated", "TV-Y", "TV-Y7", "TV-G", "TV-PG", "TV-14", "TV-MA"] as const;

export const DEPARTMENTS = ["Acting", "Directing", "Writing", "Production", "Sound", "Camera", "Editing", "Art", "Costume & Make-Up", "Visual Effects", "Crew", "Lighting"] as const;

export const MIN_YEAR = 1870;
export const MAX_YEAR = 2100;
/** Deeper pages are empty: nobody pages this far, and deep OFFSETs are what makes lists slow. */
export const MAX_BROWSE_PAGE = 400;

/** Natural direction of each sort: most popular, best rated and newest first; names A to Z. */
export function defaultDirection(order: string): "asc" | "desc" {
  return order === "name" ? "asc" : "desc";
}

/** The query string for filters, leaving out defaults so URLs stay short and canonical. */
export function filtersToSearch(filters: Record<string, unknown>, defaults: Record<string, unknown> = { order: "popularity", page: 1 }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === "" || defaults[key] === value) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
