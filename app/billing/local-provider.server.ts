import { and, count, eq, inArray, lte, or, sql } from "drizzle-orm";
import { CHECKOUT_SESSION_TTL_S } from "~/constants";
import type { Database } from "~/db/client.server";
import { applyBillingEvent } from "./apply-event.server";
import { localEventId, type BillingEvent, type InvoiceSnapshot, type SubscriptionSnapshot } from "./billing-events";
import { addBillingInterval } from "./intervals";
import { computeProration } from "./proration";
import {
  PaymentDeclinedError,
  type CardSummary,
  type CheckoutInput,
  type CustomerUser,
  type PaymentProvider,
  type PriceChangeInput,
  type PriceChangePreview,
  type ProviderSubscriptionRef,
} from "./provider";
import { billingCustomers, checkoutSessions, invoices, prices, products, subscriptions, type InvoiceLine, type Subscription } from "./tables";
import { CARD_BRAND_NAMES, chargeSavedCard, checkTestCard, type CardInput } from "./local-provider-cards";

/**
 * A payment provider for development and demos that behaves like Stripe's
 * test mode, with no network: a local checkout page takes Stripe's documented
 * test card numbers (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is
 * declined, ...), and every change is emitted as the same internal events
 * the Stripe webhook produces, applied by the same code. Its "remote" state
 * is this database: the subscription rows and the customer's saved card.
 *
 * Only used when Stripe is not configured, and never in production unless
 * explicitly allowed (see payment-provider.server.ts).
 */
export class LocalProvider implements PaymentProvider {
  readonly name = "local" as const;

  constructor(
    private readonly db: Database,
    private readonly origin: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createCustomer(_user: CustomerUser) {
    return { customerId: localEventId("cus_local") };
  }

  async createCheckoutSession(_input: CheckoutInput) {
    const sessionId = localEventId("cs_local");
    return {
      sessionId,
      url: `${this.origin}/billing/local/checkout/${sessionId}`,
      expiresAt: new Date(this.clock().getTime() + CHECKOUT_SESSION_TTL_S * 1000),
    };
  }

  async previewPriceChange(input: PriceChangeInput): Promise<PriceChangePreview> {
    const now = new Date(Math.floor(this.clock().getTime() / 1000) * 1000);
    const proration = await this.prorate(input, now);
    return {
      lines: proration.lines,
      total: proration.total,
      amountDue: proration.amountDue,
      currency: proration.currency,
      prorationDate: now,
      nextRenewal: proration.periodEnd,
    };
  }

  async changePrice(input: PriceChangeInput & { prorationDate: Date }): Promise<BillingEvent[]> {
    const proration = await this.prorate(input, input.prorationDate);
    const customer = await this.customer(input.subscription.customerId);
    if (proration.amountDue > 0) {
      const charge = chargeSavedCard(customer?.localChargeOutcome ?? null);
      if (!charge.ok) throw new PaymentDeclinedError(`${charge.message} Your plan was not changed.`);
    }
    await this.db
      .update(billingCustomers)
      .set({ creditBalance: proration.creditBalanceAfter, updatedAt: new Date() })
      .where(and(eq(billingCustomers.provider, "local"), eq(billingCustomers.customerId, input.subscription.customerId)));
    const current = await this.subscription(input.subscription.subscriptionId);
    const createdMs = this.clock().getTime();
    const snapshot: SubscriptionSnapshot = {
      ...snapshotOf(current),
      priceRef: String(input.next.priceId),
      status: "active",
      currentPeriodStart: proration.periodStart,
      currentPeriodEnd: proration.periodEnd,
    };
    const invoice = await this.invoice({
      customerId: input.subscription.customerId,
      userId: current.userId,
      subscriptionId: current.providerSubscriptionId,
      billingReason: "subscription_update",
      lines: proration.lines,
      total: proration.total,
      amountDue: proration.amountDue,
      currency: proration.currency,
      periodStart: input.prorationDate,
      periodEnd: proration.periodEnd,
      paid: true,
    });
    return [
      { id: localEventId(), provider: "local", type: "customer.subscription.updated", createdMs, kind: "subscription.changed", subscription: snapshot },
      { id: localEventId(), provider: "local", type: "invoice.paid", createdMs, kind: "invoice.paid", invoice },
    ];
  }

  async setCancelAtPeriodEnd(ref: ProviderSubscriptionRef, cancel: boolean): Promise<BillingEvent[]> {
    const current = await this.subscription(ref.subscriptionId);
    return [
      {
        id: localEventId(),
        provider: "local",
        type: "customer.subscription.updated",
        createdMs: this.clock().getTime(),
        kind: "subscription.changed",
        subscription: { ...snapshotOf(current), cancelAtPeriodEnd: cancel, canceledAt: cancel ? this.clock() : null },
      },
    ];
  }

  async cancelNow(ref: ProviderSubscriptionRef): Promise<BillingEvent[]> {
    const current = await this.subscription(ref.subscriptionId);
    const now = this.clock();
    return [
      {
        id: localEventId(),
        provider: "local",
        type: "customer.subscription.deleted",
        createdMs: now.getTime(),
        kind: "subscription.changed",
        subscription: { ...snapshotOf(current), status: "canceled", cancelAtPeriodEnd: false, canceledAt: now, endedAt: now },
      },
    ];
  }

  async createPortalSession(_customerId: string, returnUrl: string) {
    const back = new URL(returnUrl, this.origin);
    return { url: `${this.origin}/billing/local/portal?return=${encodeURIComponent(back.pathname + back.search)}` };
  }

  async fetchDefaultCard(customerId: string): Promise<CardSummary | null> {
    const customer = await this.customer(customerId);
    if (!customer?.cardLast4 || !customer.cardBrand) return null;
    return { brand: customer.cardBrand, last4: customer.cardLast4, expMonth: customer.cardExpMonth, expYear: customer.cardExpYear };
  }

  private async prorate(input: PriceChangeInput, now: Date) {
    const { subscription, next } = input;
    if (!subscription.currentPrice || !subscription.currentPeriodStart || !subscription.currentPeriodEnd) {
      throw new Error("The subscription has no current price or period to prorate.");
    }
    const customer = await this.customer(subscription.customerId);
    return computeProration({
      current: { ...subscription.currentPrice },
      next: { ...next },
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      now,
      creditBalance: customer?.creditBalance ?? 0,
    });
  }

  private async customer(customerId: string) {
    const [row] = await this.db
      .select()
      .from(billingCustomers)
      .where(and(eq(billingCustomers.provider, "local"), eq(billingCustomers.customerId, customerId)));
    return row ?? null;
  }

  private async subscription(providerSubscriptionId: string) {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, "local"), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)));
    if (!row) throw new Error(`Unknown local subscription ${providerSubscriptionId}`);
    return row;
  }

  /** A local invoice, numbered per customer like Stripe's ("ABCD1234-0001"). */
  async invoice(input: {
    customerId: string;
    userId: number;
    subscriptionId: string;
    billingReason: InvoiceSnapshot["billingReason"];
    lines: InvoiceLine[];
    total: number;
    amountDue: number;
    currency: string;
    periodStart: Date;
    periodEnd: Date;
    paid: boolean;
  }): Promise<InvoiceSnapshot> {
    const [{ issued }] = await this.db.select({ issued: count() }).from(invoices).where(eq(invoices.userId, input.userId));
    const invoiceId = localEventId("in_local");
    const prefix = input.customerId.slice(-8).toUpperCase();
    const now = this.clock();
    return {
      invoiceId,
      customerId: input.customerId,
      subscriptionId: input.subscriptionId,
      number: `${prefix}-${String(issued + 1).padStart(4, "0")}`,
      status: input.paid ? "paid" : "open",
      billingReason: input.billingReason,
      total: input.total,
      amountPaid: input.paid ? input.amountDue : 0,
      amountDue: input.amountDue,
      currency: input.currency,
      lines: input.lines,
      hostedUrl: `/billing/local/invoices/${invoiceId}`,
      pdfUrl: null,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      issuedAt: now,
      paidAt: input.paid ? now : null,
    };
  }
}

function snapshotOf(row: Subscription): SubscriptionSnapshot {
  return {
    subscriptionId: row.providerSubscriptionId,
    customerId: row.providerCustomerId,
    itemId: row.providerItemId,
    priceRef: row.providerPriceId,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEndsAt,
    canceledAt: row.canceledAt,
    endedAt: row.endedAt,
    userIdHint: row.userId,
  };
}

function dateLabel(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** Where a checkout returns to, for both providers. */
export function checkoutReturnPaths(productId: number, priceId: number) {
  return {
    success: `/checkout/${productId}/${priceId}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel: `/checkout/${productId}/${priceId}/cancel`,
  };
}

export type LocalCheckoutResult = { ok: true; successPath: string } | { ok: false; field: "number" | "cvc" | "expiry" | "form"; message: string };

/**
 * Pays a local checkout session with a test card, as Stripe Checkout would:
 * the card is checked, the session is completed exactly once, and the events
 * checkout.completed, customer.subscription.created and invoice.paid are
 * emitted and applied.
 */
export async function payLocalCheckout(db: Database, input: { sessionId: string; userId: number; card: CardInput; now?: Date }): Promise<LocalCheckoutResult> {
  const now = input.now ?? new Date();
  const [session] = await db
    .select({
      id: checkoutSessions.id,
      status: checkoutSessions.status,
      expiresAt: checkoutSessions.expiresAt,
      productId: checkoutSessions.productId,
      priceId: checkoutSessions.priceId,
      userId: checkoutSessions.userId,
      amount: prices.amount,
      currency: prices.currency,
      interval: prices.interval,
      intervalCount: prices.intervalCount,
      planName: products.name,
    })
    .from(checkoutSessions)
    .innerJoin(prices, eq(prices.id, checkoutSessions.priceId))
    .innerJoin(products, eq(products.id, checkoutSessions.productId))
    .where(and(eq(checkoutSessions.id, input.sessionId), eq(checkoutSessions.provider, "local")));
  if (!session || session.userId !== input.userId) return { ok: false, field: "form", message: "This checkout session does not exist." };
  if (session.status !== "open" || session.expiresAt.getTime() <= now.getTime()) {
    return { ok: false, field: "form", message: "This checkout session has expired or was already completed." };
  }
  const check = checkTestCard(input.card, "charge", now);
  if (!check.ok) return { ok: false, field: check.field, message: check.message };

  // Complete the session exactly once, even if the form is sent twice.
  const claimed = await db
    .update(checkoutSessions)
    .set({ status: "complete", completedAt: now })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, "open")))
    .returning({ id: checkoutSessions.id });
  if (claimed.length === 0) return { ok: false, field: "form", message: "This checkout session has expired or was already completed." };

  const [customer] = await db
    .select()
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, session.userId), eq(billingCustomers.provider, "local")));
  if (!customer) throw new Error("Local checkout without a customer");
  const credit = Math.min(customer.creditBalance, session.amount);
  await db
    .update(billingCustomers)
    .set({
      cardBrand: CARD_BRAND_NAMES[check.brand],
      cardLast4: check.last4,
      cardExpMonth: input.card.expMonth,
      cardExpYear: input.card.expYear,
      localChargeOutcome: check.chargeOutcome,
      creditBalance: customer.creditBalance - credit,
      updatedAt: now,
    })
    .where(and(eq(billingCustomers.userId, session.userId), eq(billingCustomers.provider, "local")));

  const provider = new LocalProvider(db, "", () => now);
  const subscriptionId = localEventId("sub_local");
  const periodEnd = addBillingInterval(now, session.interval, session.intervalCount);
  const createdMs = now.getTime();
  const invoice = await provider.invoice({
    customerId: customer.customerId,
    userId: session.userId,
    subscriptionId,
    billingReason: "subscription_create",
    lines: [{ description: `${session.planName} (${dateLabel(now)} to ${dateLabel(periodEnd)})`, amount: session.amount, proration: false }],
    total: session.amount,
    amountDue: session.amount - credit,
    currency: session.currency,
    periodStart: now,
    periodEnd,
    paid: true,
  });
  const events: BillingEvent[] = [
    {
      id: localEventId(),
      provider: "local",
      type: "checkout.session.completed",
      createdMs,
      kind: "checkout.completed",
      checkoutSessionId: session.id,
      customerId: customer.customerId,
      subscriptionId,
      userIdHint: session.userId,
    },
    {
      id: localEventId(),
      provider: "local",
      type: "customer.subscription.created",
      createdMs,
      kind: "subscription.changed",
      subscription: {
        subscriptionId,
        customerId: customer.customerId,
        itemId: localEventId("si_local"),
        priceRef: String(session.priceId),
        status: "active",
        cancelAtPeriodEnd: false,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        trialEnd: null,
        canceledAt: null,
        endedAt: null,
        userIdHint: session.userId,
      },
    },
    { id: localEventId(), provider: "local", type: "invoice.paid", createdMs, kind: "invoice.paid", invoice },
  ];
  for (const event of events) await applyBillingEvent(db, event, now);
  return { ok: true, successPath: checkoutReturnPaths(session.productId, session.priceId).success.replace("{CHECKOUT_SESSION_ID}", session.id) };
}

/**
 * The local billing portal's "update payment method": the card is saved as
 * Stripe would save it, and an unpaid invoice of a past-due subscription is
 * paid with it at once (Stripe retries it when the card changes).
 */
export async function updateLocalPaymentMethod(
  db: Database,
  input: { userId: number; card: CardInput; now?: Date },
): Promise<{ ok: true } | { ok: false; field: "number" | "cvc" | "expiry" | "form"; message: string }> {
  const now = input.now ?? new Date();
  const check = checkTestCard(input.card, "save", now);
  if (!check.ok) return { ok: false, field: check.field, message: check.message };
  const updated = await db
    .update(billingCustomers)
    .set({
      cardBrand: CARD_BRAND_NAMES[check.brand],
      cardLast4: check.last4,
      cardExpMonth: input.card.expMonth,
      cardExpYear: input.card.expYear,
      localChargeOutcome: check.chargeOutcome,
      updatedAt: now,
    })
    .where(and(eq(billingCustomers.userId, input.userId), eq(billingCustomers.provider, "local")))
    .returning({ customerId: billingCustomers.customerId });
  if (updated.length === 0) return { ok: false, field: "form", message: "You have no billing account yet." };
  if (check.chargeOutcome === "succeeds") await retryPastDueInvoices(db, input.userId, now);
  return { ok: true };
}

async function retryPastDueInvoices(db: Database, userId: number, now: Date) {
  const open = await db
    .select({ invoice: invoices, subscription: subscriptions })
    .from(invoices)
    .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(and(eq(invoices.userId, userId), eq(invoices.provider, "local"), eq(invoices.status, "open"), eq(subscriptions.status, "past_due")));
  for (const { invoice, subscription } of open) {
    const createdMs = now.getTime();
    await applyBillingEvent(
      db,
      {
        id: localEventId(),
        provider: "local",
        type: "invoice.paid",
        createdMs,
        kind: "invoice.paid",
        invoice: {
          ...invoiceSnapshotOf(invoice, subscription.providerCustomerId),
          status: "paid",
          amountPaid: invoice.amountDue,
          paidAt: now,
        },
      },
      now,
    );
    await applyBillingEvent(
      db,
      {
        id: localEventId(),
        provider: "local",
        type: "customer.subscription.updated",
        createdMs,
        kind: "subscription.changed",
        subscription: { ...snapshotOf(subscription), status: "active" },
      },
      now,
    );
  }
}

function invoiceSnapshotOf(row: typeof invoices.$inferSelect, customerId: string): InvoiceSnapshot {
  return {
    invoiceId: row.providerInvoiceId,
    customerId,
    subscriptionId: row.providerSubscriptionId,
    number: row.number,
    status: row.status,
    billingReason: "subscription_cycle",
    total: row.total,
    amountPaid: row.amountPaid,
    amountDue: row.amountDue,
    currency: row.currency,
    lines: row.lines,
    hostedUrl: row.hostedUrl,
    pdfUrl: row.pdfUrl,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    issuedAt: row.issuedAt,
    paidAt: row.paidAt,
  };
}

/** Days a past-due local subscription keeps being retried before it is cancelled (Stripe's default retry window is longer; a demo needs less). */
const LOCAL_PAST_DUE_DAYS = 7;

/**
 * What Stripe does on its own as time passes, for local subscriptions whose
 * period is over: a subscription set to cancel ends; otherwise the saved card
 * is charged for the next period (invoice.paid), or the charge fails
 * (invoice.payment_failed, past_due), and a subscription past due for
 * LOCAL_PAST_DUE_DAYS is cancelled. Run by the scheduled job, and for one
 * user when they open their billing page.
 */
export async function advanceLocalSubscriptions(db: Database, now: Date = new Date(), options: { userId?: number } = {}) {
  const due = await db
    .select({ subscription: subscriptions, price: prices, planName: products.name, customer: billingCustomers })
    .from(subscriptions)
    .innerJoin(billingCustomers, and(eq(billingCustomers.provider, "local"), eq(billingCustomers.customerId, subscriptions.providerCustomerId)))
    .leftJoin(prices, eq(prices.id, subscriptions.priceId))
    .leftJoin(products, eq(products.id, subscriptions.productId))
    .where(
      and(
        eq(subscriptions.provider, "local"),
        or(
          and(inArray(subscriptions.status, ["active", "trialing"]), lte(subscriptions.currentPeriodEnd, now)),
          and(eq(subscriptions.status, "past_due"), lte(subscriptions.currentPeriodStart, new Date(now.getTime() - LOCAL_PAST_DUE_DAYS * 86_400_000))),
        ),
        options.userId !== undefined ? eq(subscriptions.userId, options.userId) : sql`1 = 1`,
      ),
    )
    .limit(200);
  let renewed = 0;
  let ended = 0;
  let failed = 0;
  const provider = new LocalProvider(db, "", () => now);
  for (const { subscription, price, planName, customer } of due) {
    const base = snapshotOf(subscription);
    const periodEnd = subscription.currentPeriodEnd!;
    const event = (snapshot: SubscriptionSnapshot, type: string): BillingEvent => ({
      id: localEventId(),
      provider: "local",
      type,
      createdMs: now.getTime(),
      kind: "subscription.changed",
      subscription: snapshot,
    });
    // Past due for the whole retry window (selected only then), set to cancel, or on a price that no longer exists: it ends.
    if (subscription.status === "past_due" || subscription.cancelAtPeriodEnd || !price) {
      const endedAt = subscription.cancelAtPeriodEnd ? periodEnd : now;
      await applyBillingEvent(db, event({ ...base, status: "canceled", endedAt, canceledAt: base.canceledAt ?? endedAt }, "customer.subscription.deleted"), now);
      ended++;
      continue;
    }
    const nextEnd = addBillingInterval(periodEnd, price.interval, price.intervalCount);
    const credit = Math.min(customer.creditBalance, price.amount);
    const charge = price.amount - credit > 0 ? chargeSavedCard(customer.localChargeOutcome) : ({ ok: true } as const);
    const invoice = await provider.invoice({
      customerId: customer.customerId,
      userId: subscription.userId,
      subscriptionId: subscription.providerSubscriptionId,
      billingReason: "subscription_cycle",
      lines: [{ description: `${planName ?? "Subscription"} (${dateLabel(periodEnd)} to ${dateLabel(nextEnd)})`, amount: price.amount, proration: false }],
      total: price.amount,
      amountDue: price.amount - credit,
      currency: price.currency,
      periodStart: periodEnd,
      periodEnd: nextEnd,
      paid: charge.ok,
    });
    if (charge.ok) {
      if (credit > 0) {
        await db
          .update(billingCustomers)
          .set({ creditBalance: customer.creditBalance - credit })
          .where(and(eq(billingCustomers.provider, "local"), eq(billingCustomers.customerId, customer.customerId)));
      }
      await applyBillingEvent(db, { id: localEventId(), provider: "local", type: "invoice.paid", createdMs: now.getTime(), kind: "invoice.paid", invoice }, now);
      await applyBillingEvent(db, event({ ...base, status: "active", currentPeriodStart: periodEnd, currentPeriodEnd: nextEnd }, "customer.subscription.updated"), now);
      renewed++;
    } else {
      await applyBillingEvent(db, { id: localEventId(), provider: "local", type: "invoice.payment_failed", createdMs: now.getTime(), kind: "invoice.payment_failed", invoice }, now);
      // As at Stripe, the new period starts anyway; access returns once the invoice is paid.
      await applyBillingEvent(db, event({ ...base, status: "past_due", currentPeriodStart: periodEnd, currentPeriodEnd: nextEnd }, "customer.subscription.updated"), now);
      failed++;
    }
  }
  return { renewed, ended, failed };
}

/** What the local checkout page shows: the session (the user's own) with its plan and price. */
export async function loadLocalCheckout(db: Database, sessionId: string, userId: number) {
  const [row] = await db
    .select({
      id: checkoutSessions.id,
      status: checkoutSessions.status,
      expiresAt: checkoutSessions.expiresAt,
      productId: checkoutSessions.productId,
      priceId: checkoutSessions.priceId,
      planName: products.name,
      planDescription: products.description,
      amount: prices.amount,
      currency: prices.currency,
      interval: prices.interval,
      intervalCount: prices.intervalCount,
      creditBalance: billingCustomers.creditBalance,
    })
    .from(checkoutSessions)
    .innerJoin(prices, eq(prices.id, checkoutSessions.priceId))
    .innerJoin(products, eq(products.id, checkoutSessions.productId))
    .leftJoin(billingCustomers, and(eq(billingCustomers.userId, checkoutSessions.userId), eq(billingCustomers.provider, "local")))
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.provider, "local"), eq(checkoutSessions.userId, userId)));
  return row ?? null;
}

/** A local invoice of the user, for its printable page. */
export async function loadLocalInvoice(db: Database, providerInvoiceId: string, userId: number) {
  const [row] = await db
    .select({ invoice: invoices, planName: products.name })
    .from(invoices)
    .leftJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .leftJoin(products, eq(products.id, subscriptions.productId))
    .where(and(eq(invoices.provider, "local"), eq(invoices.providerInvoiceId, providerInvoiceId), eq(invoices.userId, userId)));
  return row ?? null;
}
