import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { permissions as permissionsTable } from "~/auth/roles.tables";
import type { ChangeRecorder } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import { approximatePeriodDays } from "./intervals";
import type { ProviderPrice } from "./provider";
import { BILLING_INTERVALS, prices, products, type BillingInterval, type PlanPermission, type Price, type Product } from "./tables";
import type { StripeProvider } from "./stripe-provider.server";

/** A plan as the pricing page and the API show it. */
export interface PlanView {
  id: number;
  name: string;
  description: string;
  hidden: boolean;
  recommended: boolean;
  free: boolean;
  featureList: string[];
  prices: PriceView[];
}

export interface PriceView {
  id: number;
  productId: number;
  amount: number;
  currency: string;
  interval: BillingInterval;
  intervalCount: number;
}

function byPeriod(a: PriceView, b: PriceView) {
  return approximatePeriodDays(a) - approximatePeriodDays(b) || a.id - b.id;
}

/**
 * The offered plans in page order, each with its offered prices from the
 * shortest period to the longest (so "monthly" finds the 1-month price
 * before a 12-month one). Two statements, one round trip.
 */
export async function listPlans(db: Database, { includeHidden = false } = {}): Promise<PlanView[]> {
  const visible = includeHidden ? undefined : eq(products.hidden, false);
  const [planRows, priceRows] = await db.batch([
    db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        hidden: products.hidden,
        recommended: products.recommended,
        free: products.free,
        featureList: products.featureList,
      })
      .from(products)
      .where(visible)
      .orderBy(asc(products.position), asc(products.id)),
    db
      .select({
        id: prices.id,
        productId: prices.productId,
        amount: prices.amount,
        currency: prices.currency,
        interval: prices.interval,
        intervalCount: prices.intervalCount,
      })
      .from(prices)
      .innerJoin(products, eq(products.id, prices.productId))
      .where(and(eq(prices.archived, false), visible)),
  ]);
  const byProduct = new Map<number, PriceView[]>();
  for (const price of priceRows) {
    const list = byProduct.get(price.productId) ?? [];
    list.push(price);
    byProduct.set(price.productId, list);
  }
  return planRows.map((plan) => ({ ...plan, prices: (byProduct.get(plan.id) ?? []).sort(byPeriod) }));
}

export type PlanPriceProblem = "unknown_plan" | "hidden_plan" | "free_plan" | "unknown_price" | "price_of_other_plan" | "archived_price";

/**
 * The plan and price a checkout or plan change names, checked: both exist,
 * the price belongs to the plan, neither is withdrawn. Free plans are
 * reported as such (they are never checked out) unless `allowFree` (a
 * subscriber moving to the free plan).
 */
export async function findPlanPrice(
  db: Database,
  productId: number,
  priceId: number,
  { allowFree = false } = {},
): Promise<{ ok: true; product: Product; price: Price } | { ok: false; problem: PlanPriceProblem }> {
  const [[product], [price]] = await db.batch([db.select().from(products).where(eq(products.id, productId)), db.select().from(prices).where(eq(prices.id, priceId))]);
  if (!product) return { ok: false, problem: "unknown_plan" };
  if (product.hidden) return { ok: false, problem: "hidden_plan" };
  if (!price) return { ok: false, problem: "unknown_price" };
  if (price.productId !== product.id) return { ok: false, problem: "price_of_other_plan" };
  if (price.archived) return { ok: false, problem: "archived_price" };
  if (product.free && !allowFree) return { ok: false, problem: "free_plan" };
  return { ok: true, product, price };
}

export function providerPrice(product: Pick<Product, "id" | "name">, price: Price): ProviderPrice {
  return {
    priceId: price.id,
    productId: product.id,
    planName: product.name,
    providerPriceId: price.stripePriceId,
    amount: price.amount,
    currency: price.currency,
    interval: price.interval,
    intervalCount: price.intervalCount,
  };
}

// --- Plans from the admin area, kept in step with Stripe -----------------------------------

/** Stripe allows billing periods of up to three years. */
const MAX_INTERVAL_COUNT: Record<BillingInterval, number> = { day: 1095, month: 36, year: 3 };

export const planPriceInputSchema = z
  .object({
    /** An existing price to keep; omitted for a new price. */
    id: z.number().int().positive().optional(),
    amount: z.number().int().min(0).max(99_999_999),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "Use a three-letter currency code such as USD.")
      .transform((c) => c.toLowerCase()),
    interval: z.enum(BILLING_INTERVALS),
    intervalCount: z.number().int().min(1),
  })
  .refine((p) => p.intervalCount <= MAX_INTERVAL_COUNT[p.interval], {
    message: "Billing periods can be at most three years.",
    path: ["intervalCount"],
  });

export const planInputSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(500).default(""),
    position: z.number().int().min(0).max(10_000).default(0),
    hidden: z.boolean().default(false),
    recommended: z.boolean().default(false),
    free: z.boolean().default(false),
    featureList: z.array(z.string().trim().min(1).max(160)).max(20).default([]),
    permissions: z
      .array(
        z.object({
          name: z.string().min(1).max(100),
          restrictions: z
            .array(z.object({ name: z.string().min(1).max(60), value: z.number().int().min(0) }))
            .max(10)
            .default([]),
        }),
      )
      .max(100)
      .default([]),
    prices: z.array(planPriceInputSchema).min(1, "A plan needs at least one price.").max(10),
  })
  .superRefine((plan, ctx) => {
    plan.prices.forEach((price, i) => {
      if (plan.free && price.amount !== 0) ctx.addIssue({ code: "custom", message: "A free plan's prices must be 0.", path: ["prices", i, "amount"] });
      if (!plan.free && price.amount === 0) ctx.addIssue({ code: "custom", message: "A paid plan's price must be more than 0.", path: ["prices", i, "amount"] });
    });
  });
export type PlanInput = z.input<typeof planInputSchema>;

/**
 * Creates or updates a plan and its prices. Prices are immutable once they
 * exist (subscriptions and Stripe refer to them): a price whose amount,
 * currency or period changed is archived and a new one takes its place; a
 * price left out is archived. Everything is written in one batch. With
 * Stripe configured, the plan is then synced (syncPlanWithStripe).
 */
export async function savePlan(
  db: Database,
  input: PlanInput,
  productId?: number,
  /** Records the change in the same batch (the admin area's audit log). */
  record?: ChangeRecorder,
): Promise<{ ok: true; productId: number } | { ok: false; errors: Record<string, string[]> }> {
  const parsed = planInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
    return { ok: false, errors };
  }
  const plan = parsed.data;
  const known = plan.permissions.length
    ? await db
        .select({ name: permissionsTable.name })
        .from(permissionsTable)
        .where(
          inArray(
            permissionsTable.name,
            plan.permissions.map((p) => p.name),
          ),
        )
    : [];
  const unknown = plan.permissions.filter((p) => !known.some((k) => k.name === p.name)).map((p) => p.name);
  if (unknown.length) return { ok: false, errors: { permissions: [`Unknown permissions: ${unknown.join(", ")}`] } };

  const fields = {
    name: plan.name,
    description: plan.description,
    position: plan.position,
    hidden: plan.hidden,
    recommended: plan.recommended,
    free: plan.free,
    featureList: plan.featureList,
    permissions: plan.permissions as PlanPermission[],
  };
  if (productId === undefined) {
    const [created] = await db.insert(products).values(fields).returning({ id: products.id });
    try {
      const statements: BatchItem<"sqlite">[] = [db.insert(prices).values(plan.prices.map(({ id: _id, ...price }) => ({ ...price, productId: created.id })))];
      if (record) statements.push(record({ subjectId: created.id, label: plan.name, before: null, after: { ...fields, prices: plan.prices } }));
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    } catch (error) {
      // No plan without its prices (D1 has no transaction spanning the returned id).
      await db.delete(products).where(eq(products.id, created.id));
      throw error;
    }
    return { ok: true, productId: created.id };
  }

  const existing = await db.select().from(prices).where(eq(prices.productId, productId));
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(products)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(products.id, productId)),
  ];
  const kept = new Set<number>();
  const added: typeof plan.prices = [];
  for (const price of plan.prices) {
    const current = price.id ? existing.find((p) => p.id === price.id && !p.archived) : undefined;
    const unchanged = current && current.amount === price.amount && current.currency === price.currency && current.interval === price.interval && current.intervalCount === price.intervalCount;
    if (unchanged) kept.add(current.id);
    else added.push(price);
  }
  const toArchive = existing.filter((p) => !p.archived && !kept.has(p.id)).map((p) => p.id);
  if (toArchive.length) statements.push(db.update(prices).set({ archived: true }).where(inArray(prices.id, toArchive)));
  if (added.length) statements.push(db.insert(prices).values(added.map(({ id: _id, ...price }) => ({ ...price, productId }))));
  if (record) {
    statements.push(
      record({
        subjectId: productId,
        label: plan.name,
        before: { prices: existing.filter((p) => !p.archived).map(({ id, amount, currency, interval, intervalCount }) => ({ id, amount, currency, interval, intervalCount })) },
        after: { ...fields, prices: plan.prices },
      }),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { ok: true, productId };
}

/**
 * Makes Stripe match a plan: the product is created once (its id stored) and
 * updated after that; each offered price gets a Stripe price once; archived
 * prices are deactivated at Stripe. Ids are written only where still empty,
 * and requests carry idempotency keys, so two syncs racing never create
 * duplicates. Free plans are not sent to Stripe (they are never checked out).
 */
export async function syncPlanWithStripe(db: Database, stripe: StripeProvider, productId: number) {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product || product.free) return { product: null, createdPrices: 0 };
  let stripeProductId = product.stripeProductId;
  if (stripeProductId) {
    await stripe.updateProduct(stripeProductId, product);
  } else {
    const created = await stripe.createProduct(product);
    await db
      .update(products)
      .set({ stripeProductId: created })
      .where(and(eq(products.id, product.id), isNull(products.stripeProductId)));
    [{ stripeProductId }] = await db.select({ stripeProductId: products.stripeProductId }).from(products).where(eq(products.id, product.id));
  }
  const rows = await db.select().from(prices).where(eq(prices.productId, product.id));
  let createdPrices = 0;
  for (const price of rows) {
    if (price.archived) {
      if (price.stripePriceId) await stripe.archivePrice(price.stripePriceId);
      continue;
    }
    if (price.stripePriceId) continue;
    const created = await stripe.createPrice(stripeProductId!, price);
    await db
      .update(prices)
      .set({ stripePriceId: created })
      .where(and(eq(prices.id, price.id), isNull(prices.stripePriceId)));
    createdPrices++;
  }
  return { product: stripeProductId, createdPrices };
}

/** The Stripe price id of a price, syncing its plan first when it has none yet (seeded plans). */
export async function ensureStripePrice(db: Database, stripe: StripeProvider, price: Price): Promise<string> {
  if (price.stripePriceId) return price.stripePriceId;
  await syncPlanWithStripe(db, stripe, price.productId);
  const [row] = await db.select({ id: prices.stripePriceId }).from(prices).where(eq(prices.id, price.id));
  if (!row?.id) throw new Error(`Price ${price.id} could not be synced with Stripe.`);
  return row.id;
}
