import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { permissions } from "~/auth/roles.tables";
import { checkoutOutcome, confirmPlanChange, billingPortalUrl, loadBillingOverview, previewPlanChange, setSubscriptionCancellation, startCheckout } from "./account.server";
import { startFakeStripe, type FakeStripe } from "../../tests/support/fake-stripe";
import { openMigratedTestDatabase } from "../../tests/support/node-test-database";
import { savePlan, syncPlanWithStripe } from "./plans.server";
import { billingCustomers, prices, products, subscriptions } from "./tables";
import { stripeEvent, stripeSubscription } from "../../tests/support/stripe-fixtures";
import { StripeProvider, WebhookSignatureError } from "./stripe-provider.server";
import { createTestPlans, createTestUser } from "../../tests/support/billing-fixtures";

/**
 * The Stripe provider against a local fake Stripe over HTTP: the SDK (fetch
 * client, as on Workers) is pointed at it by host, port and protocol, and the
 * tests check the requests Stripe would receive.
 */

const SECRET = "sk_test_fake_key";
const WEBHOOK_SECRET = "whsec_fake";
const ORIGIN = "https://films.example";

let fake: FakeStripe;
let stripe: StripeProvider;
let database: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
let plans: Awaited<ReturnType<typeof createTestPlans>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new StripeProvider({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET, host: fake.host, port: fake.port, protocol: "http" });
  // One database for the file; every test makes its own users and plans.
  database = await openMigratedTestDatabase();
  await database.db.insert(permissions).values({ name: "titles.view", displayName: "View titles", group: "titles" });
});
afterAll(async () => {
  await fake.close();
  database.close();
});
beforeEach(async () => {
  plans = await createTestPlans(database.db);
  fake.requests.length = 0;
});

const posts = (path: string | RegExp) => fake.requests.filter((r) => r.method === "POST" && (typeof path === "string" ? r.path === path : path.test(r.path)));

/** A user subscribed at Stripe (the fake knows the subscription) to Standard monthly. */
async function subscribedUser() {
  const { db } = database;
  await syncPlanWithStripe(db, stripe, plans.standard.product.id);
  await syncPlanWithStripe(db, stripe, plans.premium.product.id);
  const [standardMonthly] = await db.select().from(prices).where(eq(prices.id, plans.standardMonthly.id));
  const user = await createTestUser(db);
  const customerId = `cus_existing${user.id}`;
  await db.insert(billingCustomers).values({ userId: user.id, provider: "stripe", customerId });
  const start = Math.floor(Date.now() / 1000) - 15 * 86400;
  const sub = {
    id: `sub_existing${user.id}`,
    customer: customerId,
    itemId: `si_existing${user.id}`,
    price: standardMonthly.stripePriceId!,
    status: "active",
    cancelAtPeriodEnd: false,
    periodStart: start,
    periodEnd: start + 30 * 86400,
  };
  fake.subscriptions.set(sub.id, sub);
  await db.insert(subscriptions).values({
    userId: user.id,
    productId: plans.standard.product.id,
    priceId: standardMonthly.id,
    provider: "stripe",
    providerSubscriptionId: sub.id,
    providerItemId: sub.itemId,
    providerCustomerId: customerId,
    providerPriceId: sub.price,
    status: "active",
    statusRank: 1,
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(sub.periodEnd * 1000),
    providerVersion: 1,
  });
  fake.requests.length = 0;
  return { user, customerId, sub };
}

describe("Stripe checkout", () => {
  it("syncs the plan, creates the customer once and starts a subscription checkout", async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const result = await startCheckout(db, stripe, { user, productId: plans.standard.product.id, priceId: plans.standardYearly.id, origin: ORIGIN });
    expect(result).toMatchObject({ kind: "redirect", url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/) });

    // Every request is authenticated, versioned and sent to the configured host.
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
      expect(request.headers["stripe-version"]).toBe(Stripe.API_VERSION);
    }
    // The plan's product and both prices are created at Stripe, with our ids in metadata.
    const [product] = posts("/v1/products");
    expect(product.form).toMatchObject({ name: plans.standard.product.name, active: "true", "metadata[product_id]": String(plans.standard.product.id) });
    expect(product.headers["idempotency-key"]).toBe(`product-${plans.standard.product.id}`);
    expect(posts("/v1/prices").map((r) => r.form)).toEqual([
      expect.objectContaining({ unit_amount: "800", currency: "usd", "recurring[interval]": "month", "recurring[interval_count]": "1" }),
      expect.objectContaining({ unit_amount: "8000", currency: "usd", "recurring[interval]": "year", "recurring[interval_count]": "1" }),
    ]);
    const [yearly] = await db.select().from(prices).where(eq(prices.id, plans.standardYearly.id));
    expect(yearly.stripePriceId).toMatch(/^price_fake/);

    const [customer] = posts("/v1/customers");
    expect(customer.form).toMatchObject({ email: user.email, "metadata[user_id]": String(user.id) });
    expect(customer.headers["idempotency-key"]).toBe(`customer-user-${user.id}`);

    const [session] = posts("/v1/checkout/sessions");
    expect(session.form).toMatchObject({
      mode: "subscription",
      customer: expect.stringMatching(/^cus_fake/),
      client_reference_id: String(user.id),
      "line_items[0][price]": yearly.stripePriceId,
      "line_items[0][quantity]": "1",
      success_url: `${ORIGIN}/checkout/${plans.standard.product.id}/${plans.standardYearly.id}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/checkout/${plans.standard.product.id}/${plans.standardYearly.id}/cancel`,
      "subscription_data[metadata][user_id]": String(user.id),
      "subscription_data[metadata][price_id]": String(plans.standardYearly.id),
    });
  });

  it("reuses the open session on a reload and the customer on a later checkout", async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const input = { user, productId: plans.standard.product.id, priceId: plans.standardYearly.id, origin: ORIGIN };
    const first = await startCheckout(db, stripe, input);
    fake.requests.length = 0;
    expect(await startCheckout(db, stripe, input)).toEqual(first);
    expect(fake.requests).toEqual([]);

    await startCheckout(db, stripe, { ...input, productId: plans.premium.product.id, priceId: plans.premiumMonthly.id });
    expect(posts("/v1/customers")).toEqual([]);
    expect(posts("/v1/checkout/sessions")[0].form.customer).toBe(posts("/v1/checkout/sessions")[0].form.customer);
    expect(await db.select().from(billingCustomers).where(eq(billingCustomers.userId, user.id))).toHaveLength(1);
  });

  it("the success page fills in the subscription when the user is back before the webhook; the webhook then takes over", async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const started = await startCheckout(db, stripe, { user, productId: plans.premium.product.id, priceId: plans.premiumYearly.id, origin: ORIGIN });
    const sessionId = started.kind === "redirect" ? started.url.split("/").pop()! : "";
    // Not paid yet: nothing to fill in.
    expect(await checkoutOutcome(db, stripe, user.id, sessionId)).toMatchObject({ subscribed: false, sessionComplete: false });
    const paid = fake.completeCheckout(sessionId);
    const outcome = await checkoutOutcome(db, stripe, user.id, sessionId);
    expect(outcome).toMatchObject({ subscribed: true, planName: plans.premium.product.name, sessionComplete: true });
    const retrieve = fake.requests.find((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${sessionId}`)!;
    expect(retrieve.query.getAll("expand[0]")).toEqual(["subscription"]);
    // The webhook's state (here: set to cancel) replaces the filled-in one.
    const { applyBillingEvent } = await import("./apply-event.server");
    await applyBillingEvent(db, {
      id: `evt_${paid.id}`,
      provider: "stripe",
      type: "customer.subscription.updated",
      createdMs: Date.now(),
      kind: "subscription.changed",
      subscription: {
        subscriptionId: paid.id,
        customerId: paid.customer,
        itemId: paid.itemId,
        priceRef: paid.price,
        status: "active",
        cancelAtPeriodEnd: true,
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
        trialEnd: null,
        canceledAt: null,
        endedAt: null,
        userIdHint: null,
      },
    });
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, paid.id));
    expect(row.cancelAtPeriodEnd).toBe(true);
    // Asking again does not call Stripe: the session is complete.
    fake.requests.length = 0;
    await checkoutOutcome(db, stripe, user.id, sessionId);
    expect(fake.requests).toEqual([]);
  });

  it("refuses unknown, hidden, free and mismatched plans without calling Stripe", async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const attempt = (productId: number, priceId: number) => startCheckout(db, stripe, { user, productId, priceId, origin: ORIGIN });
    expect(await attempt(999_999, plans.standardMonthly.id)).toEqual({ kind: "problem", notice: { message: "This plan does not exist." } });
    expect(await attempt(plans.hidden.product.id, plans.hidden.prices[0].id)).toEqual({ kind: "problem", notice: { message: "This plan is no longer offered." } });
    expect(await attempt(plans.standard.product.id, plans.premiumMonthly.id)).toEqual({ kind: "problem", notice: { message: "This price belongs to another plan." } });
    expect(await attempt(plans.standard.product.id, 999_999)).toEqual({ kind: "problem", notice: { message: "This price does not exist." } });
    expect(await attempt(plans.free.product.id, plans.free.prices[0].id)).toMatchObject({ kind: "elsewhere", to: "/pricing" });
    expect(fake.requests).toEqual([]);
  });

  it("sends a subscriber to /billing or to the plan change instead of a second checkout", async () => {
    const { db } = database;
    const { user } = await subscribedUser();
    expect(await startCheckout(db, stripe, { user, productId: plans.standard.product.id, priceId: plans.standardMonthly.id, origin: ORIGIN })).toMatchObject({
      kind: "elsewhere",
      to: "/billing",
      notice: { message: "You are already subscribed to this plan." },
    });
    expect(await startCheckout(db, stripe, { user, productId: plans.premium.product.id, priceId: plans.premiumYearly.id, origin: ORIGIN })).toMatchObject({
      kind: "elsewhere",
      to: `/change-plan/${plans.premium.product.id}/${plans.premiumYearly.id}/confirm`,
    });
    expect(posts("/v1/checkout/sessions")).toEqual([]);
  });
});

describe("Stripe plan changes", () => {
  it("previews the proration for the new price", async () => {
    const { db } = database;
    const { user, sub } = await subscribedUser();
    const result = await previewPlanChange(db, stripe, { userId: user.id, productId: plans.premium.product.id, priceId: plans.premiumMonthly.id });
    expect(result.kind).toBe("preview");
    if (result.kind !== "preview") return;
    expect(result.preview).toMatchObject({ amountDue: 450, total: 450, currency: "usd" });
    expect(result.preview!.lines.map((l) => l.amount)).toEqual([-400, 850]);
    const [request] = posts("/v1/invoices/create_preview");
    const [premiumMonthly] = await db.select().from(prices).where(eq(prices.id, plans.premiumMonthly.id));
    expect(request.form).toMatchObject({
      customer: sub.customer,
      subscription: sub.id,
      "subscription_details[items][0][id]": sub.itemId,
      "subscription_details[items][0][price]": premiumMonthly.stripePriceId,
      "subscription_details[proration_behavior]": "always_invoice",
      "subscription_details[proration_date]": String(result.preview!.prorationDate.getTime() / 1000),
    });
  });

  it("swaps the price with the previewed proration date and stores the new plan", async () => {
    const { db } = database;
    const { user, sub } = await subscribedUser();
    const prorationDate = new Date(Math.floor(Date.now() / 1000) * 1000);
    const result = await confirmPlanChange(db, stripe, { userId: user.id, productId: plans.premium.product.id, priceId: plans.premiumMonthly.id, prorationDate });
    expect(result).toMatchObject({ kind: "changed" });
    const [update] = posts(`/v1/subscriptions/${sub.id}`);
    expect(update.form).toMatchObject({
      "items[0][id]": sub.itemId,
      proration_behavior: "always_invoice",
      proration_date: String(prorationDate.getTime() / 1000),
      payment_behavior: "pending_if_incomplete",
    });
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
    expect(row.priceId).toBe(plans.premiumMonthly.id);
    expect(row.productId).toBe(plans.premium.product.id);
  });

  it("changes nothing when the payment for the change is declined", async () => {
    const { db } = database;
    const { user, sub } = await subscribedUser();
    fake.declineNextUpdate = true;
    const result = await confirmPlanChange(db, stripe, { userId: user.id, productId: plans.premium.product.id, priceId: plans.premiumMonthly.id, prorationDate: null });
    expect(result).toMatchObject({ kind: "declined" });
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
    expect(row.priceId).toBe(plans.standardMonthly.id);
  });

  it("cancels at period end and resumes", async () => {
    const { db } = database;
    const { user, sub } = await subscribedUser();
    expect(await setSubscriptionCancellation(db, stripe, { userId: user.id, cancel: true })).toMatchObject({ kind: "done" });
    expect(posts(`/v1/subscriptions/${sub.id}`)[0].form).toEqual({ cancel_at_period_end: "true" });
    let [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
    expect(row.cancelAtPeriodEnd).toBe(true);
    expect(await setSubscriptionCancellation(db, stripe, { userId: user.id, cancel: true })).toMatchObject({ kind: "problem" });

    expect(await setSubscriptionCancellation(db, stripe, { userId: user.id, cancel: false })).toMatchObject({ kind: "done" });
    expect(posts(`/v1/subscriptions/${sub.id}`)[1].form).toEqual({ cancel_at_period_end: "false" });
    [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
    expect(row.cancelAtPeriodEnd).toBe(false);
  });

  it("moving to the free plan cancels at period end", async () => {
    const { db } = database;
    const { user, sub } = await subscribedUser();
    const preview = await previewPlanChange(db, stripe, { userId: user.id, productId: plans.free.product.id, priceId: plans.free.prices[0].id });
    expect(preview).toMatchObject({ kind: "preview", toFree: true, preview: null });
    await confirmPlanChange(db, stripe, { userId: user.id, productId: plans.free.product.id, priceId: plans.free.prices[0].id, prorationDate: null });
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
    expect(row.cancelAtPeriodEnd).toBe(true);
  });
});

describe("Stripe billing portal and card", () => {
  it("opens the billing portal for the user's customer", async () => {
    const { db } = database;
    const { user, customerId } = await subscribedUser();
    const result = await billingPortalUrl(db, stripe, { userId: user.id, returnUrl: `${ORIGIN}/billing?portal=return` });
    expect(result).toMatchObject({ kind: "redirect", url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//) });
    expect(posts("/v1/billing_portal/sessions")[0].form).toEqual({ customer: customerId, return_url: `${ORIGIN}/billing?portal=return` });
  });

  it("reads the default card when the billing page has none stored yet", async () => {
    const { db } = database;
    const { user, customerId } = await subscribedUser();
    fake.cards.set(customerId, { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 });
    const overview = await loadBillingOverview(db, stripe, { userId: user.id });
    expect(overview.card).toEqual({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 });
    const get = fake.requests.find((r) => r.method === "GET" && r.path === `/v1/customers/${customerId}`)!;
    expect(get.query.getAll("expand[0]")).toEqual(["invoice_settings.default_payment_method"]);
    // Stored: the next view asks Stripe nothing.
    fake.requests.length = 0;
    await loadBillingOverview(db, stripe, { userId: user.id });
    expect(fake.requests).toEqual([]);
  });
});

describe("plans kept in step with Stripe", () => {
  it("updates the product, archives a replaced price and creates its successor, never duplicating", async () => {
    const { db } = database;
    await syncPlanWithStripe(db, stripe, plans.standard.product.id);
    const [before] = await db.select().from(prices).where(eq(prices.id, plans.standardMonthly.id));
    fake.requests.length = 0;

    const saved = await savePlan(
      db,
      {
        name: "Standard plus",
        description: "More of everything",
        prices: [
          { id: plans.standardMonthly.id, amount: 900, currency: "USD", interval: "month", intervalCount: 1 },
          { id: plans.standardYearly.id, amount: 8000, currency: "usd", interval: "year", intervalCount: 1 },
        ],
        permissions: [{ name: "titles.view", restrictions: [] }],
      },
      plans.standard.product.id,
    );
    expect(saved).toEqual({ ok: true, productId: plans.standard.product.id });
    await syncPlanWithStripe(db, stripe, plans.standard.product.id);

    const [productUpdate] = posts(/^\/v1\/products\/prod_/);
    expect(productUpdate.form).toMatchObject({ name: "Standard plus", description: "More of everything", active: "true" });
    expect(posts(`/v1/prices/${before.stripePriceId}`)[0].form).toEqual({ active: "false" });
    expect(posts("/v1/prices").map((r) => r.form.unit_amount)).toEqual(["900"]);

    const rows = await db.select().from(prices).where(eq(prices.productId, plans.standard.product.id));
    expect(rows.map((p) => [p.amount, p.archived, Boolean(p.stripePriceId)]).sort()).toEqual([
      [800, true, true],
      [8000, false, true],
      [900, false, true],
    ]);
    // A second sync creates nothing new.
    fake.requests.length = 0;
    await syncPlanWithStripe(db, stripe, plans.standard.product.id);
    expect(posts("/v1/prices")).toEqual([]);
    expect(posts("/v1/products")).toEqual([]);
  });

  it("refuses invalid plans with field messages and leaves the plan as it was", async () => {
    const { db } = database;
    const result = await savePlan(
      db,
      { name: "", free: false, prices: [{ amount: 0, currency: "dollars", interval: "month", intervalCount: 40 }], permissions: [{ name: "no.such.permission" }] },
      plans.standard.product.id,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["name", "prices.0.amount", "prices.0.currency", "prices.0.intervalCount"]);
    const [product] = await db.select().from(products).where(eq(products.id, plans.standard.product.id));
    expect(product.name).toBe(plans.standard.product.name);
  });

  it("does not send free plans to Stripe", async () => {
    const { db } = database;
    expect(await syncPlanWithStripe(db, stripe, plans.free.product.id)).toEqual({ product: null, createdPrices: 0 });
    expect(fake.requests).toEqual([]);
  });
});

describe("Stripe webhook signatures (Node)", () => {
  const signer = new Stripe("sk_test_unused");

  it("verifies a payload signed with generateTestHeaderString and translates it", async () => {
    const payload = JSON.stringify(stripeEvent("customer.subscription.updated", stripeSubscription({ id: "sub_1", customer: "cus_1", price: "price_1", cancelAtPeriodEnd: true })));
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const event = await stripe.parseWebhook(payload, header);
    expect(event).toMatchObject({ kind: "subscription.changed", subscription: { subscriptionId: "sub_1", cancelAtPeriodEnd: true, priceRef: "price_1" } });
  });

  it("rejects a tampered payload and an old timestamp", async () => {
    const payload = JSON.stringify(stripeEvent("invoice.paid", { id: "in_1" }));
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    await expect(stripe.parseWebhook(payload.replace("in_1", "in_2"), header)).rejects.toBeInstanceOf(WebhookSignatureError);
    const old = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 });
    await expect(stripe.parseWebhook(payload, old)).rejects.toThrow(/tolerance/i);
  });
});
