import { describe, expect, it } from "vitest";
import { mostPopularPlan } from "./pricing.server";

describe('"Most popular" on the pricing page (decision 030)', () => {
  const plans = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it("is the plan with strictly the most valid subscriptions", () => {
    expect(
      mostPopularPlan(
        plans,
        new Map([
          [2, { valid: 5 }],
          [3, { valid: 2 }],
        ]),
      ),
    ).toBe(2);
  });
  it("is nothing with no subscriber, or a tie", () => {
    expect(mostPopularPlan(plans, new Map())).toBeNull();
    expect(mostPopularPlan(plans, new Map([[1, { valid: 0 }]]))).toBeNull();
    expect(
      mostPopularPlan(
        plans,
        new Map([
          [1, { valid: 3 }],
          [3, { valid: 3 }],
        ]),
      ),
    ).toBeNull();
  });
});
