import { and, asc, eq, sql } from "drizzle-orm";
import { runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import { log } from "~/log/log.server";
import { billingEnv, stripeConfigFrom } from "./payment-provider.server";
import { syncPlanWithStripe } from "./plans.server";
import { prices, products, subscriptions } from "./tables";
import { StripeProvider } from "./stripe-provider.server";

/**
 * Plans in the admin area, around savePlan and syncPlanWithStripe: the
 * editor's view of a plan, Stripe sync when Stripe is configured, and
 * deleting a plan nobody ever subscribed to.
 */

export async function loadPlanForEditor(db: Database, productId: number) {
  const [[product], priceRows] = await db.batch([
    db.select().from(products).where(eq(products.id, productId)),
    db
      .select()
      .from(prices)
      .where(and(eq(prices.productId, productId), eq(prices.archived, false)))
      .orderBy(asc(prices.id)),
  ]);
  return product ? { product, prices: priceRows } : null;
}

/** Whether plans are kept in step with Stripe on this deployment. */
export function stripeSyncEnabled(env: Env) {
  return stripeConfigFrom(billingEnv(env)) !== null;
}

/**
 * Pushes a saved plan to Stripe when Stripe is configured. The plan is
 * already saved: a Stripe failure is reported, not thrown, and the next
 * save (or the first checkout, through ensureStripePrice) tries again.
 */
export async function syncPlanIfConfigured(env: Env, db: Database, productId: number): Promise<{ synced: boolean; error: string | null }> {
  const config = stripeConfigFrom(billingEnv(env));
  if (!config) return { synced: false, error: null };
  try {
    await syncPlanWithStripe(db, new StripeProvider(config), productId);
    return { synced: true, error: null };
  } catch (error) {
    log("error", "plan sync with Stripe failed", { productId, error: String(error) });
    return { synced: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Deletes a plan and its prices. Refused while any subscription (even an
 * ended one, for its invoices and history) points at it: hide it instead.
 * At Stripe the product is deactivated first.
 */
export async function deletePlan(env: Env, db: Database, productId: number, record?: ChangeRecorder): Promise<{ ok: true } | { ok: false; message: string; notFound?: true }> {
  const [[product], [used]] = await db.batch([
    db.select().from(products).where(eq(products.id, productId)),
    db.select({ n: sql<number>`count(*)` }).from(subscriptions).where(eq(subscriptions.productId, productId)),
  ]);
  if (!product) return { ok: false, message: "This plan does not exist.", notFound: true };
  if (Number(used?.n ?? 0) > 0) return { ok: false, message: "This plan has subscriptions. Hide it instead, so nobody new can choose it." };
  const config = stripeConfigFrom(billingEnv(env));
  if (config && product.stripeProductId) {
    const stripe = new StripeProvider(config);
    await stripe.updateProduct(product.stripeProductId, { ...product, hidden: true });
    const priceRows = await db.select().from(prices).where(eq(prices.productId, productId));
    for (const price of priceRows) if (price.stripePriceId && !price.archived) await stripe.archivePrice(price.stripePriceId);
  }
  const statements: Statement[] = [db.delete(products).where(eq(products.id, productId))];
  if (record) statements.push(record({ subjectId: productId, label: product.name, before: { name: product.name, free: product.free, hidden: product.hidden }, after: null }));
  await runBatch(db, statements);
  return { ok: true };
}
