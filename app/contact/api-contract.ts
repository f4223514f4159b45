import { z } from "zod";
import { defineEndpoint, errorResponses, messageSchema } from "~/api/contract";
import { contactSchema } from "./schema";

/** POST api/v1/contact-page ({name, email, message}). */
export const submitContact = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/contact-page",
  operationId: "submitContact",
  summary: "Send a message through the contact form",
  description: "Stored and e-mailed to the site's address. When the human check is on for the contact form, send its token as `token`.",
  tag: "Contact",
  access: "public",
  body: contactSchema.extend({ token: z.string().max(2048).optional().describe("Human-check (Turnstile) token, when the site asks for one.") }),
  responses: {
    200: { description: "Submitted: “Your message has been submitted.”", schema: messageSchema },
    ...errorResponses(400, 401, 403, 413, 415, 422, 429),
  },
});

export const contactEndpoints = [submitContact];
