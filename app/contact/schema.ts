import { z } from "zod";
import { CONTACT_MESSAGE_MAX_LENGTH } from "~/constants";

/**
 * The contact form (spec sections 2 and 5: name, email, message, all
 * required). One schema for the /contact page (browser and server) and
 * POST api/v1/contact-page.
 */

/** The honeypot: a field people never see or fill; bots that fill every field give themselves away. */
export const CONTACT_HONEYPOT_FIELD = "website";

export const contactSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().max(255).pipe(z.email()),
  message: z.string().trim().min(1).max(CONTACT_MESSAGE_MAX_LENGTH),
  [CONTACT_HONEYPOT_FIELD]: z.string().max(500).optional().describe("Leave empty (spam trap)."),
});
export type ContactInput = z.infer<typeof contactSchema>;
