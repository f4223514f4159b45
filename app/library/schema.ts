import { z } from "zod";
import { WATCHLIST_RELEASE, WATCHLIST_SORTS, idSchema, ratingValueSchema, watchedOnSchema } from "./rules";

/**
 * The library's form inputs (pages without and with JavaScript, and the
 * API's bodies share the field rules in rules.ts). Empty fields count as
 * absent (a form sends "" for an empty optional input).
 */
export function withoutEmpty(fields: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));
}

const target = { titleId: idSchema, episodeId: idSchema.optional() };

export const ratingFormSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("rate"), ...target, rating: ratingValueSchema }), z.object({ intent: z.literal("remove"), ...target })]);

export const watchlistFormSchema = z.object({ intent: z.enum(["add", "remove"]), titleId: idSchema });

const seasonNumber = z.coerce.number().int().min(0).max(1000);
export const historyFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("watch"),
    titleId: idSchema,
    season: seasonNumber.optional(),
    episode: z.coerce.number().int().min(0).max(100_000).optional(),
    scope: z.enum(["item", "season", "series"]).default("item"),
    watchedOn: watchedOnSchema.optional(),
  }),
  z.object({ intent: z.literal("remove"), id: idSchema }),
]);

export const watchlistQuerySchema = z.object({
  sort: z.enum(WATCHLIST_SORTS).catch("added"),
  type: z.enum(["movie", "series"]).optional().catch(undefined),
  genre: z
    .string()
    .max(100)
    .regex(/^[a-z0-9-]+$/)
    .optional()
    .catch(undefined),
  release: z.enum(WATCHLIST_RELEASE).optional().catch(undefined),
  /** Where to watch in my region: "any" provider, or one provider's id; anything else is no filter. */
  provider: z
    .union([z.literal("any"), z.coerce.number().int().positive().max(2_147_483_647)])
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});

export const privacyFormSchema = z.object({ visibility: z.enum(["public", "private"]) });

/** Account settings: logging a title leaves it on the watchlist (a checkbox: absent is off; decision 030). */
// The form names its intent: a bodiless POST is not a choice (an unticked box alone would read as "off").
export const logPreferenceFormSchema = z.object({ intent: z.literal("save"), keep: z.enum(["true"]).optional() });
