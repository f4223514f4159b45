import { z } from "zod";

/** The role form of the admin area (browser and server); permissions are read apart (app/admin/permission-grants.ts). */
export const roleSchema = z.object({
  name: z.string().trim().min(1).max(60),
  description: z.string().trim().max(250).optional(),
  default: z.boolean().default(false),
});
export type RoleInput = z.output<typeof roleSchema>;
