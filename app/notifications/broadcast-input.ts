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
