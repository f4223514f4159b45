import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { confirmPlanChange, previewPlanChange, setSubscriptionCancellation, startCheckout } from "./account.server";
import { advanceLocalSubscriptions, LocalProvider, payLocalCheckout, updateLocalPaymentMethod } from "./local-provider.server";
import { openMigratedTestDatabase } from "../../tests/support/node-test-database";
import { billingCustomers, checkoutSessions, invoices, subscriptionEvents, subscriptions } from "./tables";
import { loadSubscriptionState } from "./subscription-state.server";
import { createTestPlans, createTestUser } from "../../tests/support/billing-fixtures";

/**
 * The local provider end to end on a real SQLite database: a checkout paid
 * with Stripe's test cards, plan changes with proration, cancellation and
 * what time does (renewals, failed renewals, the end of a cancelled period).
 */

const ORIGIN = "http://localhost:8787";
const SUCCESS_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
const DECLINED_CARD = { ...SUCCESS_CARD, number: "4000 0000 0000 0002" };
const FAILS_LATER_CARD = { ...SUCCESS_CARD, number: "4000 0000 0000 0341" };

let database: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
let plans: Awaited<ReturnType<typeof createTestPlans>>;
beforeAll(async () => {
  database = await openMigratedTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  plans = await createTestPlans(database.db);
});

async function startLocalCheckout(now = new Date(), price = plans.standardMonthly) {
  const { db } = database;
  const user = await createTestUser(db);
  const provider = new LocalProvider(db, ORIGIN, () => now);
  const result = await startCheckout(db, provider, { user, productId: price.productId, priceId: price.id, origin: ORIGIN, now });
  if (result.kind !== "redirect") throw new Error(`no checkout: ${JSON.stringify(result)}`);
  const sessionId = result.url.split("/").pop()!;
  return { user, provider, sessionId, url: result.url };
}

async function subscriptionOf(userId: number) {
  const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

async function kinds(userId: number) {
  return (await database.db.select({ kind: subscriptionEvents.kind }).from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId))).map((e) => e.kind).sort();
}

describe("local checkout", () => {
  it("sends the user to the local checkout page", async () => {
    const { url } = await startLocalCheckout();
    expect(url).toMatch(new RegExp(`^${ORIGIN}/billing/local/checkout/cs_local_[0-9a-f]{24}$`));
  });

  it("pays with 4242 4242 4242 4242: subscription, invoice and events as from Stripe", async () => {
    const now = new Date("2026-06-01T10:00:00Z");
    const { user, sessionId } = await startLocalCheckout(now, plans.standardYearly);
    const result = await payLocalCheckout(database.db, { sessionId, userId: user.id, card: SUCCESS_CARD, now });
    expect(result).toEqual({
      ok: true,
      successPath: `/checkout/${plans.standard.product.id}/${plans.standardYearly.id}/success?session_id=${sessionId}`,
    });
    const sub = await subscriptionOf(user.id);
    expect(sub).toMatchObject({ provider: "local", status: "active", priceId: plans.standardYearly.id, cancelAtPeriodEnd: false });
    expect(sub.currentPeriodEnd?.toISOString()).toBe("2027-06-01T10:00:00.000Z");
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(invoice).toMatchObject({ status: "paid", total: 8000, amountPaid: 8000, currency: "usd", subscriptionId: sub.id });
    expect(invoice.number).toMatch(/^[0-9A-F]{8}-0001$/);
    const [customer] = await database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id));
    expect(customer).toMatchObject({ cardBrand: "Visa", cardLast4: "4242", cardExpMonth: 12, cardExpYear: 2034 });
    const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session.status).toBe("complete");
    expect(await kinds(user.id)).toEqual(["subscribed"]);
    expect((await loadSubscriptionState(database.db, user.id, now)).isSubscribed).toBe(true);
  });

  it("4000 0000 0000 0002 is declined and nothing is created; the session stays open for another card", async () => {
    const { user, sessionId } = await startLocalCheckout();
    expect(await payLocalCheckout(database.db, { sessionId, userId: user.id, card: DECLINED_CARD })).toEqual({
      ok: false,
      field: "number",
      message: "Your card was declined.",
    });
    expect(await subscriptionOf(user.id)).toBeUndefined();
    expect((await payLocalCheckout(database.db, { sessionId, userId: user.id, card: SUCCESS_CARD })).ok).toBe(true);
  });

  it("a session is paid once, by its own user, before it expires", async () => {
    const now = new Date();
    const { user, sessionId } = await startLocalCheckout(now);
    const other = await createTestUser(database.db);
    expect(await payLocalCheckout(database.db, { sessionId, userId: other.id, card: SUCCESS_CARD })).toMatchObject({ ok: false, field: "form" });
    const late = new Date(now.getTime() + 25 * 3600_000);
    expect(await payLocalCheckout(database.db, { sessionId, userId: user.id, card: SUCCESS_CARD, now: late })).toMatchObject({ ok: false, field: "form" });
    const both = await Promise.all([
      payLocalCheckout(database.db, { sessionId, userId: user.id, card: SUCCESS_CARD, now }),
      payLocalCheckout(database.db, { sessionId, userId: user.id, card: SUCCESS_CARD, now }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });
});

describe("local plan changes", () => {
  async function subscribed(now: Date, card = SUCCESS_CARD) {
    const started = await startLocalCheckout(now, plans.standardMonthly);
    await payLocalCheckout(database.db, { sessionId: started.sessionId, userId: started.user.id, card, now });
    return started;
  }

  it("previews and applies an upgrade halfway through the month", async () => {
    const start = new Date("2026-06-01T00:00:00Z");
    const halfway = new Date("2026-06-16T00:00:00Z");
    const { user } = await subscribed(start);
    const provider = new LocalProvider(database.db, ORIGIN, () => halfway);
    const target = { userId: user.id, productId: plans.premium.product.id, priceId: plans.premiumMonthly.id, now: halfway };
    const preview = await previewPlanChange(database.db, provider, target);
    // (1500 - 800) x 15 of 30 days left.
    expect(preview).toMatchObject({ kind: "preview", toFree: false, preview: { amountDue: 350, total: 350 } });
    const result = await confirmPlanChange(database.db, provider, { ...target, prorationDate: halfway });
    expect(result).toMatchObject({ kind: "changed" });
    const sub = await subscriptionOf(user.id);
    expect(sub).toMatchObject({ priceId: plans.premiumMonthly.id, productId: plans.premium.product.id });
    expect(sub.currentPeriodEnd?.toISOString()).toBe("2026-07-01T00:00:00.000Z");
    const list = await database.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(list.map((i) => [i.total, i.status]).sort()).toEqual([
      [350, "paid"],
      [800, "paid"],
    ]);
    expect(await kinds(user.id)).toEqual(["plan_changed", "subscribed"]);
    expect((await loadSubscriptionState(database.db, user.id, halfway)).permissions.map((p) => p.name).sort()).toEqual(["api.access", "titles.view"]);
  });

  it("a downgrade leaves account credit that pays the next renewal", async () => {
    const start = new Date("2026-06-01T00:00:00Z");
    const halfway = new Date("2026-06-16T00:00:00Z");
    const started = await startLocalCheckout(start, plans.premiumMonthly);
    await payLocalCheckout(database.db, { sessionId: started.sessionId, userId: started.user.id, card: SUCCESS_CARD, now: start });
    const provider = new LocalProvider(database.db, ORIGIN, () => halfway);
    await confirmPlanChange(database.db, provider, {
      userId: started.user.id,
      productId: plans.standard.product.id,
      priceId: plans.standardMonthly.id,
      prorationDate: halfway,
      now: halfway,
    });
    const [customer] = await database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, started.user.id));
    expect(customer.creditBalance).toBe(350); // (1500 - 800) x 15/30
    await advanceLocalSubscriptions(database.db, new Date("2026-07-01T00:00:01Z"));
    const renewal = (await database.db.select().from(invoices).where(eq(invoices.userId, started.user.id))).find((i) => i.total === 800 && i.amountDue === 450);
    expect(renewal).toBeDefined();
  });

  it("a declined charge for an upgrade changes nothing", async () => {
    const start = new Date("2026-06-01T00:00:00Z");
    const { user } = await subscribed(start);
    await updateLocalPaymentMethod(database.db, { userId: user.id, card: FAILS_LATER_CARD, now: start });
    const provider = new LocalProvider(database.db, ORIGIN, () => start);
    const result = await confirmPlanChange(database.db, provider, {
      userId: user.id,
      productId: plans.premium.product.id,
      priceId: plans.premiumYearly.id,
      prorationDate: start,
      now: start,
    });
    expect(result).toMatchObject({ kind: "declined", notice: { message: "Your card was declined. Your plan was not changed." } });
    expect((await subscriptionOf(user.id)).priceId).toBe(plans.standardMonthly.id);
  });

  it("switching to yearly starts a new yearly period now", async () => {
    const start = new Date("2026-06-01T00:00:00Z");
    const later = new Date("2026-06-11T00:00:00Z");
    const { user } = await subscribed(start);
    const provider = new LocalProvider(database.db, ORIGIN, () => later);
    await confirmPlanChange(database.db, provider, { userId: user.id, productId: plans.standard.product.id, priceId: plans.standardYearly.id, prorationDate: later, now: later });
    const sub = await subscriptionOf(user.id);
    expect(sub.currentPeriodStart?.toISOString()).toBe(later.toISOString());
    expect(sub.currentPeriodEnd?.toISOString()).toBe("2027-06-11T00:00:00.000Z");
  });

  it("cancel at period end, resume, then cancel for good: the subscription ends with its period", async () => {
    const start = new Date("2026-06-01T00:00:00Z");
    const { user } = await subscribed(start);
    const provider = new LocalProvider(database.db, ORIGIN, () => start);
    expect(await setSubscriptionCancellation(database.db, provider, { userId: user.id, cancel: true, now: start })).toMatchObject({ kind: "done" });
    expect((await subscriptionOf(user.id)).cancelAtPeriodEnd).toBe(true);
    expect(await setSubscriptionCancellation(database.db, provider, { userId: user.id, cancel: false, now: start })).toMatchObject({ kind: "done" });
    expect((await subscriptionOf(user.id)).cancelAtPeriodEnd).toBe(false);
    await setSubscriptionCancellation(database.db, provider, { userId: user.id, cancel: true, now: start });
    // Still subscribed until the period ends.
    expect((await loadSubscriptionState(database.db, user.id, new Date("2026-06-30T00:00:00Z"))).isSubscribed).toBe(true);
    expect(await advanceLocalSubscriptions(database.db, new Date("2026-07-01T00:00:01Z"), { userId: user.id })).toEqual({ renewed: 0, ended: 1, failed: 0 });
    expect(await subscriptionOf(user.id)).toMatchObject({ status: "canceled" });
    expect(await kinds(user.id)).toEqual(["cancel_scheduled", "cancel_scheduled", "ended", "resumed", "subscribed"]);
  });
});

describe("local renewals", () => {
  it("renews with the saved card when the period ends", async () => {
    const start = new Date("2026-06-01T00:00:00Z");
    const started = await startLocalCheckout(start);
    await payLocalCheckout(database.db, { sessionId: started.sessionId, userId: started.user.id, card: SUCCESS_CARD, now: start });
    expect(await advanceLocalSubscriptions(database.db, new Date("2026-07-01T00:00:01Z"), { userId: started.user.id })).toEqual({ renewed: 1, ended: 0, failed: 0 });
    const sub = await subscriptionOf(started.user.id);
    expect(sub.currentPeriodEnd?.toISOString()).toBe("2026-08-01T00:00:00.000Z");
    expect(await kinds(started.user.id)).toEqual(["renewed", "subscribed"]);
    // Running again changes nothing.
    expect(await advanceLocalSubscriptions(database.db, new Date("2026-07-01T00:00:02Z"), { userId: started.user.id })).toEqual({ renewed: 0, ended: 0, failed: 0 });
  });

  it("a failed renewal makes the subscription past due; a new card pays the invoice and restores it", async () => {
    const start = new Date("2026-06-01T00:00:00Z");
    const started = await startLocalCheckout(start);
    const userId = started.user.id;
    await payLocalCheckout(database.db, { sessionId: started.sessionId, userId, card: SUCCESS_CARD, now: start });
    await updateLocalPaymentMethod(database.db, { userId, card: FAILS_LATER_CARD, now: start });
    const renewalTime = new Date("2026-07-01T00:00:01Z");
    expect(await advanceLocalSubscriptions(database.db, renewalTime, { userId })).toEqual({ renewed: 0, ended: 0, failed: 1 });
    expect(await subscriptionOf(userId)).toMatchObject({ status: "past_due" });
    expect((await loadSubscriptionState(database.db, userId, renewalTime)).isSubscribed).toBe(false);
    const [open] = await database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.status, "open")));
    expect(open.paymentFailedAt).not.toBeNull();

    expect(await updateLocalPaymentMethod(database.db, { userId, card: DECLINED_CARD, now: renewalTime })).toMatchObject({ ok: false, message: "Your card was declined." });
    expect(await updateLocalPaymentMethod(database.db, { userId, card: SUCCESS_CARD, now: renewalTime })).toEqual({ ok: true });
    expect(await subscriptionOf(userId)).toMatchObject({ status: "active" });
    const [paid] = await database.db.select().from(invoices).where(eq(invoices.id, open.id));
    expect(paid.status).toBe("paid");
    expect(await kinds(userId)).toContain("payment_failed");
  });

  it("a past-due user is sent to fix the payment instead of starting a second subscription", async () => {
    const start = new Date("2026-06-01T00:00:00Z");
    const started = await startLocalCheckout(start);
    const userId = started.user.id;
    await payLocalCheckout(database.db, { sessionId: started.sessionId, userId, card: SUCCESS_CARD, now: start });
    await updateLocalPaymentMethod(database.db, { userId, card: FAILS_LATER_CARD, now: start });
    const renewalTime = new Date("2026-07-01T00:00:01Z");
    await advanceLocalSubscriptions(database.db, renewalTime, { userId });
    const result = await startCheckout(database.db, started.provider, {
      user: started.user,
      productId: plans.premium.product.id,
      priceId: plans.premiumMonthly.id,
      origin: ORIGIN,
      now: renewalTime,
    });
    expect(result).toMatchObject({ kind: "elsewhere", to: "/billing" });
  });

  it("a subscription past due for a week is cancelled", async () => {
    const start = new Date("2026-06-01T00:00:00Z");
    const started = await startLocalCheckout(start);
    const userId = started.user.id;
    await payLocalCheckout(database.db, { sessionId: started.sessionId, userId, card: SUCCESS_CARD, now: start });
    await updateLocalPaymentMethod(database.db, { userId, card: FAILS_LATER_CARD, now: start });
    await advanceLocalSubscriptions(database.db, new Date("2026-07-01T00:00:01Z"), { userId });
    expect(await advanceLocalSubscriptions(database.db, new Date("2026-07-05T00:00:00Z"), { userId })).toEqual({ renewed: 0, ended: 0, failed: 0 });
    expect(await advanceLocalSubscriptions(database.db, new Date("2026-07-08T00:00:01Z"), { userId })).toEqual({ renewed: 0, ended: 1, failed: 0 });
    expect(await subscriptionOf(userId)).toMatchObject({ status: "canceled" });
  });
});
