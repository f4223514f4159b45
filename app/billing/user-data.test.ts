import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../../tests/support/fake-stripe";
import { openMigratedTestDatabase } from "../../tests/support/node-test-database";
import { billingCustomers, subscriptions } from "./tables";
import { StripeProvider } from "./stripe-provider.server";
import { statusRank } from "./subscription-rules";
import { createTestPlans, createTestUser, uniqueSuffix } from "../../tests/support/billing-fixtures";
import { cancelSubscriptionsForDeletion, exportBillingData, SubscriptionCancelError } from "./user-data.server";

/** Account deletion's billing step against a local fake Stripe over HTTP. */
let fake: FakeStripe;
let stripe: StripeProvider;
let database: Awaited<ReturnType<typeof openMigratedTestDatabase>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new StripeProvider({ secretKey: "sk_test_fake", webhookSecret: "whsec_fake", host: fake.host, port: fake.port, protocol: "http" });
  database = await openMigratedTestDatabase();
});
afterAll(async () => {
  await fake.close();
  database.close();
});

async function stripeSubscriber(status: "active" | "canceled" = "active") {
  const { db } = database;
  const plans = await createTestPlans(db, { stripeIds: true });
  const user = await createTestUser(db);
  const start = Math.floor(Date.now() / 1000) - 86400;
  const sub = {
    id: `sub_del${uniqueSuffix()}`,
    customer: `cus_del${user.id}`,
    itemId: `si_del${user.id}`,
    price: plans.standardMonthly.stripePriceId!,
    status,
    cancelAtPeriodEnd: false,
    periodStart: start,
    periodEnd: start + 30 * 86400,
  };
  fake.subscriptions.set(sub.id, sub);
  await db.insert(billingCustomers).values({ userId: user.id, provider: "stripe", customerId: sub.customer });
  await db.insert(subscriptions).values({
    userId: user.id,
    productId: plans.standard.product.id,
    priceId: plans.standardMonthly.id,
    provider: "stripe",
    providerSubscriptionId: sub.id,
    providerItemId: sub.itemId,
    providerCustomerId: sub.customer,
    providerPriceId: sub.price,
    status,
    statusRank: statusRank(status),
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(sub.periodEnd * 1000),
    providerVersion: (start - 10) * 1000,
  });
  return { user, sub };
}

describe("billing data of a deleted account", () => {
  it("cancels live Stripe subscriptions at once, without a final invoice or proration", async () => {
    const { user, sub } = await stripeSubscriber();
    fake.requests.length = 0;
    expect(await cancelSubscriptionsForDeletion(database.db, stripe, user.id)).toEqual({ cancelled: 1 });
    const [request] = fake.requests.filter((r) => r.method === "DELETE");
    expect(request.path).toBe(`/v1/subscriptions/${sub.id}`);
    expect(request.query.get("invoice_now")).toBe("false");
    expect(request.query.get("prorate")).toBe("false");
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id));
    expect(row.status).toBe("canceled");
    // Nothing left to cancel: a second run asks Stripe nothing.
    fake.requests.length = 0;
    expect(await cancelSubscriptionsForDeletion(database.db, stripe, user.id)).toEqual({ cancelled: 0 });
    expect(fake.requests).toHaveLength(0);
    const exported = await exportBillingData(database.db, user.id);
    expect(exported.subscriptions).toEqual([expect.objectContaining({ status: "canceled", provider: "stripe" })]);
  });

  it("refuses when the subscription's provider is not available, or Stripe fails", async () => {
    const { user } = await stripeSubscriber();
    await expect(cancelSubscriptionsForDeletion(database.db, null, user.id)).rejects.toBeInstanceOf(SubscriptionCancelError);
    const missing = await stripeSubscriber();
    fake.subscriptions.delete(missing.sub.id);
    await expect(cancelSubscriptionsForDeletion(database.db, stripe, missing.user.id)).rejects.toBeInstanceOf(SubscriptionCancelError);
  });
});
