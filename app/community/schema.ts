import { z } from "zod";
import { withoutBidiOverrides } from "~/http/text-hygiene";
import { COMMUNITY_BODY_MAX_LENGTH, POSTING_BAN_DAYS, REVIEW_BODY_MIN_LENGTH, REVIEW_HEADLINE_MAX_LENGTH } from "~/constants";
import { BAN_SCOPES, COMMENT_TARGET_KINDS, REPORT_REASONS, REPORT_SUBJECTS } from "./tables";

/**
 * What people send to write reviews and comments, vote, report and
 * moderate: one schema each, used by the pages' form actions and by api/v1
 * (and so by the OpenAPI document). Messages are English source strings.
 */

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0", ""])])
  .optional()
  .transform((value) => value === true || value === "true" || value === "on" || value === "1");

const body = (min: number) =>
  z
    .string({ error: "Write something first." })
    .trim()
    .min(min, min > 1 ? `Write at least ${min} characters.` : "Write something first.")
    .max(COMMUNITY_BODY_MAX_LENGTH, `Keep it under ${COMMUNITY_BODY_MAX_LENGTH} characters.`)
    // Also here, not only on request bodies: imported or scripted text must read as it is stored (decision 021).
    .transform(withoutBidiOverrides);

const id = z.coerce.number({ error: "Must be a positive whole number." }).int().positive().max(Number.MAX_SAFE_INTEGER);

export const reviewInputSchema = z.object({
  score: z.coerce.number({ error: "Choose a score from 1 to 10." }).int("Choose a score from 1 to 10.").min(1, "Choose a score from 1 to 10.").max(10, "Choose a score from 1 to 10."),
  headline: z
    .string({ error: "Give your review a title." })
    .trim()
    .min(1, "Give your review a title.")
    .max(REVIEW_HEADLINE_MAX_LENGTH, `Keep the title under ${REVIEW_HEADLINE_MAX_LENGTH} characters.`)
    .transform(withoutBidiOverrides),
  body: body(REVIEW_BODY_MIN_LENGTH),
  spoiler: flag,
});
export type ReviewInput = z.output<typeof reviewInputSchema>;

export const newReviewInputSchema = reviewInputSchema.extend({
  episode_id: z.coerce.number().int().nonnegative().optional().describe("An episode of this series (omit or 0: the title itself)."),
});

export const commentInputSchema = z.object({
  target_kind: z.enum(COMMENT_TARGET_KINDS, { error: "Comments go on a title, an episode, a list or a review." }),
  target_id: id,
  parent_id: id.optional().describe("Reply to this comment (replies go two levels deep)."),
  body: body(1),
});
export type CommentInput = z.output<typeof commentInputSchema>;

export const commentEditSchema = z.object({ body: body(1) });

export const voteInputSchema = z.object({
  helpful: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
    .transform((value) => value === true || value === "true" || value === "1")
    .describe("true: helpful; false: not helpful."),
});

export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason." }),
  note: z.string().trim().max(500, "Keep the note under 500 characters.").transform(withoutBidiOverrides).optional(),
});
export type ReportInput = z.output<typeof reportInputSchema>;

export const MODERATION_ACTIONS = ["approve", "hide", "delete", "ban"] as const;

export const moderationInputSchema = z.object({
  subject_kind: z.enum(REPORT_SUBJECTS),
  subject_id: id,
  action: z.enum(MODERATION_ACTIONS),
  ban_days: z.coerce
    .number()
    .int()
    .refine((days) => (POSTING_BAN_DAYS as readonly number[]).includes(days), `One of ${POSTING_BAN_DAYS.join(", ")} days.`)
    .optional()
    .describe("For `ban`: how long the author may not post."),
  ban_scope: z.enum(BAN_SCOPES).optional().describe("For `ban`: what the author may not post (default: the kind of the post). `all` needs both moderation permissions."),
  reason: z.string().trim().max(300).optional().describe("Shown to the banned author on the posting forms; required for `ban`."),
});
export type ModerationInput = z.output<typeof moderationInputSchema>;

export { COMMENT_ORDERS, REVIEW_SORTS, type CommentOrder, type ReviewSort } from "./kinds";
