import { z } from "zod";
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

