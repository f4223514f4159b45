import { describe, expect, it } from "vitest";
import { chargeSavedCard, checkTestCard, detectCardBrand, passesLuhn } from "./local-provider-cards";

const now = new Date("2026-06-15T12:00:00Z");
const card = (number: string, cvc = "123", expMonth = 12, expYear = 2030) => ({ number, cvc, expMonth, expYear });

describe("Stripe's documented test cards", () => {
  it("4242 4242 4242 4242 pays", () => {
    expect(checkTestCard(card("4242 4242 4242 4242"), "charge", now)).toEqual({
      ok: true,
      brand: "visa",
      last4: "4242",
      chargeOutcome: "succeeds",
    });
  });

  it("4000 0000 0000 0002 is declined", () => {
    expect(checkTestCard(card("4000000000000002"), "charge", now)).toMatchObject({
      ok: false,
      code: "generic_decline",
      message: "Your card was declined.",
    });
  });

  it("specific declines carry Stripe's messages", () => {
    expect(checkTestCard(card("4000000000009995"), "charge", now)).toMatchObject({ code: "insufficient_funds", message: "Your card has insufficient funds." });
    expect(checkTestCard(card("4000000000000069"), "charge", now)).toMatchObject({ code: "expired_card", field: "expiry" });
    expect(checkTestCard(card("4000000000000127"), "charge", now)).toMatchObject({ code: "incorrect_cvc", field: "cvc" });
  });

  it("4000 0000 0000 0341 can be saved but its charges fail", () => {
    expect(checkTestCard(card("4000000000000341"), "charge", now)).toMatchObject({ ok: false, code: "generic_decline" });
    const saved = checkTestCard(card("4000000000000341"), "save", now);
    expect(saved).toMatchObject({ ok: true, chargeOutcome: "declined" });
    expect(chargeSavedCard("declined")).toEqual({ ok: false, message: "Your card was declined." });
    expect(chargeSavedCard("succeeds")).toEqual({ ok: true });
  });

  it("rejects numbers failing the checksum, and real cards in test mode", () => {
    expect(checkTestCard(card("4242424242424241"), "charge", now)).toMatchObject({ code: "incorrect_number" });
    // A Luhn-valid number that is not a test card.
    expect(checkTestCard(card("4111111111111111"), "charge", now)).toMatchObject({ code: "live_card" });
  });

  it("wants a future expiry and a CVC of the brand's length", () => {
    expect(checkTestCard(card("4242424242424242", "123", 5, 2026), "charge", now)).toMatchObject({ code: "expired_card" });
    expect(checkTestCard(card("4242424242424242", "123", 6, 2026), "charge", now)).toMatchObject({ ok: true });
    expect(checkTestCard(card("4242424242424242", "12"), "charge", now)).toMatchObject({ field: "cvc" });
    expect(checkTestCard(card("378282246310005", "123"), "charge", now)).toMatchObject({ field: "cvc" });
    expect(checkTestCard(card("378282246310005", "1234"), "charge", now)).toMatchObject({ ok: true, brand: "amex" });
    expect(checkTestCard(card("4242424242424242", "123", 13, 2030), "charge", now)).toMatchObject({ field: "expiry" });
  });

  it("knows the Luhn checksum and card brands", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424243")).toBe(false);
    expect(passesLuhn("42")).toBe(false);
    expect(detectCardBrand("5555555555554444")).toBe("mastercard");
    expect(detectCardBrand("2223003122003222")).toBe("mastercard");
    expect(detectCardBrand("6011111111111117")).toBe("discover");
  });
});
