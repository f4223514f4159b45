import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { applyBillingEvent } from "./apply-event.server";
import { billingEvents, checkoutSessions, invoices, subscriptionEvents, subscriptions } from "./tables";
import { stripeEvent, stripeId, stripeInvoice, stripeSubscription } from "../../tests/support/stripe-fixtures";
import { StripeProvider } from "./stripe-provider.server";
import { loadSubscriptionState } from "./subscription-state.server";
import { createTestPlans, createTestUser, linkCustomer } from "../../tests/support/billing-fixtures";
import { handleStripeWebhook } from "./webhook.server";

const { db } = openD1(env.DB, null);
const WEBHOOK_SECRET = "whsec_test_secret_for_billing_tests";
const stripe = new StripeProvider({ secretKey: "sk_test_unused", webhookSecret: WEBHOOK_SECRET, host: "127.0.0.1", port: 9, protocol: "http" });
const signer = new Stripe("sk_test_unused");

let plans: Awaited<ReturnType<typeof createTestPlans>>;
beforeAll(async () => {
  plans = await createTestPlans(db, { stripeIds: true });
});

/** A user with a Stripe customer, as after their first checkout. */
async function customer() {
  const user = await createTestUser(db);
  const customerId = stripeId("cus");
  await linkCustomer(db, user.id, "stripe", customerId);
  return { user, customerId };
}

async function deliver(event: object, options: { timestamp?: number; tamper?: (payload: string) => string; secret?: string } = {}) {
  const payload = JSON.stringify(event);
  const header = await signer.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const body = options.tamper ? options.tamper(payload) : payload;
  const request = new Request("https://example.test/api/v1/billing/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body,
  });
  const response = await handleStripeWebhook(db, stripe, request);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function stored(subscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, "stripe"), eq(subscriptions.providerSubscriptionId, subscriptionId)));
  return row ?? null;
}

async function eventsOf(userId: number) {
  return db.select({ kind: subscriptionEvents.kind }).from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId));
}

describe("Stripe webhook signatures", () => {
  it("applies a correctly signed event", async () => {
    const { user, customerId } = await customer();
    const sub = stripeSubscription({ id: stripeId("sub"), customer: customerId, price: plans.standardMonthly.stripePriceId! });
    const result = await deliver(stripeEvent("customer.subscription.created", sub));
    expect(result).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    const row = await stored(sub.id);
    expect(row).toMatchObject({ userId: user.id, status: "active", productId: plans.standard.product.id, priceId: plans.standardMonthly.id });
    const state = await loadSubscriptionState(db, user.id);
    expect(state.isSubscribed).toBe(true);
    expect(state.permissions.map((p) => p.name)).toEqual(["titles.view"]);
    expect(await eventsOf(user.id)).toEqual([{ kind: "subscribed" }]);
  });

  it("refuses a tampered payload and applies nothing", async () => {
    const { customerId } = await customer();
    const sub = stripeSubscription({ id: stripeId("sub"), customer: customerId, price: plans.premiumYearly.stripePriceId! });
    const event = stripeEvent("customer.subscription.created", sub);
    const result = await deliver(event, { tamper: (payload) => payload.replace('"active"', '"trialing"') });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Invalid webhook signature.");
    expect(await stored(sub.id)).toBeNull();
    expect(await db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toEqual([]);
  });

  it("refuses a signature made with another secret", async () => {
    const { customerId } = await customer();
    const sub = stripeSubscription({ id: stripeId("sub"), customer: customerId, price: plans.premiumYearly.stripePriceId! });
    const result = await deliver(stripeEvent("customer.subscription.created", sub), { secret: "whsec_someone_else" });
    expect(result.status).toBe(400);
    expect(await stored(sub.id)).toBeNull();
  });

  it("refuses a replayed delivery whose signature is too old", async () => {
    const { customerId } = await customer();
    const sub = stripeSubscription({ id: stripeId("sub"), customer: customerId, price: plans.premiumYearly.stripePriceId! });
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const result = await deliver(stripeEvent("customer.subscription.created", sub), { timestamp: tenMinutesAgo });
    expect(result.status).toBe(400);
    expect(await stored(sub.id)).toBeNull();
  });

  it("refuses a request without a signature header", async () => {
    const request = new Request("https://example.test/api/v1/billing/stripe/webhook", { method: "POST", body: "{}" });
    const response = await handleStripeWebhook(db, stripe, request);
    expect(response.status).toBe(400);
  });

  it("answers 400, not 500, to a signed event missing the fields billing needs", async () => {
    const broken = stripeEvent("customer.subscription.updated", { id: stripeId("sub"), object: "subscription" });
    const result = await deliver(broken);
    expect(result.status).toBe(400);
    expect(String(result.body.message)).toMatch(/^Malformed subscription/);
    expect(await db.select().from(billingEvents).where(eq(billingEvents.id, broken.id))).toEqual([]);
  });
});

describe("Stripe webhook events", () => {
  it("applies a duplicate delivery once", async () => {
    const { user, customerId } = await customer();
    const sub = stripeSubscription({ id: stripeId("sub"), customer: customerId, price: plans.standardYearly.stripePriceId! });
    const event = stripeEvent("customer.subscription.created", sub);
    expect((await deliver(event)).body.outcome).toBe("applied");
    expect((await deliver(event)).body.outcome).toBe("duplicate");
    expect(await eventsOf(user.id)).toEqual([{ kind: "subscribed" }]);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });

  it("applies the same event delivered twice at the same moment once", async () => {
    const { user, customerId } = await customer();
    const sub = stripeSubscription({ id: stripeId("sub"), customer: customerId, price: plans.standardYearly.stripePriceId! });
    const event = stripeEvent("customer.subscription.created", sub);
    const results = await Promise.all([deliver(event), deliver(event)]);
    const outcomes = results.map((r) => r.body.outcome ?? r.status).sort();
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(await eventsOf(user.id)).toEqual([{ kind: "subscribed" }]);
  });

  it("keeps the newest state when updates arrive out of order", async () => {
    const { user, customerId } = await customer();
    const id = stripeId("sub");
    const t = Math.floor(Date.now() / 1000);
    const price = plans.standardMonthly.stripePriceId!;
    const created = stripeEvent("customer.subscription.created", stripeSubscription({ id, customer: customerId, price }), t);
    const cancelled = stripeEvent("customer.subscription.updated", stripeSubscription({ id, customer: customerId, price, cancelAtPeriodEnd: true }), t + 20);
    const olderUpdate = stripeEvent("customer.subscription.updated", stripeSubscription({ id, customer: customerId, price: plans.premiumMonthly.stripePriceId! }), t + 10);
    await deliver(created);
    await deliver(cancelled);
    expect((await deliver(olderUpdate)).body.outcome).toBe("applied"); // acknowledged...
    const row = await stored(id);
    // ...but it lost to the newer state: still Standard, still set to cancel.
    expect(row).toMatchObject({ cancelAtPeriodEnd: true, priceId: plans.standardMonthly.id, providerVersion: (t + 20) * 1000 });
    expect((await eventsOf(user.id)).map((e) => e.kind).sort()).toEqual(["cancel_scheduled", "subscribed"]);
  });

  it("a deleted subscription stays ended when an older update arrives after it", async () => {
    const { user, customerId } = await customer();
    const id = stripeId("sub");
    const t = Math.floor(Date.now() / 1000) - 100;
    const price = plans.premiumYearly.stripePriceId!;
    await deliver(stripeEvent("customer.subscription.created", stripeSubscription({ id, customer: customerId, price }), t));
    const deleted = stripeEvent("customer.subscription.deleted", stripeSubscription({ id, customer: customerId, price, status: "canceled", endedAt: t + 30, canceledAt: t + 30 }), t + 30);
    const lateUpdate = stripeEvent("customer.subscription.updated", stripeSubscription({ id, customer: customerId, price, status: "active" }), t + 15);
    await deliver(deleted);
    await deliver(lateUpdate);
    expect(await stored(id)).toMatchObject({ status: "canceled" });
    expect((await loadSubscriptionState(db, user.id)).isSubscribed).toBe(false);
    // Even a newer "active" never revives an ended subscription.
    await deliver(stripeEvent("customer.subscription.updated", stripeSubscription({ id, customer: customerId, price }), t + 60));
    expect(await stored(id)).toMatchObject({ status: "canceled" });
    expect((await eventsOf(user.id)).map((e) => e.kind).sort()).toEqual(["ended", "subscribed"]);
  });

  it("a deleted event arriving before the updates it follows still ends the subscription", async () => {
    const { user, customerId } = await customer();
    const id = stripeId("sub");
    const t = Math.floor(Date.now() / 1000) - 100;
    const price = plans.standardYearly.stripePriceId!;
    await deliver(stripeEvent("customer.subscription.deleted", stripeSubscription({ id, customer: customerId, price, status: "canceled", endedAt: t + 5 }), t + 5));
    await deliver(stripeEvent("customer.subscription.created", stripeSubscription({ id, customer: customerId, price }), t));
    await deliver(stripeEvent("customer.subscription.updated", stripeSubscription({ id, customer: customerId, price, cancelAtPeriodEnd: true }), t + 2));
    expect(await stored(id)).toMatchObject({ status: "canceled" });
    expect((await loadSubscriptionState(db, user.id)).isSubscribed).toBe(false);
  });

  it("within the same second, an incomplete state does not replace an active one", async () => {
    const { customerId } = await customer();
    const id = stripeId("sub");
    const t = Math.floor(Date.now() / 1000);
    const price = plans.standardMonthly.stripePriceId!;
    await deliver(stripeEvent("customer.subscription.updated", stripeSubscription({ id, customer: customerId, price, status: "active" }), t));
    await deliver(stripeEvent("customer.subscription.created", stripeSubscription({ id, customer: customerId, price, status: "incomplete" }), t));
    expect(await stored(id)).toMatchObject({ status: "active" });
  });

  it("acknowledges event types billing does not handle, changing nothing", async () => {
    const event = stripeEvent("customer.discount.created", { id: "di_1", object: "discount" });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
    const [row] = await db.select().from(billingEvents).where(eq(billingEvents.id, event.id));
    expect(row.status).toBe("ignored");
  });

  it("ignores a subscription of a customer this site does not know", async () => {
    const sub = stripeSubscription({ id: stripeId("sub"), customer: stripeId("cus"), price: plans.standardMonthly.stripePriceId! });
    expect((await deliver(stripeEvent("customer.subscription.created", sub))).body.outcome).toBe("ignored");
    expect(await stored(sub.id)).toBeNull();
  });

  it("links the user from metadata when the customer was created outside a checkout of ours", async () => {
    const user = await createTestUser(db);
    const sub = stripeSubscription({ id: stripeId("sub"), customer: stripeId("cus"), price: plans.standardMonthly.stripePriceId!, userId: user.id });
    expect((await deliver(stripeEvent("customer.subscription.created", sub))).body.outcome).toBe("applied");
    expect(await stored(sub.id)).toMatchObject({ userId: user.id });
  });

  it("keeps a subscription to a price this site does not know, without a plan", async () => {
    const { user, customerId } = await customer();
    const sub = stripeSubscription({ id: stripeId("sub"), customer: customerId, price: stripeId("price") });
    await deliver(stripeEvent("customer.subscription.created", sub));
    expect(await stored(sub.id)).toMatchObject({ userId: user.id, productId: null, priceId: null, status: "active" });
    expect(await loadSubscriptionState(db, user.id)).toMatchObject({ isSubscribed: true, permissions: [] });
  });

  it("completes the checkout session", async () => {
    const { user, customerId } = await customer();
    const sessionId = stripeId("cs");
    await db.insert(checkoutSessions).values({
      id: sessionId,
      provider: "stripe",
      userId: user.id,
      productId: plans.standard.product.id,
      priceId: plans.standardYearly.id,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const subscriptionId = stripeId("sub");
    const session = { id: sessionId, object: "checkout.session", mode: "subscription", customer: customerId, subscription: subscriptionId, client_reference_id: String(user.id), metadata: {} };
    expect((await deliver(stripeEvent("checkout.session.completed", session))).body.outcome).toBe("applied");
    const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(row).toMatchObject({ status: "complete", providerSubscriptionId: subscriptionId });
  });

  it("records invoices; a late payment failure does not undo a payment", async () => {
    const { user, customerId } = await customer();
    const subId = stripeId("sub");
    const invoiceId = stripeId("in");
    const t = Math.floor(Date.now() / 1000);
    // The invoice arrives before its subscription: linked once the subscription is known.
    await deliver(stripeEvent("invoice.paid", stripeInvoice({ id: invoiceId, customer: customerId, subscription: subId, status: "paid", amount: 800 }), t + 10));
    await deliver(stripeEvent("invoice.payment_failed", stripeInvoice({ id: invoiceId, customer: customerId, subscription: subId, status: "open", amount: 800 }), t + 5));
    await deliver(stripeEvent("customer.subscription.created", stripeSubscription({ id: subId, customer: customerId, price: plans.standardMonthly.stripePriceId! }), t));
    const [invoice] = await db.select().from(invoices).where(eq(invoices.providerInvoiceId, invoiceId));
    const sub = await stored(subId);
    expect(invoice).toMatchObject({ status: "paid", amountPaid: 800, paymentFailedAt: null, subscriptionId: sub!.id, userId: user.id });
    expect(invoice.hostedUrl).toBe(`https://invoice.stripe.com/i/${invoiceId}`);
    expect((await eventsOf(user.id)).map((e) => e.kind).sort()).toEqual(["renewed", "subscribed"]);
  });

  it("records a failed payment and the past-due subscription loses access", async () => {
    const { user, customerId } = await customer();
    const subId = stripeId("sub");
    const t = Math.floor(Date.now() / 1000);
    const price = plans.standardMonthly.stripePriceId!;
    await deliver(stripeEvent("customer.subscription.created", stripeSubscription({ id: subId, customer: customerId, price }), t));
    await deliver(stripeEvent("invoice.payment_failed", stripeInvoice({ id: stripeId("in"), customer: customerId, subscription: subId, status: "open", amount: 800 }), t + 1));
    await deliver(stripeEvent("customer.subscription.updated", stripeSubscription({ id: subId, customer: customerId, price, status: "past_due" }), t + 1));
    expect((await loadSubscriptionState(db, user.id)).isSubscribed).toBe(false);
    expect((await eventsOf(user.id)).map((e) => e.kind).sort()).toEqual(["payment_failed", "subscribed"]);
  });

  it("a crashed claim is taken over after its timeout, a live one is not", async () => {
    const { customerId } = await customer();
    const sub = stripeSubscription({ id: stripeId("sub"), customer: customerId, price: plans.standardMonthly.stripePriceId! });
    const event = stripeEvent("customer.subscription.created", sub);
    await db.insert(billingEvents).values({
      id: event.id,
      provider: "stripe",
      type: event.type,
      status: "processing",
      eventCreatedAt: event.created * 1000,
      receivedAt: new Date(),
    });
    expect((await deliver(event)).status).toBe(409);
    await db
      .update(billingEvents)
      .set({ receivedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(billingEvents.id, event.id));
    expect((await deliver(event)).body.outcome).toBe("applied");
    expect(await stored(sub.id)).not.toBeNull();
  });

  it("applies internal events directly (the local provider's path) with the same rules", async () => {
    const { user, customerId } = await customer();
    const id = stripeId("sub");
    const base = {
      subscriptionId: id,
      customerId,
      itemId: "si_1",
      priceRef: plans.premiumMonthly.stripePriceId!,
      status: "active" as const,
      cancelAtPeriodEnd: false,
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      trialEnd: null,
      canceledAt: null,
      endedAt: null,
      userIdHint: null,
    };
    const now = Date.now();
    expect(await applyBillingEvent(db, { id: stripeId("evt"), provider: "stripe", type: "t", createdMs: now, kind: "subscription.changed", subscription: base })).toEqual({ outcome: "applied" });
    await applyBillingEvent(db, { id: stripeId("evt"), provider: "stripe", type: "t", createdMs: now + 1, kind: "subscription.changed", subscription: { ...base, cancelAtPeriodEnd: true } });
    await applyBillingEvent(db, { id: stripeId("evt"), provider: "stripe", type: "t", createdMs: now + 2, kind: "subscription.changed", subscription: base });
    expect(await stored(id)).toMatchObject({ cancelAtPeriodEnd: false });
    expect((await eventsOf(user.id)).map((e) => e.kind).sort()).toEqual(["cancel_scheduled", "resumed", "subscribed"]);
  });
});
