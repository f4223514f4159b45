import { z } from "zod";
import { WORKSPACE_INVITES_PER_REQUEST, WORKSPACE_NAME_MAX_LENGTH } from "~/constants";
import { ASSIGNABLE_ROLES } from "./tables";

/**
 * Workspace input, one schema per thing for the pages (forms, with and
 * without JavaScript) and api/v1 (JSON).
 */

export const workspaceNameField = z
  .string({ error: "Enter a name for the workspace." })
  .trim()
  .min(1, "Enter a name for the workspace.")
  .max(WORKSPACE_NAME_MAX_LENGTH, `The name may not be longer than ${WORKSPACE_NAME_MAX_LENGTH} characters.`);

export const workspaceNameSchema = z.object({ name: workspaceNameField });

export const roleField = z.enum(ASSIGNABLE_ROLES, { error: "Choose admin or member." });

const emailAddress = z.email().max(255);

/**
 * A list of addresses: an array (API) or text separated by commas, spaces or
 * new lines (forms; conform hands a lone form value to an array schema as a
 * one-item array, so every item is split too).
 */
export const inviteEmailsField = z
  .union([z.array(z.string().max(5000)), z.string().max(5000)], { error: "Enter at least one email address." })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(/[\s,;]+/))
      .map((email) => email.trim())
      .filter(Boolean),
  )
  .superRefine((emails, ctx) => {
    if (emails.length === 0) ctx.addIssue({ code: "custom", message: "Enter at least one email address." });
    if (emails.length > WORKSPACE_INVITES_PER_REQUEST) {
      ctx.addIssue({ code: "custom", message: `Invite at most ${WORKSPACE_INVITES_PER_REQUEST} people at a time.` });
    }
    for (const email of emails) {
      if (!emailAddress.safeParse(email).success) {
        ctx.addIssue({ code: "custom", message: "Enter valid email addresses, separated by commas." });
        break;
      }
    }
  });

export const inviteSchema = z.object({ emails: inviteEmailsField, role: roleField.default("member") });

export const memberRoleSchema = z.object({ role: roleField });
