import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTranslate } from "~/i18n/translate";
import { billingTimeZone, formatBillingDate } from "./dates.server";
import { billedLabel, priceLabel } from "./format";

const english = createTranslate({});
const french = createTranslate(JSON.parse(readFileSync("scripts/seed/translations/fr/billing.json", "utf8")));

describe("billing labels", () => {
  it("shows the displayed amount per interval and what is billed each period", () => {
    const yearly = { amount: 7999, currency: "usd", interval: "year" as const, intervalCount: 1 };
    const quarterly = { amount: 2700, currency: "usd", interval: "month" as const, intervalCount: 3 };
    expect(priceLabel(english, yearly, "en")).toBe("$79.99 / year");
    expect(priceLabel(english, quarterly, "en")).toBe("$9 / month");
    expect(billedLabel(english, yearly, "en")).toBe("$79.99 every year");
    expect(billedLabel(english, quarterly, "en")).toBe("$27 every 3 months");
    expect(billedLabel(french, { ...yearly, currency: "eur" }, "fr")).toMatch(/^79,99\s€ par an$/);
    expect(billedLabel(french, { ...quarterly, currency: "eur" }, "fr")).toMatch(/^27\s€ tous les 3 mois$/);
  });

  it("formats dates in the user's zone, falling back to the site's, then UTC", () => {
    expect(billingTimeZone("Europe/Paris", "UTC")).toBe("Europe/Paris");
    expect(billingTimeZone("auto", "America/New_York")).toBe("America/New_York");
    expect(billingTimeZone("Not/AZone", "Also/Wrong")).toBe("UTC");
    const lateEvening = new Date("2026-06-30T23:30:00Z");
    expect(formatBillingDate(lateEvening, "en", "UTC")).toBe("June 30, 2026");
    expect(formatBillingDate(lateEvening, "en", "Europe/Paris")).toBe("July 1, 2026");
    expect(formatBillingDate(null, "en", "UTC")).toBeNull();
  });
});
