import { z } from "zod";
import { emailField, newPasswordField, PASSWORD_MAX_LENGTH } from "./schema";

/**
 * The admin area's user forms (shared by the browser and the server).
 * Direct permissions and their restriction values are read from the form
 * apart from these (see readPermissionGrants in app/admin/permission-grants.ts).
 */
const names = z.string().trim().max(100).optional();

export const adminUserSchema = z.object({
  email: emailField,
  firstName: names,
  lastName: names,
  displayName: names,
  /** Creating: required. Editing: empty keeps the current password. */
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  emailVerified: z.boolean().default(false),
  roles: z.array(z.number().int().positive()).max(50).default([]),
});
export type AdminUserInput = z.output<typeof adminUserSchema>;

export const newAdminUserSchema = adminUserSchema.extend({ password: newPasswordField });

export const banSchema = z.object({
  reason: z.string().trim().min(1, "Say why, for the record.").max(500),
});
