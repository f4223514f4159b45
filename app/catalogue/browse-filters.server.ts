import { z } from "zod";
import { MAX_YEAR, MIN_YEAR, DIRECTIONS, PERSON_ORDERS, TITLE_ORDERS } from "./browse";
import { TITLE_TYPES } from "./schema";

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

const page = z.coerce
  .number()
  .int()
  .min(1)
  .catch(1)
  .transform((v) => (Number.isSafeInteger(v) ? v : 1));

export const titleFiltersSchema = z
  .object({
    type: z.enum(TITLE_TYPES).optional().catch(undefined),
    genre: optionalText(80).transform((v) => (v && /^[a-z0-9-]+$/.test(v) ? v : undefined)),
    year_from: year,
    year_to: year,
    rating: z
      .preprocess(blankAsUndefined, z.coerce.number().optional())
      .catch(undefined)
      .transform((v: number | undefined) => (v === undefined || Number.isNaN(v) || v <= 0 ? undefined : Math.min(10, Math.round(v * 10) / 10))),
    certification: optionalText(20),
    order: z.enum(TITLE_ORDERS).catch("popularity"),
    dir: z.enum(DIRECTIONS).optional().catch(undefined),
    page,
  })
  .transform((f) =>
    // A reversed range is what the visitor meant the other way round.
    f.year_from !== undefined && f.year_to !== undefined && f.year_from > f.year_to
      ? { ...f, year_from: f.year_to, year_to: f.year_from }
      : f,
  );
export type TitleFilters = z.infer<typeof titleFiltersSchema>;

export const personFiltersSchema = z.object({
  department: optionalText(40),
  gender: z.enum(["female", "male", "nonbinary"]).optional().catch(undefined),
  order: z.enum(PERSON_ORDERS).catch("popularity"),
  dir: z.enum(DIRECTIONS).optional().catch(undefined),
  page,
});
export type PersonFilters = z.infer<typeof personFiltersSchema>;

/** The first value of each key: a repeated key never turns a field into a list. */
function firstValues(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!Object.hasOwn(out, key)) out[key] = value;
  return out;
}

export function parseTitleFilters(params: URLSearchParams): TitleFilters {
  return titleFiltersSchema.parse(firstValues(params));
}

export function parsePersonFilters(params: URLSearchParams): PersonFilters {
  return personFiltersSchema.parse(firstValues(params));
}

