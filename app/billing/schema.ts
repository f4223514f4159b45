import { z } from "zod";

/**
 * The card form of the local provider's checkout and billing portal (the
 * browser and the server check it with the same schema). Messages follow
 * Stripe's own wording.
 */
export const cardFormSchema = z.object({
  number: z
    .string({ error: "Your card number is incomplete." })
    .trim()
    .regex(/^[\d\s-]{12,23}$/, "Your card number is incomplete."),
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, "Your card's expiration date is incomplete."),
  cvc: z
    .string({ error: "Your card's security code is incomplete." })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  name: z.string({ error: "Enter the name on your card." }).trim().min(1, "Enter the name on your card.").max(100),
});

/** "12 / 34" or "12/2034" as a month and a four-digit year. */
export function parseExpiry(expiry: string): { expMonth: number; expYear: number } {
  const [month, year] = expiry.split("/").map((part) => part.trim());
  return { expMonth: Number(month), expYear: year.length === 2 ? 2000 + Number(year) : Number(year) };
}

/** Fields never sent back to the page after a failed attempt. */
export const CARD_SECRET_FIELDS = ["number", "cvc"];
