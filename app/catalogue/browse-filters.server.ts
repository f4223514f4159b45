import { z } from "zod";
import { DIRECTIONS, GENRE_MATCHES, MAX_GENRES_PER_FILTER, PERSON_ORDERS, TITLE_ORDERS } from "./browse";
import { MAX_YEAR, MIN_YEAR, MAX_RUNTIME } from "./browse-options";
import { TITLE_TYPES } from "./tables";

/**
 * Browse filters as they arrive in the query string. Every field is
 * forgiving: a malformed value is dropped (or clamped into range) instead of
 * failing the page, because these URLs are shared, bookmarked and typed.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined));

/** An empty form field ("year_from=") means "no filter", not zero. */
const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const year = z
  .preprocess(blankAsUndefined, z.coerce.number().int().optional())
  .catch(undefined)
  .transform((v: number | undefined) => (v === undefined || Number.isNaN(v) ? undefined : Math.min(MAX_YEAR, Math.max(MIN_YEAR, v))));

const runtime = z
  .preprocess(blankAsUndefined, z.coerce.number().int().optional())
  .catch(undefined)
  .transform((v: number | undefined) => (v === undefined || Number.isNaN(v) || v <= 0 ? undefined : Math.min(MAX_RUNTIME, v)));

/** An ISO code of `length` letters, upper- or lower-cased as stored; anything else is no filter. */
const isoCode = (length: number, upper: boolean) => optionalText(8).transform((v) => (v && new RegExp(`^[a-z]{${length}}$`, "i").test(v) ? (upper ? v.toUpperCase() : v.toLowerCase()) : undefined));

const genreSlugs = z
  .array(z.string())
  .catch([])
  .transform((list) => [...new Set(list.map((v) => v.trim()).filter((v) => /^[a-z0-9-]{1,80}$/.test(v)))].slice(0, MAX_GENRES_PER_FILTER));

/** A minimum rating on the 0-10 scale; zero or less is no filter. */
const minRating = z
  .preprocess(blankAsUndefined, z.coerce.number().optional())
  .catch(undefined)
  .transform((v: number | undefined) => (v === undefined || Number.isNaN(v) || v <= 0 ? undefined : Math.min(10, Math.round(v * 10) / 10)));

const page = z.coerce
  .number()
  .int()
  .min(1)
  .catch(1)
  .transform((v) => (Number.isSafeInteger(v) ? v : 1));

export const titleFiltersSchema = z
  .object({
    type: z.enum(TITLE_TYPES).optional().catch(undefined),
    /** Genre slugs; several match any of them, or all with genre_match=all. */
    genre: genreSlugs,
    genre_match: z.enum(GENRE_MATCHES).catch("any"),
    year_from: year,
    year_to: year,
    runtime_min: runtime,
    runtime_max: runtime,
    language: isoCode(2, false),
    country: isoCode(2, true),
    rating: minRating,
    /** Minimum TMDB vote average (0-10), like `rating` for IMDb. */
    tmdb_rating: minRating,
    /** A TMDB watch provider id: titles available on it in the visitor's region (the region is not a URL field). */
    provider: z.preprocess(blankAsUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional()).catch(undefined),
    certification: optionalText(20),
    order: z.enum(TITLE_ORDERS).catch("popularity"),
    dir: z.enum(DIRECTIONS).optional().catch(undefined),
    page,
  })
  .transform((f) => {
    // A reversed range is what the visitor meant the other way round.
    let out = f;
    if (out.year_from !== undefined && out.year_to !== undefined && out.year_from > out.year_to) out = { ...out, year_from: out.year_to, year_to: out.year_from };
    if (out.runtime_min !== undefined && out.runtime_max !== undefined && out.runtime_min > out.runtime_max) out = { ...out, runtime_min: out.runtime_max, runtime_max: out.runtime_min };
    return out;
  });
export type TitleFilters = z.infer<typeof titleFiltersSchema>;

export const personFiltersSchema = z.object({
  department: optionalText(40),
  gender: z.enum(["female", "male", "nonbinary"]).optional().catch(undefined),
  order: z.enum(PERSON_ORDERS).catch("popularity"),
  dir: z.enum(DIRECTIONS).optional().catch(undefined),
  page,
});
export type PersonFilters = z.infer<typeof personFiltersSchema>;

/**
 * The first value of each key (a repeated key never turns a field into a
 * list), except the `lists` keys, which keep every value. The one `sort`
 * value ("rating-desc") is read into `order` and `dir`; plain `order` and
 * `dir` (older links, the API) still work when there is no `sort`.
 */
function firstValues(params: URLSearchParams, orders: readonly string[], lists: readonly string[] = []): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    if (lists.includes(key)) {
      // "genre=drama,comedy" is the same as repeating the key.
      out[key] = [...((out[key] as string[] | undefined) ?? []), ...value.split(",")];
    } else if (!Object.hasOwn(out, key)) out[key] = value;
  }
  const sort = typeof out.sort === "string" ? /^([a-z_]+)-(asc|desc)$/.exec(out.sort) : null;
  if (sort && orders.includes(sort[1])) {
    out.order = sort[1];
    out.dir = sort[2];
  }
  return out;
}

export function parseTitleFilters(params: URLSearchParams): TitleFilters {
  return titleFiltersSchema.parse(firstValues(params, TITLE_ORDERS, ["genre"]));
}

export function parsePersonFilters(params: URLSearchParams): PersonFilters {
  return personFiltersSchema.parse(firstValues(params, PERSON_ORDERS));
}
