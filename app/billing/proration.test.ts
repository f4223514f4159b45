import { describe, expect, it } from "vitest";
import { addBillingInterval } from "./intervals";
import { formatMoney } from "./money";
import { computeProration, type ProrationPrice } from "./proration";

const basicMonthly: ProrationPrice = { amount: 1000, currency: "usd", interval: "month", intervalCount: 1, planName: "Basic" };
const proMonthly: ProrationPrice = { amount: 2000, currency: "usd", interval: "month", intervalCount: 1, planName: "Pro" };
const proYearly: ProrationPrice = { amount: 19200, currency: "usd", interval: "year", intervalCount: 1, planName: "Pro" };

describe("billing periods", () => {
  it("keeps the day of the month and clamps to shorter months", () => {
    expect(addBillingInterval(new Date("2026-01-31T10:00:00Z"), "month", 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addBillingInterval(new Date("2028-01-31T10:00:00Z"), "month", 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addBillingInterval(new Date("2026-03-15T00:00:00Z"), "month", 12).toISOString()).toBe("2027-03-15T00:00:00.000Z");
    expect(addBillingInterval(new Date("2028-02-29T00:00:00Z"), "year", 1).toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(addBillingInterval(new Date("2026-03-01T00:00:00Z"), "day", 30).toISOString()).toBe("2026-03-31T00:00:00.000Z");
  });

  it("refuses a zero or fractional count", () => {
    expect(() => addBillingInterval(new Date(), "month", 0)).toThrow(RangeError);
    expect(() => addBillingInterval(new Date(), "month", 1.5)).toThrow(RangeError);
  });
});

describe("plan change proration", () => {
  const periodStart = new Date("2026-06-01T00:00:00Z");
  const periodEnd = new Date("2026-07-01T00:00:00Z");
  const halfway = new Date("2026-06-16T00:00:00Z");

  it("upgrading halfway through a month charges half the difference and keeps the period", () => {
    const preview = computeProration({ current: basicMonthly, next: proMonthly, periodStart, periodEnd, now: halfway });
    expect(preview.lines).toEqual([
      { description: "Unused time on Basic after 2026-06-16", amount: -500, proration: true },
      { description: "Remaining time on Pro after 2026-06-16", amount: 1000, proration: true },
    ]);
    expect(preview.amountDue).toBe(500);
    expect(preview.resetsBillingCycle).toBe(false);
    expect(preview.periodEnd).toEqual(periodEnd);
  });

  it("downgrading leaves account credit instead of a charge", () => {
    const preview = computeProration({ current: proMonthly, next: basicMonthly, periodStart, periodEnd, now: halfway });
    expect(preview.total).toBe(-500);
    expect(preview.amountDue).toBe(0);
    expect(preview.creditBalanceAfter).toBe(500);
  });

  it("switching to a yearly price starts a new period now and charges the full year less the unused time", () => {
    const preview = computeProration({ current: basicMonthly, next: proYearly, periodStart, periodEnd, now: halfway });
    expect(preview.resetsBillingCycle).toBe(true);
    expect(preview.periodStart).toEqual(halfway);
    expect(preview.periodEnd.toISOString()).toBe("2027-06-16T00:00:00.000Z");
    expect(preview.total).toBe(19200 - 500);
    expect(preview.amountDue).toBe(18700);
  });

  it("existing account credit pays part of the amount due", () => {
    const preview = computeProration({ current: basicMonthly, next: proMonthly, periodStart, periodEnd, now: halfway, creditBalance: 300 });
    expect(preview.amountDue).toBe(200);
    expect(preview.creditBalanceAfter).toBe(0);
  });

  it("12 months and 1 year are the same period", () => {
    const twelveMonths = { ...proYearly, interval: "month" as const, intervalCount: 12 };
    const preview = computeProration({
      current: proYearly,
      next: twelveMonths,
      periodStart,
      periodEnd: new Date("2027-06-01T00:00:00Z"),
      now: periodStart,
    });
    expect(preview.resetsBillingCycle).toBe(false);
  });
});

describe("money", () => {
  it("formats minor units in the currency's format", () => {
    expect(formatMoney(999, "usd")).toBe("$9.99");
    expect(formatMoney(1000, "usd")).toBe("$10");
    expect(formatMoney(1000, "usd", "en", { keepDecimals: true })).toBe("$10.00");
    expect(formatMoney(500, "jpy")).toBe("¥500");
    expect(formatMoney(1000 / 12, "usd")).toBe("$0.83");
    expect(formatMoney(1299, "eur", "fr")).toMatch(/^12,99\s€$/);
  });
});
