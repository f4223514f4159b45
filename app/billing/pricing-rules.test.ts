import { describe, expect, it } from "vitest";
import { displayedAmount, isMonthlyPrice, isYearlyPrice, maxSavePercentage, parseBillingCycle, savePercentage, selectPrice, type PriceForRules } from "./pricing-rules";

const price = (amount: number, interval: PriceForRules["interval"], intervalCount = 1, currency = "usd"): PriceForRules => ({
  amount,
  currency,
  interval,
  intervalCount,
});

describe("price selection", () => {
  const monthly = price(1000, "month");
  const yearly = price(9600, "year");

  it("monthly picks a month price and yearly picks a year price", () => {
    expect(selectPrice([monthly, yearly], "monthly")).toBe(monthly);
    expect(selectPrice([monthly, yearly], "yearly")).toBe(yearly);
  });

  it("monthly accepts a day price with count 30 or more, not fewer", () => {
    const days30 = price(1000, "day", 30);
    const days29 = price(1000, "day", 29);
    expect(isMonthlyPrice(days30)).toBe(true);
    expect(isMonthlyPrice(days29)).toBe(false);
    expect(selectPrice([yearly, days30], "monthly")).toBe(days30);
    // 29 days is not monthly: falls back to the first price.
    expect(selectPrice([yearly, days29], "monthly")).toBe(yearly);
  });

  it("yearly accepts a month price with count 12 or more, not 11", () => {
    const months12 = price(9000, "month", 12);
    const months11 = price(9000, "month", 11);
    expect(isYearlyPrice(months12)).toBe(true);
    expect(isYearlyPrice(months11)).toBe(false);
    expect(selectPrice([monthly, months12], "yearly")).toBe(months12);
    expect(selectPrice([monthly, months11], "yearly")).toBe(monthly);
  });

  it("falls back to the first price when none matches the cycle", () => {
    expect(selectPrice([monthly], "yearly")).toBe(monthly);
    expect(selectPrice([yearly], "monthly")).toBe(yearly);
    expect(selectPrice([price(500, "day", 7), price(800, "day", 14)], "monthly")?.amount).toBe(500);
  });

  it("has nothing to show for a plan without prices", () => {
    expect(selectPrice([], "yearly")).toBeUndefined();
  });

  it("displays the amount divided by the interval count", () => {
    expect(displayedAmount(price(12000, "month", 12))).toBe(1000);
    expect(displayedAmount(price(9600, "year", 1))).toBe(9600);
    expect(displayedAmount(price(3000, "day", 30))).toBe(100);
  });

  it("reads the billing cycle from the query, yearly by default", () => {
    expect(parseBillingCycle("monthly")).toBe("monthly");
    expect(parseBillingCycle("yearly")).toBe("yearly");
    expect(parseBillingCycle(null)).toBe("yearly");
    expect(parseBillingCycle("weekly")).toBe("yearly");
  });
});

describe("save-up percentage", () => {
  it("is (12 x monthly - yearly) / (12 x monthly), rounded", () => {
    // 12 x 10.00 = 120.00 against 96.00: 20 %.
    expect(savePercentage([price(1000, "month"), price(9600, "year")])).toBe(20);
    // 12 x 9.99 = 119.88 against 99.99: 16.59 % rounds to 17.
    expect(savePercentage([price(999, "month"), price(9999, "year")])).toBe(17);
  });

  it("needs both a monthly and a yearly price", () => {
    expect(savePercentage([price(1000, "month")])).toBeNull();
    expect(savePercentage([price(9600, "year")])).toBeNull();
    expect(savePercentage([])).toBeNull();
    // A 12-month price is yearly; on its own it is not also the monthly price.
    expect(savePercentage([price(9600, "month", 12)])).toBeNull();
  });

  it("compares a day interval with count 30 as the monthly price", () => {
    expect(savePercentage([price(1000, "day", 30), price(9000, "year")])).toBe(25);
    expect(savePercentage([price(1000, "day", 30), price(9000, "month", 12)])).toBe(25);
  });

  it("is not counted at 0 % or less", () => {
    expect(savePercentage([price(1000, "month"), price(12000, "year")])).toBeNull();
    expect(savePercentage([price(1000, "month"), price(15000, "year")])).toBeNull();
    // 0.4 % rounds to 0: not counted.
    expect(savePercentage([price(1000, "month"), price(11950, "year")])).toBeNull();
  });

  it("is not counted above 200 % (or when the monthly price is free)", () => {
    // Only inconsistent data can do this: a negative yearly amount gives 300 %.
    expect(savePercentage([price(1000, "month"), price(-24000, "year")])).toBeNull();
    // 12 x 0 = 0: division by zero is never shown.
    expect(savePercentage([price(0, "month"), price(9600, "year")])).toBeNull();
    // Exactly 100 % (a free yearly price) is within bounds.
    expect(savePercentage([price(1000, "month"), price(0, "year")])).toBe(100);
  });

  it("ignores prices in different currencies", () => {
    expect(savePercentage([price(1000, "month", 1, "usd"), price(9000, "year", 1, "eur")])).toBeNull();
  });

  it("brings multi-period prices to per-month and per-year amounts", () => {
    // 27.00 per quarter is 9.00 a month; 180.00 per two years is 90.00 a year: 1 - 90/108 = 16.7 %.
    expect(savePercentage([price(2700, "month", 3), price(18000, "year", 2)])).toBe(17);
  });

  it("shows the maximum over visible plans only", () => {
    const plans = [
      { hidden: false, prices: [price(1000, "month"), price(9600, "year")] }, // 20 %
      { hidden: false, prices: [price(2000, "month"), price(18000, "year")] }, // 25 %
      { hidden: true, prices: [price(2000, "month"), price(12000, "year")] }, // 50 %, hidden
      { hidden: false, prices: [price(0, "month")] }, // free plan
    ];
    expect(maxSavePercentage(plans)).toBe(25);
    expect(maxSavePercentage([{ hidden: false, prices: [price(1000, "month")] }])).toBeNull();
    expect(maxSavePercentage([])).toBeNull();
  });
});
