import { z } from "zod";
import { TMDB_DISCOVER_MAX_PAGES } from "~/constants";
import { TMDB_MEDIA_TYPES } from "./refs";

/** The admin import screen's inputs (the form's schema, checked in the browser and on the server). */
export const importInputSchema = z.object({
  ref: z.string().trim().min(1).max(300),
  type: z.enum(TMDB_MEDIA_TYPES).default("movie"),
  targetTitleId: z.coerce.number().int().positive().optional(),
});
export type ImportInput = z.infer<typeof importInputSchema>;

export const searchInputSchema = z.object({
  q: z.string().trim().min(1).max(200),
  kind: z.enum(TMDB_MEDIA_TYPES).catch("movie"),
  year: z.coerce.number().int().min(1870).max(2100).optional().catch(undefined),
});

/** Sort orders offered for a bulk import ("release_date" means first air date for series). */
export const DISCOVER_SORTS = ["popularity.desc", "vote_average.desc", "vote_count.desc", "release_date.desc"] as const;

/** A bulk import from TMDB's discover: filters and how many pages (20 titles each). */
export const discoverInputSchema = z
  .object({
    mediaType: z.enum(["movie", "tv"]),
    yearFrom: z.coerce.number().int().min(1870).max(2100).optional(),
    yearTo: z.coerce.number().int().min(1870).max(2100).optional(),
    /** TMDB genre ids, comma separated (all of them) or | separated (any of them). */
    genres: z
      .string()
      .trim()
      .regex(/^\d{1,6}([,|]\d{1,6}){0,9}$/, "Genre ids separated by commas, e.g. 18,9648")
      .optional(),
    language: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, "A two-letter language code, e.g. en")
      .optional(),
    minVotes: z.coerce.number().int().min(0).max(10_000_000).optional(),
    sort: z.enum(DISCOVER_SORTS).default("popularity.desc"),
    pages: z.coerce.number().int().min(1).max(TMDB_DISCOVER_MAX_PAGES).default(1),
  })
  .refine((v) => !v.yearFrom || !v.yearTo || v.yearFrom <= v.yearTo, { message: "The first year must not be after the last.", path: ["yearTo"] });

export const jobIdSchema = z.object({ jobId: z.coerce.number().int().positive() });
