import { z } from "zod";
import { COMMUNITY_BODY_MAX_LENGTH, REVIEW_BODY_MIN_LENGTH, REVIEW_HEADLINE_MAX_LENGTH } from "~/constants";
import { idSchema, ratingValueSchema, watchedOnSchema } from "./rules";

/**
 * The Log form (decision 030): one viewing of a movie on a day, with an
 * optional rating and review. Empty fields count as absent. A review needs
 * a rating: a review's score is its author's rating (one value, never two).
 */
const checkbox = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0", ""])])
  .optional()
  .transform((value) => value === true || value === "true" || value === "on" || value === "1");

export const logFormSchema = z
  .object({
    titleId: idSchema,
    // Required: the form always sends the day (today by default), so a post without one is not a log.
    watchedOn: watchedOnSchema,
    rating: ratingValueSchema.optional(),
    rewatch: checkbox,
    spoiler: checkbox,
    headline: z.string().trim().max(REVIEW_HEADLINE_MAX_LENGTH, `Keep the title under ${REVIEW_HEADLINE_MAX_LENGTH} characters.`).optional(),
    review: z
      .string()
      .trim()
      .max(COMMUNITY_BODY_MAX_LENGTH, `Keep it under ${COMMUNITY_BODY_MAX_LENGTH} characters.`)
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((input, ctx) => {
    if (!input.review) return;
    if (input.review.length < REVIEW_BODY_MIN_LENGTH) ctx.addIssue({ code: "custom", path: ["review"], message: `Write at least ${REVIEW_BODY_MIN_LENGTH} characters.` });
    if (input.rating === undefined) ctx.addIssue({ code: "custom", path: ["rating"], message: "A review needs your rating: choose one." });
  });
export type LogInput = z.output<typeof logFormSchema>;

/** A review's title when the member wrote none: the start of their own text, cut at a word. */
export function headlineFrom(review: string, max = 60) {
  const line = review.split("\n")[0]!.trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
