/**
 * The card numbers Stripe documents for test mode (https://docs.stripe.com/testing),
 * and how each behaves. The local payment provider accepts exactly these,
 * with the same outcomes and the same decline messages, so a demo without
 * network behaves like Stripe's test mode. Any future expiry date and any
 * CVC (3 digits, 4 for American Express) are accepted, as in Stripe.
 */

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay";

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

type DeclineCode = "generic_decline" | "insufficient_funds" | "lost_card" | "stolen_card" | "expired_card" | "incorrect_cvc" | "processing_error" | "card_velocity_exceeded";

/** Stripe's messages for each decline, as its API returns them. */
export const DECLINE_MESSAGES: Record<DeclineCode | "incorrect_number" | "live_card", string> = {
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  lost_card: "Your card was declined.",
  stolen_card: "Your card was declined.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
  card_velocity_exceeded: "Your card was declined for making repeated attempts too frequently or exceeding its amount limit.",
  incorrect_number: "Your card number is incorrect.",
  live_card: "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
};

interface TestCard {
  brand: CardBrand;
  /** What happens when the card is saved (checkout or payment method update). */
  attach: "succeeds" | DeclineCode;
  /** What happens to charges made with it later (renewals, plan changes). */
  charge: "succeeds" | DeclineCode;
}

const TEST_CARDS: Record<string, TestCard> = {
  // Successful payments, by brand.
  "4242424242424242": { brand: "visa", attach: "succeeds", charge: "succeeds" },
  "4000056655665556": { brand: "visa", attach: "succeeds", charge: "succeeds" },
  "5555555555554444": { brand: "mastercard", attach: "succeeds", charge: "succeeds" },
  "2223003122003222": { brand: "mastercard", attach: "succeeds", charge: "succeeds" },
  "5200828282828210": { brand: "mastercard", attach: "succeeds", charge: "succeeds" },
  "5105105105105100": { brand: "mastercard", attach: "succeeds", charge: "succeeds" },
  "378282246310005": { brand: "amex", attach: "succeeds", charge: "succeeds" },
  "371449635398431": { brand: "amex", attach: "succeeds", charge: "succeeds" },
  "6011111111111117": { brand: "discover", attach: "succeeds", charge: "succeeds" },
  "6011000990139424": { brand: "discover", attach: "succeeds", charge: "succeeds" },
  "3056930009020004": { brand: "diners", attach: "succeeds", charge: "succeeds" },
  "36227206271667": { brand: "diners", attach: "succeeds", charge: "succeeds" },
  "3566002020360505": { brand: "jcb", attach: "succeeds", charge: "succeeds" },
  "6200000000000005": { brand: "unionpay", attach: "succeeds", charge: "succeeds" },
  // Declined payments.
  "4000000000000002": { brand: "visa", attach: "generic_decline", charge: "generic_decline" },
  "4000000000009995": { brand: "visa", attach: "insufficient_funds", charge: "insufficient_funds" },
  "4000000000009987": { brand: "visa", attach: "lost_card", charge: "lost_card" },
  "4000000000009979": { brand: "visa", attach: "stolen_card", charge: "stolen_card" },
  "4000000000000069": { brand: "visa", attach: "expired_card", charge: "expired_card" },
  "4000000000000127": { brand: "visa", attach: "incorrect_cvc", charge: "incorrect_cvc" },
  "4000000000000119": { brand: "visa", attach: "processing_error", charge: "processing_error" },
  "4000000000006975": { brand: "visa", attach: "card_velocity_exceeded", charge: "card_velocity_exceeded" },
  // Saving the card succeeds, but every charge to it fails (renewal failures).
  "4000000000000341": { brand: "visa", attach: "succeeds", charge: "generic_decline" },
};

export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function detectCardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^3(0[0-5]|[68])/.test(digits)) return "diners";
  if (/^35/.test(digits)) return "jcb";
  if (/^62/.test(digits)) return "unionpay";
  return null;
}

export type CardCheck = { ok: true; brand: CardBrand; last4: string; chargeOutcome: "succeeds" | "declined" } | { ok: false; field: "number" | "cvc" | "expiry"; code: string; message: string };

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * What Stripe's test mode does with this card when it is saved and charged
 * now (`purpose: "charge"`, as in Checkout) or only saved for later charges
 * (`purpose: "save"`, as in the billing portal).
 */
export function checkTestCard(card: CardInput, purpose: "charge" | "save", now: Date = new Date()): CardCheck {
  const digits = normalizeCardNumber(card.number);
  if (!passesLuhn(digits)) return { ok: false, field: "number", code: "incorrect_number", message: DECLINE_MESSAGES.incorrect_number };
  const expiry = Date.UTC(card.expYear, card.expMonth, 1); // first day after the expiry month
  if (card.expMonth < 1 || card.expMonth > 12 || expiry <= now.getTime()) {
    return { ok: false, field: "expiry", code: "expired_card", message: DECLINE_MESSAGES.expired_card };
  }
  const known = TEST_CARDS[digits];
  const brand = known?.brand ?? detectCardBrand(digits);
  const cvcLength = brand === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    return { ok: false, field: "cvc", code: "incomplete_cvc", message: "Your card's security code is incomplete." };
  }
  if (!known || !brand) return { ok: false, field: "number", code: "live_card", message: DECLINE_MESSAGES.live_card };
  const outcome = purpose === "charge" && known.attach === "succeeds" ? known.charge : known.attach;
  if (outcome !== "succeeds") {
    const field = outcome === "incorrect_cvc" ? "cvc" : outcome === "expired_card" ? "expiry" : "number";
    return { ok: false, field, code: outcome, message: DECLINE_MESSAGES[outcome] };
  }
  return { ok: true, brand, last4: digits.slice(-4), chargeOutcome: known.charge === "succeeds" ? "succeeds" : "declined" };
}

/** Whether a later charge to a saved card succeeds, and the decline message when not. */
export function chargeSavedCard(outcome: "succeeds" | "declined" | null): { ok: true } | { ok: false; message: string } {
  return outcome === "declined" ? { ok: false, message: DECLINE_MESSAGES.generic_decline } : { ok: true };
}
