import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { log } from "~/log/log.server";
import { applyBillingEvent } from "./apply-event.server";
import type { BillingEvent } from "./billing-events";
import { checkoutReturnPaths } from "./local-provider.server";
import { ensureStripePrice, findPlanPrice, providerPrice, type PlanPriceProblem } from "./plans.server";
import { PaymentDeclinedError, type CardSummary, type PaymentProvider, type PriceChangePreview, type ProviderPrice } from "./provider";
import { billingCustomers, checkoutSessions, invoices, prices, products, subscriptions, type Price, type Product, type Subscription } from "./tables";
import { StripeProvider } from "./stripe-provider.server";
import { isOnGracePeriod, isSubscriptionValid } from "./subscription-rules";

/**
 * A user's side of billing: starting a checkout, changing plan, cancelling
 * and resuming, the billing portal, and what the billing page shows. Route
 * modules call these and only shape the answer. Messages are English
 * translation keys (with :params) for the route to translate.
 */

export interface BillingUser {
  id: number;
  email: string;
  displayName: string;
}

export interface Notice {
  message: string;
  params?: Record<string, string>;
}

const PROBLEM_MESSAGES: Record<PlanPriceProblem, string> = {
  unknown_plan: "This plan does not exist.",
  hidden_plan: "This plan is no longer offered.",
  free_plan: "The free plan needs no checkout.",
  unknown_price: "This price does not exist.",
  price_of_other_plan: "This price belongs to another plan.",
  archived_price: "This price is no longer offered.",
};

/** A subscription with its plan and price (either may be gone). */
export interface SubscriptionWithPlan {
  subscription: Subscription;
  product: Product | null;
  price: Price | null;
}

/** All of a user's subscriptions, newest first. */
export async function subscriptionsOf(db: Database, userId: number): Promise<SubscriptionWithPlan[]> {
  return db
    .select({ subscription: subscriptions, product: products, price: prices })
    .from(subscriptions)
    .leftJoin(products, eq(products.id, subscriptions.productId))
    .leftJoin(prices, eq(prices.id, subscriptions.priceId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.id));
}

/**
 * The subscription the billing page is about: the valid one (the one that
 * runs longest when there are several), else the most recent.
 */
export function primarySubscription(list: SubscriptionWithPlan[], now = new Date()): SubscriptionWithPlan | null {
  const valid = list.filter((s) => isSubscriptionValid(s.subscription, now));
  if (valid.length) {
    return valid.sort((a, b) => (b.subscription.currentPeriodEnd?.getTime() ?? 0) - (a.subscription.currentPeriodEnd?.getTime() ?? 0))[0];
  }
  return list[0] ?? null;
}

export async function findCustomer(db: Database, userId: number, provider: PaymentProvider["name"]) {
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)));
  return row ?? null;
}

/** The user's customer at the provider: created on first checkout, reused for every later one. */
export async function ensureCustomer(db: Database, provider: PaymentProvider, user: BillingUser): Promise<string> {
  const existing = await findCustomer(db, user.id, provider.name);
  if (existing) return existing.customerId;
  const { customerId } = await provider.createCustomer({ id: user.id, email: user.email, name: user.displayName });
  await db.insert(billingCustomers).values({ userId: user.id, provider: provider.name, customerId }).onConflictDoNothing();
  // A concurrent request may have won: use whichever row was stored.
  return (await findCustomer(db, user.id, provider.name))!.customerId;
}

async function offeredPrice(db: Database, provider: PaymentProvider, product: Product, price: Price): Promise<ProviderPrice> {
  const offered = providerPrice(product, price);
  if (provider instanceof StripeProvider) offered.providerPriceId = await ensureStripePrice(db, provider, price);
  return offered;
}

export type CheckoutStart =
  | { kind: "redirect"; url: string }
  /** Already on this plan, or subscribed to another (then the plan-change page). */
  | { kind: "elsewhere"; to: string; notice: Notice }
  | { kind: "problem"; notice: Notice };

/**
 * /checkout/{productId}/{priceId}: checks the plan and price, sends a user
 * who already has a subscription to /billing or the plan-change page, reuses
 * an open checkout session for the same price, else creates one (with the
 * user's customer, created once) and returns where to redirect.
 */
export async function startCheckout(db: Database, provider: PaymentProvider, input: { user: BillingUser; productId: number; priceId: number; origin: string; now?: Date }): Promise<CheckoutStart> {
  const now = input.now ?? new Date();
  const found = await findPlanPrice(db, input.productId, input.priceId);
  if (!found.ok) {
    if (found.problem === "free_plan") return { kind: "elsewhere", to: "/pricing", notice: { message: PROBLEM_MESSAGES.free_plan } };
    return { kind: "problem", notice: { message: PROBLEM_MESSAGES[found.problem] } };
  }
  const current = primarySubscription(await subscriptionsOf(db, input.user.id), now);
  // A subscription whose renewal failed is still alive at the provider: fix its payment, do not start a second one.
  if (current && (current.subscription.status === "past_due" || current.subscription.status === "unpaid")) {
    return {
      kind: "elsewhere",
      to: "/billing",
      notice: { message: "Your last payment failed. Update your payment method to get your plan back." },
    };
  }
  if (current && isSubscriptionValid(current.subscription, now)) {
    if (current.subscription.priceId === found.price.id) {
      return { kind: "elsewhere", to: "/billing", notice: { message: "You are already subscribed to this plan." } };
    }
    return {
      kind: "elsewhere",
      to: `/change-plan/${found.product.id}/${found.price.id}/confirm`,
      notice: { message: "You already have a subscription: review the change of plan." },
    };
  }

  const [open] = await db
    .select({ url: checkoutSessions.url })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, input.user.id),
        eq(checkoutSessions.priceId, found.price.id),
        eq(checkoutSessions.status, "open"),
        eq(checkoutSessions.provider, provider.name),
        // Leave a few minutes to pay before it expires.
        gt(checkoutSessions.expiresAt, new Date(now.getTime() + 10 * 60_000)),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  if (open) return { kind: "redirect", url: open.url };

  const customerId = await ensureCustomer(db, provider, input.user);
  const price = await offeredPrice(db, provider, found.product, found.price);
  const paths = checkoutReturnPaths(found.product.id, found.price.id);
  const session = await provider.createCheckoutSession({
    user: { id: input.user.id, email: input.user.email, name: input.user.displayName },
    customerId,
    price,
    successUrl: input.origin + paths.success,
    cancelUrl: input.origin + paths.cancel,
  });
  await db.insert(checkoutSessions).values({
    id: session.sessionId,
    provider: provider.name,
    userId: input.user.id,
    productId: found.product.id,
    priceId: found.price.id,
    url: session.url,
    expiresAt: session.expiresAt,
  });
  return { kind: "redirect", url: session.url };
}

/**
 * The success page: is the subscription in place yet? The provider's webhook
 * may still be on its way: then the session is asked from the provider once
 * and applied (a later webhook replaces that state), so a delayed or
 * misconfigured webhook does not leave a paying user waiting.
 */
export async function checkoutOutcome(db: Database, provider: PaymentProvider | null, userId: number, sessionId: string | null, now = new Date()) {
  const findSession = async (id: string) => {
    const [row] = await db
      .select({ status: checkoutSessions.status, provider: checkoutSessions.provider })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)));
    return row ?? null;
  };
  let session = sessionId ? await findSession(sessionId) : null;
  if (sessionId && session?.status === "open" && provider?.syncCheckout && session.provider === provider.name) {
    try {
      await applyAll(db, await provider.syncCheckout(sessionId), now);
      session = await findSession(sessionId);
    } catch (error) {
      log("warn", "could not sync the checkout session", { sessionId, error: String(error) });
    }
  }
  const list = await subscriptionsOf(db, userId);
  const current = primarySubscription(list, now);
  const active = current && isSubscriptionValid(current.subscription, now) ? current : null;
  return {
    subscribed: Boolean(active),
    planName: active?.product?.name ?? null,
    periodEnd: active?.subscription.currentPeriodEnd ?? null,
    sessionKnown: Boolean(session),
    sessionComplete: session?.status === "complete",
  };
}

export type PlanChange =
  | { kind: "problem"; notice: Notice }
  | { kind: "elsewhere"; to: string; notice?: Notice }
  | {
      kind: "preview";
      current: SubscriptionWithPlan;
      product: Product;
      price: Price;
      /** Moving to the free plan: the subscription ends at its period end instead. */
      toFree: boolean;
      preview: PriceChangePreview | null;
    };

function priceChangeInput(current: SubscriptionWithPlan, next: ProviderPrice) {
  const sub = current.subscription;
  return {
    subscription: {
      subscriptionId: sub.providerSubscriptionId,
      itemId: sub.providerItemId,
      customerId: sub.providerCustomerId,
      currentPrice: current.price && current.product ? providerPrice(current.product, current.price) : null,
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
    },
    next,
  };
}

async function planChangeTarget(
  db: Database,
  provider: PaymentProvider,
  input: { userId: number; productId: number; priceId: number; now: Date },
): Promise<Exclude<PlanChange, { kind: "preview" }> | { kind: "ok"; current: SubscriptionWithPlan; product: Product; price: Price }> {
  const found = await findPlanPrice(db, input.productId, input.priceId, { allowFree: true });
  if (!found.ok) return { kind: "problem", notice: { message: PROBLEM_MESSAGES[found.problem] } };
  const current = primarySubscription(await subscriptionsOf(db, input.userId), input.now);
  if (!current || !isSubscriptionValid(current.subscription, input.now)) {
    if (found.product.free) return { kind: "elsewhere", to: "/pricing" };
    return { kind: "elsewhere", to: `/checkout/${found.product.id}/${found.price.id}` };
  }
  if (current.subscription.provider !== provider.name) {
    return { kind: "problem", notice: { message: "This subscription is managed by another payment provider." } };
  }
  if (current.subscription.priceId === found.price.id) {
    return { kind: "elsewhere", to: "/billing", notice: { message: "You are already subscribed to this plan." } };
  }
  if (found.product.free && current.subscription.cancelAtPeriodEnd) {
    return { kind: "elsewhere", to: "/billing", notice: { message: "Your subscription already ends at the end of this period." } };
  }
  return { kind: "ok", current, product: found.product, price: found.price };
}

/** /change-plan/{productId}/{priceId}/confirm: the new plan, its price and the proration preview. */
export async function previewPlanChange(db: Database, provider: PaymentProvider, input: { userId: number; productId: number; priceId: number; now?: Date }): Promise<PlanChange> {
  const now = input.now ?? new Date();
  const target = await planChangeTarget(db, provider, { ...input, now });
  if (target.kind !== "ok") return target;
  if (target.product.free) return { kind: "preview", current: target.current, product: target.product, price: target.price, toFree: true, preview: null };
  const next = await offeredPrice(db, provider, target.product, target.price);
  const preview = await provider.previewPriceChange(priceChangeInput(target.current, next));
  return { kind: "preview", current: target.current, product: target.product, price: target.price, toFree: false, preview };
}

export type PlanChangeResult = { kind: "changed"; notice: Notice } | { kind: "declined"; notice: Notice } | Exclude<PlanChange, { kind: "preview" }>;

/**
 * Confirms a plan change: the subscription's price is swapped (prorated as
 * previewed for `prorationDate`, charged at once; refused, with nothing
 * changed, when the card is declined). A subscription that was set to cancel
 * continues on the new plan. Moving to the free plan cancels at period end.
 */
export async function confirmPlanChange(
  db: Database,
  provider: PaymentProvider,
  input: { userId: number; productId: number; priceId: number; prorationDate: Date | null; now?: Date },
): Promise<PlanChangeResult> {
  const now = input.now ?? new Date();
  const target = await planChangeTarget(db, provider, { ...input, now });
  if (target.kind !== "ok") return target;
  const sub = target.current.subscription;
  const ref = { subscriptionId: sub.providerSubscriptionId, itemId: sub.providerItemId, customerId: sub.providerCustomerId };
  if (target.product.free) {
    await applyAll(db, await provider.setCancelAtPeriodEnd(ref, true), now);
    return {
      kind: "changed",
      notice: {
        message: "Your subscription ends on :date. You will then be on the :plan plan.",
        params: { date: sub.currentPeriodEnd?.toISOString() ?? "", plan: target.product.name },
      },
    };
  }
  const next = await offeredPrice(db, provider, target.product, target.price);
  let events: BillingEvent[];
  try {
    events = await provider.changePrice({ ...priceChangeInput(target.current, next), prorationDate: input.prorationDate ?? now });
  } catch (error) {
    if (error instanceof PaymentDeclinedError) return { kind: "declined", notice: { message: error.message } };
    throw error;
  }
  await applyAll(db, events, now);
  if (sub.cancelAtPeriodEnd) await applyAll(db, await provider.setCancelAtPeriodEnd(ref, false), now);
  return { kind: "changed", notice: { message: "You are now on the :plan plan.", params: { plan: target.product.name } } };
}

async function applyAll(db: Database, events: BillingEvent[], now: Date) {
  for (const event of events) await applyBillingEvent(db, event, now);
}

export type SubscriptionAction = { kind: "done"; notice: Notice } | { kind: "problem"; notice: Notice };

/** Cancel at period end (cancel: true) or take the cancellation back (cancel: false). */
export async function setSubscriptionCancellation(db: Database, provider: PaymentProvider, input: { userId: number; cancel: boolean; now?: Date }): Promise<SubscriptionAction> {
  const now = input.now ?? new Date();
  const current = primarySubscription(await subscriptionsOf(db, input.userId), now);
  if (!current || !isSubscriptionValid(current.subscription, now)) {
    return { kind: "problem", notice: { message: "You have no active subscription." } };
  }
  const sub = current.subscription;
  if (sub.provider !== provider.name) return { kind: "problem", notice: { message: "This subscription is managed by another payment provider." } };
  if (input.cancel && isOnGracePeriod(sub, now)) {
    return { kind: "problem", notice: { message: "Your subscription is already set to end." } };
  }
  if (!input.cancel && !sub.cancelAtPeriodEnd) {
    return { kind: "problem", notice: { message: "Your subscription is not set to end." } };
  }
  const ref = { subscriptionId: sub.providerSubscriptionId, itemId: sub.providerItemId, customerId: sub.providerCustomerId };
  await applyAll(db, await provider.setCancelAtPeriodEnd(ref, input.cancel), now);
  const date = sub.currentPeriodEnd?.toISOString() ?? "";
  return input.cancel
    ? { kind: "done", notice: { message: "Your subscription will end on :date.", params: { date } } }
    : { kind: "done", notice: { message: "Your subscription will renew on :date.", params: { date } } };
}

/** Where to update the payment method: the provider's billing portal. */
export async function billingPortalUrl(db: Database, provider: PaymentProvider, input: { userId: number; returnUrl: string }) {
  const customer = await findCustomer(db, input.userId, provider.name);
  if (!customer) return { kind: "problem" as const, notice: { message: "You have no billing account yet." } };
  const { url } = await provider.createPortalSession(customer.customerId, input.returnUrl);
  return { kind: "redirect" as const, url };
}

export interface BillingOverview {
  current: SubscriptionWithPlan | null;
  valid: boolean;
  onGracePeriod: boolean;
  card: CardSummary | null;
  creditBalance: number;
  invoices: (typeof invoices.$inferSelect)[];
}

/** Invoices shown on the billing page (newest first). */
const INVOICE_LIST_LIMIT = 50;

/**
 * What /billing shows: the current subscription and its plan, the saved
 * card (asked from the provider when not known yet, or after the portal),
 * account credit and invoices.
 */
export async function loadBillingOverview(db: Database, provider: PaymentProvider | null, input: { userId: number; refreshCard?: boolean; now?: Date }): Promise<BillingOverview> {
  const now = input.now ?? new Date();
  const [list, invoiceRows, customer] = await Promise.all([
    subscriptionsOf(db, input.userId),
    db.select().from(invoices).where(eq(invoices.userId, input.userId)).orderBy(desc(invoices.issuedAt), desc(invoices.id)).limit(INVOICE_LIST_LIMIT),
    provider ? findCustomer(db, input.userId, provider.name) : Promise.resolve(null),
  ]);
  let card: CardSummary | null =
    customer?.cardLast4 && customer.cardBrand ? { brand: customer.cardBrand, last4: customer.cardLast4, expMonth: customer.cardExpMonth, expYear: customer.cardExpYear } : null;
  if (provider && customer && (input.refreshCard || (!card && provider.name === "stripe"))) {
    try {
      card = await provider.fetchDefaultCard(customer.customerId);
      if (card) {
        await db
          .update(billingCustomers)
          .set({ cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear, updatedAt: now })
          .where(and(eq(billingCustomers.userId, input.userId), eq(billingCustomers.provider, provider.name)));
      }
    } catch (error) {
      // The page still works without the card; it is asked for again next time.
      log("warn", "could not fetch the saved card", { userId: input.userId, error: String(error) });
    }
  }
  const current = primarySubscription(list, now);
  return {
    current,
    valid: current ? isSubscriptionValid(current.subscription, now) : false,
    onGracePeriod: current ? isOnGracePeriod(current.subscription, now) : false,
    card,
    creditBalance: customer?.creditBalance ?? 0,
    invoices: invoiceRows,
  };
}
