import { z } from "zod";
import { STATS_MAX_YEAR, STATS_MIN_YEAR } from "~/constants";
import { watchedOnSchema } from "~/library/rules";

/**
 * Inputs of the diary, the year in review and the calendar (decision 034),
 * shared by the pages, their forms and api/v1.
 */

const YEAR_MESSAGE = `Choose a year from ${STATS_MIN_YEAR} to ${STATS_MAX_YEAR}.`;

/** ?year=YYYY: a whole number in range; "-1", "99999", "abc" are refused (400 with a field error), never a 500. */
export const yearSchema = z.coerce.number({ message: YEAR_MESSAGE }).int({ message: YEAR_MESSAGE }).min(STATS_MIN_YEAR, { message: YEAR_MESSAGE }).max(STATS_MAX_YEAR, { message: YEAR_MESSAGE });

/** Reads ?year= (absent or empty: `fallback`); a bad value is the error's message. */
export function parseYear(value: string | null, fallback: number): { ok: true; year: number } | { ok: false; message: string } {
  if (value === null || value === "") return { ok: true, year: fallback };
  // Only digits: "2026.0", "0x7EA" and " 2026" are not years either.
  if (!/^\d{1,6}$/.test(value)) return { ok: false, message: YEAR_MESSAGE };
  const parsed = yearSchema.safeParse(value);
  return parsed.success ? { ok: true, year: parsed.data } : { ok: false, message: YEAR_MESSAGE };
}

const booleanField = z.preprocess(
  (value) => (value === "on" || value === "true" || value === "1" || value === true ? true : value === "0" || value === "false" || value === false ? false : value),
  z.boolean({ message: "Choose yes or no." }),
);

const idField = z.coerce
  .number({ message: "Not a diary entry." })
  .int({ message: "Not a diary entry." })
  .positive({ message: "Not a diary entry." })
  .max(Number.MAX_SAFE_INTEGER, { message: "Not a diary entry." });

/** The diary's owner forms: edit (day, rewatch) or delete one entry. */
export const diaryFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("edit"),
    id: idField,
    watchedOn: watchedOnSchema,
    // An unticked checkbox sends nothing: absent is "not a rewatch" on the form.
    rewatch: booleanField.optional().default(false),
  }),
  z.object({ intent: z.literal("delete"), id: idField }),
]);

/** PATCH api/v1/diary/{id}. */
export const diaryPatchSchema = z
  .object({ watched_on: watchedOnSchema.optional().describe("YYYY-MM-DD, not in the future."), rewatch: z.boolean().optional() })
  .refine((body) => body.watched_on !== undefined || body.rewatch !== undefined, { message: "Give watched_on or rewatch." });

/** Month keys "01".."12". */
export const MONTHS = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"] as const;
