import { describe, expect, it } from "vitest";
import { planButton } from "./plan-buttons";

const paid = { id: 2, free: false };
const free = { id: 1, free: true };
const guest = { signedIn: false, subscribed: false, currentPriceId: null };
const member = { signedIn: true, subscribed: false, currentPriceId: null };
const subscriber = { signedIn: true, subscribed: true, currentPriceId: 20 };

describe("plan buttons", () => {
  it("a guest goes to registration, and a paid choice is remembered", () => {
    expect(planButton(paid, { id: 21 }, guest)).toEqual({ state: "action", label: "Get started", target: "/register?redirectFrom=pricing", storesSelection: true });
    expect(planButton(free, { id: 10 }, guest)).toMatchObject({ target: "/register?redirectFrom=pricing", storesSelection: false });
  });

  it("a signed-in user without a subscription checks out a paid plan; the free plan is disabled", () => {
    expect(planButton(paid, { id: 21 }, member)).toEqual({ state: "action", label: "Subscribe", target: "/checkout/2/21", storesSelection: true });
    expect(planButton(free, { id: 10 }, member)).toEqual({ state: "disabled", label: "Current plan" });
  });

  it("a subscriber changes plan through the confirmation; their own price is the current plan", () => {
    expect(planButton(paid, { id: 21 }, subscriber)).toMatchObject({ state: "action", target: "/change-plan/2/21/confirm" });
    expect(planButton(paid, { id: 20 }, subscriber)).toEqual({ state: "disabled", label: "Current plan" });
    expect(planButton(free, { id: 10 }, subscriber)).toMatchObject({ state: "action", label: "Switch to free", target: "/change-plan/1/10/confirm" });
  });

  it("a plan without a price cannot be chosen", () => {
    expect(planButton(paid, undefined, member)).toEqual({ state: "disabled", label: "Not available" });
  });
});
