import { describe, expect, it } from "vitest";
import { isOnGracePeriod, isSubscriptionValid, mergePermissions, statusRank, type SubscriptionValidityInput } from "./subscription-rules";

const now = new Date("2026-06-15T12:00:00Z");
const future = new Date("2026-07-15T12:00:00Z");
const past = new Date("2026-06-01T12:00:00Z");

const sub = (overrides: Partial<SubscriptionValidityInput>): SubscriptionValidityInput => ({
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: future,
  trialEndsAt: null,
  endedAt: null,
  ...overrides,
});

describe("subscription validity", () => {
  it("active and trialing subscriptions are valid", () => {
    expect(isSubscriptionValid(sub({}), now)).toBe(true);
    expect(isSubscriptionValid(sub({ status: "trialing", trialEndsAt: future }), now)).toBe(true);
  });

  it("a subscription cancelled at period end stays valid until the period ends", () => {
    expect(isSubscriptionValid(sub({ cancelAtPeriodEnd: true }), now)).toBe(true);
    expect(isOnGracePeriod(sub({ cancelAtPeriodEnd: true }), now)).toBe(true);
    // The provider's "deleted" event has not arrived yet, but the period is over.
    expect(isSubscriptionValid(sub({ cancelAtPeriodEnd: true, currentPeriodEnd: past }), now)).toBe(false);
  });

  it("a canceled subscription is valid only inside its paid period", () => {
    expect(isSubscriptionValid(sub({ status: "canceled", currentPeriodEnd: future }), now)).toBe(true);
    expect(isSubscriptionValid(sub({ status: "canceled", currentPeriodEnd: past }), now)).toBe(false);
    expect(isSubscriptionValid(sub({ status: "canceled", currentPeriodEnd: null }), now)).toBe(false);
    // Ended immediately: access stops though the period had time left.
    expect(isSubscriptionValid(sub({ status: "canceled", currentPeriodEnd: future, endedAt: past }), now)).toBe(false);
  });

  it("a trial that ended without a paid period is over", () => {
    expect(isSubscriptionValid(sub({ status: "trialing", trialEndsAt: past, currentPeriodEnd: past }), now)).toBe(false);
  });

  it("incomplete, past due, unpaid, paused and expired subscriptions are not valid", () => {
    for (const status of ["incomplete", "incomplete_expired", "past_due", "unpaid", "paused"] as const) {
      expect(isSubscriptionValid(sub({ status }), now)).toBe(false);
    }
  });

  it("an active subscription renewing normally is not on a grace period", () => {
    expect(isOnGracePeriod(sub({}), now)).toBe(false);
  });

  it("ranks statuses so ended subscriptions are terminal", () => {
    expect(statusRank("incomplete")).toBe(0);
    expect(statusRank("active")).toBe(1);
    expect(statusRank("past_due")).toBe(1);
    expect(statusRank("canceled")).toBe(2);
    expect(statusRank("incomplete_expired")).toBe(2);
  });
});

describe("plan permissions merged into the user's", () => {
  it("adds permissions the user lacks", () => {
    const merged = mergePermissions(new Map([["titles.view", []]]), [{ name: "titles.watch", restrictions: [] }]);
    expect([...merged.keys()].sort()).toEqual(["titles.view", "titles.watch"]);
  });

  it("keeps the more generous quota when both grant a permission", () => {
    const base = new Map([
      [
        "workspaces.create",
        [
          { name: "count", value: 1 },
          { name: "member_count", value: 3 },
        ],
      ],
    ]);
    const merged = mergePermissions(base, [{ name: "workspaces.create", restrictions: [{ name: "count", value: 5 }] }]);
    // count: max(1, 5); member_count: no limit on the plan's side, so none.
    expect(merged.get("workspaces.create")).toEqual([{ name: "count", value: 5 }]);
  });

  it("does not change the map it was given", () => {
    const base = new Map([["files.create", [{ name: "max_size_mb", value: 10 }]]]);
    mergePermissions(base, [{ name: "files.create", restrictions: [{ name: "max_size_mb", value: 500 }] }]);
    expect(base.get("files.create")).toEqual([{ name: "max_size_mb", value: 10 }]);
  });
});
