import { users } from "~/auth/users.tables";
import type { Database } from "~/db/client.server";
import { billingCustomers, prices, products, type PaymentProviderName } from "~/billing/tables";

/**
 * Fixtures shared by billing's tests (unit tests on libSQL, workers tests on
 * D1): a user, and a free plan plus two paid plans with monthly and yearly
 * prices. Names carry a random suffix so test files never collide.
 */

export function uniqueSuffix() {
  return crypto.randomUUID().slice(0, 8);
}

export async function createTestUser(db: Database, email = `user-${uniqueSuffix()}@example.com`) {
  const [user] = await db.insert(users).values({ email, password: null, emailVerifiedAt: new Date() }).returning({ id: users.id, email: users.email });
  return { id: user.id, email: user.email, displayName: email.split("@")[0] };
}

export async function createTestPlans(db: Database, options: { stripeIds?: boolean } = {}) {
  const suffix = uniqueSuffix();
  const plan = async (name: string, fields: Partial<typeof products.$inferInsert>, list: Omit<typeof prices.$inferInsert, "productId">[]) => {
    const [product] = await db
      .insert(products)
      .values({ name: `${name} ${suffix}`, ...fields })
      .returning();
    const rows = await db
      .insert(prices)
      .values(list.map((price, i) => ({ ...price, productId: product.id, stripePriceId: options.stripeIds ? `price_${name.toLowerCase()}_${i}_${suffix}` : null })))
      .returning();
    return { product, prices: rows };
  };
  const free = await plan("Free", { free: true, position: 0 }, [{ amount: 0, currency: "usd", interval: "month", intervalCount: 1 }]);
  const standard = await plan("Standard", { position: 1, permissions: [{ name: "titles.view", restrictions: [] }] }, [
    { amount: 800, currency: "usd", interval: "month", intervalCount: 1 },
    { amount: 8000, currency: "usd", interval: "year", intervalCount: 1 },
  ]);
  const premium = await plan(
    "Premium",
    {
      position: 2,
      recommended: true,
      permissions: [
        { name: "titles.view", restrictions: [] },
        { name: "api.access", restrictions: [] },
      ],
    },
    [
      { amount: 1500, currency: "usd", interval: "month", intervalCount: 1 },
      { amount: 12000, currency: "usd", interval: "year", intervalCount: 1 },
    ],
  );
  const hidden = await plan("Legacy", { position: 3, hidden: true }, [{ amount: 500, currency: "usd", interval: "month", intervalCount: 1 }]);
  return {
    suffix,
    free,
    standard,
    premium,
    hidden,
    standardMonthly: standard.prices[0],
    standardYearly: standard.prices[1],
    premiumMonthly: premium.prices[0],
    premiumYearly: premium.prices[1],
  };
}

export async function linkCustomer(db: Database, userId: number, provider: PaymentProviderName, customerId: string) {
  await db.insert(billingCustomers).values({ userId, provider, customerId });
}
