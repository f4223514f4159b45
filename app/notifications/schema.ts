import { z } from "zod";
import { isSafeAction } from "./notification-data";

/** What an admin sends as a broadcast (api/v1 and, later, the admin screen). */
export const broadcastInputSchema = z.object({
  title: z.string().trim().min(1).max(150),
  body: z.string().trim().max(5000).default(""),
  action: z
    .object({
      label: z.string().trim().min(1).max(60),
      action: z
        .string()
        .trim()
        .max(2000)
        .refine((value) => isSafeAction(value), "Use a path on this site (/…) or an http(s) address."),
    })
    .nullish(),
  /** Only users with one of these roles; omitted or empty: everyone. */
  roleIds: z.array(z.number().int().positive()).max(50).nullish(),
  /** Only these users (with roleIds: users in both); omitted or empty: no such limit. */
  userIds: z.array(z.number().int().positive()).max(1000).nullish(),
});
export type BroadcastInput = z.output<typeof broadcastInputSchema>;

const roleIdsField = z.array(z.number().int().positive()).max(50).nullish();
const userIdsField = z.array(z.number().int().positive()).max(1000).nullish();

/**
 * api/v1's broadcast body: `role_ids` and `user_ids`, snake_case like the rest of api/v1 (decision 036).
 * `roleIds` and `userIds`, what this call took before, are still accepted for one release (deprecated in
 * the document); when both spellings come, the snake_case one counts.
 */
export const broadcastApiSchema = broadcastInputSchema
  .omit({ roleIds: true, userIds: true })
  .extend({
    role_ids: roleIdsField.describe("Only users with one of these roles; omitted or empty: everyone."),
    user_ids: userIdsField.describe("Only these users (with role_ids: users in both); omitted or empty: no such limit."),
    roleIds: roleIdsField.meta({ deprecated: true }).describe("Deprecated: use role_ids (accepted until the next release)."),
    userIds: userIdsField.meta({ deprecated: true }).describe("Deprecated: use user_ids (accepted until the next release)."),
  })
  .transform(({ role_ids, user_ids, roleIds, userIds, ...rest }): BroadcastInput => ({ ...rest, roleIds: role_ids ?? roleIds, userIds: user_ids ?? userIds }));

/**
 * The admin screen's form for a broadcast (flat fields, as a form posts
 * them): the button is optional but needs both its label and its address.
 * `toBroadcastInput` turns it into what `createBroadcast` takes.
 */
export const announcementFormSchema = z
  .object({
    title: z.string().trim().min(1).max(150),
    body: z.string().trim().max(5000).optional(),
    actionLabel: z.string().trim().max(60).optional(),
    actionUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((value) => isSafeAction(value), "Use a path on this site (/…) or an http(s) address.")
      .optional(),
    roleIds: z.array(z.coerce.number().int().positive()).max(50).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.actionLabel && !value.actionUrl) ctx.addIssue({ code: "custom", path: ["actionUrl"], message: "Give the button an address too." });
    if (value.actionUrl && !value.actionLabel) ctx.addIssue({ code: "custom", path: ["actionLabel"], message: "Give the button a label too." });
  });

export function toBroadcastInput(form: z.output<typeof announcementFormSchema>): BroadcastInput {
  return {
    title: form.title,
    body: form.body ?? "",
    action: form.actionLabel && form.actionUrl ? { label: form.actionLabel, action: form.actionUrl } : null,
    roleIds: form.roleIds && form.roleIds.length > 0 ? form.roleIds : null,
    userIds: null,
  };
}
