import { z } from "zod";

export const SEARCH_FILTERS = ["all", "movie", "series", "person"] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

/** /search query string: forgiving, like the browse filters. */
export const searchPageParams = z.object({
  query: z
    .string()
    .catch("")
    .transform((q) => q.slice(0, 200)),
  type: z.enum(SEARCH_FILTERS).catch("all"),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .catch(1)
    .transform((v) => (Number.isSafeInteger(v) ? v : 1)),
});

export function parseSearchPageParams(params: URLSearchParams) {
  const first: Record<string, string> = {};
  for (const [key, value] of params) if (!Object.hasOwn(first, key)) first[key] = value;
  return searchPageParams.parse(first);
}
