/**
 * What the browse filters offer (languages, countries, certifications,
 * departments, year and runtime bounds). A module of its own so the code of
 * a browse page's first paint (sort, URL helpers in ./browse.ts) does not
 * carry these lists: only the filter fields, loaded after hydration, and the
 * server need them (the public-page JavaScript budget).
 */

/**
 * Original languages (ISO 639-1) and production countries (ISO 3166-1) the
 * filters list; their names come from Intl.DisplayNames in the visitor's
 * language. Other codes still match when typed into the URL.
 */
export const FILTER_LANGUAGES = ["en", "fr", "es", "de", "it", "ja", "ko", "zh", "hi", "pt", "ru", "sv", "da", "no", "nl", "pl", "tr", "ar", "fa", "th"] as const;
export const FILTER_COUNTRIES = ["US", "GB", "CA", "AU", "IE", "FR", "DE", "IT", "ES", "JP", "KR", "CN", "HK", "IN", "BR", "MX", "SE", "DK", "NO", "NZ"] as const;

/** Runtime filter bounds, minutes. */
export const MAX_RUNTIME = 1000;

/** The certifications the filter offers (US film and TV ratings). Other stored values still match when typed into the URL. */
export const CERTIFICATIONS = ["G", "PG", "PG-13", "R", "NC-17", "Not Rated", "TV-Y", "TV-Y7", "TV-G", "TV-PG", "TV-14", "TV-MA"] as const;

export const DEPARTMENTS = ["Acting", "Directing", "Writing", "Production", "Sound", "Camera", "Editing", "Art", "Costume & Make-Up", "Visual Effects", "Crew", "Lighting"] as const;

export const MIN_YEAR = 1870;
export const MAX_YEAR = 2100;
