import { z } from "zod";

/**
 * Query-string conventions of api/v1: `with`, `load` and
 * `loadCount` are comma-joined lists of relation names; lists are paged with
 * `page` and `per_page` (snake_case like the rest of api/v1, decision 036; `perPage`,
 * the older name, is still accepted for one release and deprecated in the document). Unlike the forgiving browse pages, the API answers a
 * value it cannot use with 422 and says which values would work.
 */

/** A comma-joined list of relation names, each one of `allowed` (unknown names are a 422). */
export function relationList<const T extends string>(allowed: readonly T[]) {
  return z
    .string()
    .max(500)
    .regex(/^[A-Za-z0-9_.,\s-]*$/, `Use a comma-separated list of: ${allowed.join(", ")}.`)
    .optional()
    .describe(`Comma-separated, any of: ${allowed.join(", ")}.`)
    .transform((value, ctx) => {
      const names = (value ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.filter((name) => !allowed.includes(name as T));
      if (unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown relation "${unknown[0]}". Use any of: ${allowed.join(", ")}.`,
        });
        return z.NEVER;
      }
      return [...new Set(names)] as T[];
    });
}

function wholeNumber(name: string, min: number, max: number) {
  return z.coerce
    .number({ message: `The ${name} must be a whole number.` })
    .int(`The ${name} must be a whole number.`)
    .min(min, `The ${name} must be at least ${min}.`)
    .max(max, `The ${name} may not be greater than ${max}.`);
}

/** page (1-based) and per_page, both bounded: deep pages and huge pages are refused, not slow. Read the page size with `perPageOf`. */
export function paginationQuery({ perPage, maxPerPage = 100, maxPage = 400 }: { perPage: number; maxPerPage?: number; maxPage?: number }) {
  return z.object({
    page: wholeNumber("page", 1, maxPage).default(1).describe("Page number, from 1."),
    per_page: wholeNumber("per_page", 1, maxPerPage).default(perPage).describe(`Items per page (default ${perPage}, at most ${maxPerPage}).`),
    perPage: wholeNumber("perPage", 1, maxPerPage).optional().meta({ deprecated: true }).describe("Deprecated: use per_page (accepted until the next release; when sent, it is used)."),
  });
}

/** The page size a paged query asks for: per_page, or the deprecated perPage when a client still sends it. */
export function perPageOf(query: { per_page: number; perPage?: number }) {
  return query.perPage ?? query.per_page;
}

/** An optional whole number from the query string ("" means absent). */
export function optionalWholeNumber(name: string, min: number, max: number) {
  return z.preprocess((v) => (v === "" ? undefined : v), wholeNumber(name, min, max).optional());
}

/** The first value of each key: a repeated key never turns a field into a list. */
export function firstValues(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (!Object.hasOwn(out, key)) out[key] = value;
  return out;
}

export interface Page<T> {
  data: T[];
  page: number;
  perPage: number;
  total: number;
  /**
   * Set by a list whose count may stop early (a capped count, see
   * cappedPaginationSchema in contract.ts): the answer then always carries
   * `total_is_lower_bound`, true when `total` is only what was counted.
   * Lists that count exactly leave it out, and their answer has no such field.
   */
  totalIsLowerBound?: boolean;
  /** The list's own page count when it knows better than total / perPage (a capped count: the deepest page that may hold items). */
  lastPage?: number;
}

/** The spec's paginated list shape. */
export function paginated<T>({ data, page, perPage, total, totalIsLowerBound, lastPage }: Page<T>) {
  const last = Math.max(1, lastPage ?? Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    pagination: {
      data,
      current_page: page,
      per_page: perPage,
      total,
      ...(totalIsLowerBound === undefined ? {} : { total_is_lower_bound: totalIsLowerBound }),
      last_page: last,
      from,
      to: from === null ? null : from + data.length - 1,
    },
  };
}
