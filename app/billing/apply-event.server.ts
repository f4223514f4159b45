import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { users } from "~/auth/users.tables";
import { BILLING_EVENT_CLAIM_TIMEOUT_S } from "~/constants";
import type { Database } from "~/db/client.server";
import { log } from "~/log/log.server";
import type { BillingEvent, InvoiceSnapshot, SubscriptionSnapshot } from "./billing-events";
import { onSubscriptionEvent } from "./events.server";
import { formatMoney } from "./money";
import { billingCustomers, billingEvents, checkoutSessions, invoices, prices, products, subscriptions, type InvoiceStatus, type PaymentProviderName } from "./tables";
import { isSubscriptionValid, statusRank } from "./subscription-rules";

export type ApplyResult =
  | { outcome: "applied" }
  /** Already applied before (a redelivery): nothing written. */
  | { outcome: "duplicate" }
  /** Another request is applying this very event right now. */
  | { outcome: "in_progress" }
  /** Acknowledged but nothing to do (unknown type, unknown customer). */
  | { outcome: "ignored"; reason: string };

/**
 * Applies one provider event: exactly once per event id, and never letting
 * an older state overwrite a newer one.
 *
 * 1. The event id is claimed in billing_events (primary key). A redelivered
 *    event finds its row and is answered as a duplicate. A claim left by a
 *    request that crashed expires after BILLING_EVENT_CLAIM_TIMEOUT_S.
 * 2. The writes and the "processed" mark go in one batch (all or nothing).
 *    If they fail the claim is dropped, so the provider's retry applies it.
 * 3. Subscription and invoice rows carry the version (provider time, ms) of
 *    the state they hold; the upserts only replace it with a newer state (see
 *    SUBSCRIPTION_NEWER), checked inside the statement so concurrent events
 *    cannot interleave wrongly. Ended subscriptions are never revived.
 */
export async function applyBillingEvent(db: Database, event: BillingEvent, now = new Date()): Promise<ApplyResult> {
  const claimed = await claimEvent(db, event, now);
  if (claimed !== "claimed") return { outcome: claimed };
  try {
    const plan = await planWrites(db, event);
    const mark = db
      .update(billingEvents)
      .set({ status: plan.ignored ? "ignored" : "processed", processedAt: now })
      .where(eq(billingEvents.id, event.id));
    await db.batch([mark as unknown as BatchItem<"sqlite">, ...plan.statements]);
    if (plan.ignored) {
      log("info", "billing event ignored", { eventId: event.id, type: event.type, reason: plan.ignored });
      return { outcome: "ignored", reason: plan.ignored };
    }
    return { outcome: "applied" };
  } catch (error) {
    await db.delete(billingEvents).where(and(eq(billingEvents.id, event.id), eq(billingEvents.status, "processing")));
    throw error;
  }
}

async function claimEvent(db: Database, event: BillingEvent, now: Date): Promise<"claimed" | "duplicate" | "in_progress"> {
  const inserted = await db
    .insert(billingEvents)
    .values({
      id: event.id,
      provider: event.provider,
      type: event.type,
      status: "processing",
      eventCreatedAt: event.createdMs,
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (inserted.length > 0) return "claimed";
  // Taken over only when the earlier claim is stale (its request died).
  const stale = new Date(now.getTime() - BILLING_EVENT_CLAIM_TIMEOUT_S * 1000);
  const retaken = await db
    .update(billingEvents)
    .set({ receivedAt: now })
    .where(and(eq(billingEvents.id, event.id), eq(billingEvents.status, "processing"), lt(billingEvents.receivedAt, stale)))
    .returning({ id: billingEvents.id });
  if (retaken.length > 0) return "claimed";
  const [existing] = await db.select({ status: billingEvents.status }).from(billingEvents).where(eq(billingEvents.id, event.id));
  return existing?.status === "processing" ? "in_progress" : "duplicate";
}

interface WritePlan {
  statements: BatchItem<"sqlite">[];
  /** Why nothing is written, when nothing is. */
  ignored?: string;
}

async function planWrites(db: Database, event: BillingEvent): Promise<WritePlan> {
  switch (event.kind) {
    case "ignored":
      return { statements: [], ignored: `unhandled event type ${event.type}` };
    case "checkout.expired":
      return {
        statements: [
          db
            .update(checkoutSessions)
            .set({ status: "expired" })
            .where(and(eq(checkoutSessions.id, event.checkoutSessionId), eq(checkoutSessions.status, "open"))),
        ],
      };
    case "checkout.completed":
      return planCheckoutCompleted(db, event);
    case "subscription.changed":
      return planSubscriptionChange(db, event, event.subscription);
    case "invoice.paid":
    case "invoice.payment_failed":
      return planInvoice(db, event, event.invoice);
  }
}

/** The user behind a provider customer; the metadata hint only when the customer is not known yet. */
async function resolveUser(db: Database, provider: PaymentProviderName, customerId: string | null, hint: number | null) {
  if (customerId) {
    const [row] = await db
      .select({ userId: billingCustomers.userId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.provider, provider), eq(billingCustomers.customerId, customerId)));
    if (row) return { userId: row.userId, knownCustomer: true };
  }
  if (hint !== null && Number.isSafeInteger(hint) && hint > 0) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, hint));
    if (user) return { userId: user.id, knownCustomer: false };
  }
  return null;
}

async function planCheckoutCompleted(db: Database, event: Extract<BillingEvent, { kind: "checkout.completed" }>): Promise<WritePlan> {
  const [session] = await db
    .select({ userId: checkoutSessions.userId })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, event.checkoutSessionId), eq(checkoutSessions.provider, event.provider)));
  const userId = session?.userId ?? (await resolveUser(db, event.provider, event.customerId, event.userIdHint))?.userId;
  if (!userId) return { statements: [], ignored: "checkout session of no known user" };
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(checkoutSessions)
      .set({ status: "complete", completedAt: new Date(event.createdMs), providerSubscriptionId: event.subscriptionId })
      .where(eq(checkoutSessions.id, event.checkoutSessionId)),
  ];
  if (event.customerId) {
    // The customer is normally recorded before checkout; this covers one created by the provider itself.
    statements.push(db.insert(billingCustomers).values({ userId, provider: event.provider, customerId: event.customerId }).onConflictDoNothing());
  }
  return { statements };
}

/** The plan and price a provider price reference points at (null when this site does not know it). */
async function resolvePrice(db: Database, provider: PaymentProviderName, priceRef: string | null) {
  if (!priceRef) return null;
  const condition = provider === "stripe" ? eq(prices.stripePriceId, priceRef) : /^\d{1,12}$/.test(priceRef) ? eq(prices.id, Number(priceRef)) : null;
  if (!condition) return null;
  const [row] = await db
    .select({ priceId: prices.id, productId: prices.productId, planName: products.name, amount: prices.amount, currency: prices.currency })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(condition);
  return row ?? null;
}

/**
 * A subscription state replaces the stored one only when it is newer: a
 * later version, or the same version (providers stamp whole seconds) with a
 * status at least as far along. An ended subscription is only ever replaced
 * by a newer ended state.
 */
const SUBSCRIPTION_NEWER = sql.raw(`
  ("subscriptions"."status_rank" < 2 AND (
     excluded.provider_version > "subscriptions"."provider_version"
     OR (excluded.provider_version = "subscriptions"."provider_version" AND excluded.status_rank >= "subscriptions"."status_rank")))
  OR ("subscriptions"."status_rank" = 2 AND excluded.status_rank = 2
     AND excluded.provider_version > "subscriptions"."provider_version")`);

async function planSubscriptionChange(db: Database, event: BillingEvent, snap: SubscriptionSnapshot): Promise<WritePlan> {
  const owner = await resolveUser(db, event.provider, snap.customerId, snap.userIdHint);
  if (!owner) return { statements: [], ignored: `subscription ${snap.subscriptionId} of unknown customer ${snap.customerId}` };
  const [price, [previous]] = await Promise.all([
    resolvePrice(db, event.provider, snap.priceRef),
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, event.provider), eq(subscriptions.providerSubscriptionId, snap.subscriptionId))),
  ]);
  if (snap.priceRef && !price) {
    log("warn", "subscription to a price this site does not know", { eventId: event.id, priceRef: snap.priceRef });
  }
  const version = event.createdMs;
  const state = {
    productId: price?.productId ?? null,
    priceId: price?.priceId ?? null,
    providerItemId: snap.itemId,
    providerCustomerId: snap.customerId,
    providerPriceId: snap.priceRef,
    status: snap.status,
    statusRank: statusRank(snap.status),
    cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    currentPeriodStart: snap.currentPeriodStart,
    currentPeriodEnd: snap.currentPeriodEnd,
    trialEndsAt: snap.trialEnd,
    canceledAt: snap.canceledAt,
    endedAt: snap.endedAt,
    providerVersion: version,
    updatedAt: new Date(),
  };
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(subscriptions)
      .values({ ...state, userId: owner.userId, provider: event.provider, providerSubscriptionId: snap.subscriptionId })
      .onConflictDoUpdate({ target: [subscriptions.provider, subscriptions.providerSubscriptionId], set: state, setWhere: SUBSCRIPTION_NEWER }),
  ];
  if (!owner.knownCustomer) {
    statements.push(db.insert(billingCustomers).values({ userId: owner.userId, provider: event.provider, customerId: snap.customerId }).onConflictDoNothing());
  }
  // Invoices that arrived before their subscription get linked now.
  statements.push(
    db
      .update(invoices)
      .set({ subscriptionId: sql`(SELECT id FROM subscriptions WHERE provider = ${event.provider} AND provider_subscription_id = ${snap.subscriptionId})` })
      .where(and(eq(invoices.provider, event.provider), eq(invoices.providerSubscriptionId, snap.subscriptionId), sql`${invoices.subscriptionId} IS NULL`)),
  );

  // What changed, for the user's notifications (written only if this state wins).
  const now = new Date(version);
  const wasValid = previous ? isSubscriptionValid(previous, now) : false;
  const isValid = isSubscriptionValid({ ...snap, trialEndsAt: snap.trialEnd }, now);
  const planData = {
    plan: price?.planName ?? null,
    periodEnd: snap.currentPeriodEnd?.toISOString() ?? null,
  };
  const kinds: { kind: Parameters<typeof onSubscriptionEvent>[1]["kind"]; data: Record<string, string | null> }[] = [];
  if (!wasValid && isValid) kinds.push({ kind: "subscribed", data: planData });
  if (wasValid && previous && isValid) {
    if (previous.priceId !== state.priceId) kinds.push({ kind: "plan_changed", data: planData });
    if (!previous.cancelAtPeriodEnd && snap.cancelAtPeriodEnd) kinds.push({ kind: "cancel_scheduled", data: planData });
    if (previous.cancelAtPeriodEnd && !snap.cancelAtPeriodEnd) kinds.push({ kind: "resumed", data: planData });
  }
  if (previous && previous.statusRank < 2 && state.statusRank === 2) kinds.push({ kind: "ended", data: planData });
  for (const { kind, data } of kinds) {
    statements.push(
      onSubscriptionEvent(db, {
        kind,
        userId: owner.userId,
        provider: event.provider,
        sourceEventId: event.id,
        data,
        source: { subscriptionId: snap.subscriptionId, version },
      }),
    );
  }
  return { statements };
}

const INVOICE_RANK: Record<InvoiceStatus, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };

/** Same rule for invoices: a paid (or void) invoice never goes back to open. */
const INVOICE_NEWER = sql.raw(`
  excluded.status_rank > "invoices"."status_rank"
  OR (excluded.status_rank = "invoices"."status_rank" AND excluded.provider_version >= "invoices"."provider_version")`);

async function planInvoice(db: Database, event: Extract<BillingEvent, { kind: "invoice.paid" | "invoice.payment_failed" }>, snap: InvoiceSnapshot): Promise<WritePlan> {
  const owner = await resolveUser(db, event.provider, snap.customerId, null);
  if (!owner) return { statements: [], ignored: `invoice ${snap.invoiceId} of unknown customer ${snap.customerId}` };
  const version = event.createdMs;
  const failed = event.kind === "invoice.payment_failed";
  const subscriptionRef = snap.subscriptionId ? sql<number | null>`(SELECT id FROM subscriptions WHERE provider = ${event.provider} AND provider_subscription_id = ${snap.subscriptionId})` : null;
  const state = {
    subscriptionId: subscriptionRef,
    providerSubscriptionId: snap.subscriptionId,
    number: snap.number,
    status: snap.status,
    statusRank: INVOICE_RANK[snap.status],
    paymentFailedAt: failed && snap.status !== "paid" ? new Date(version) : null,
    paidAt: snap.paidAt,
    total: snap.total,
    amountPaid: snap.amountPaid,
    amountDue: snap.amountDue,
    currency: snap.currency,
    lines: snap.lines,
    hostedUrl: snap.hostedUrl,
    pdfUrl: snap.pdfUrl,
    periodStart: snap.periodStart,
    periodEnd: snap.periodEnd,
    issuedAt: snap.issuedAt,
    providerVersion: version,
  };
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(invoices)
      .values({ ...state, userId: owner.userId, provider: event.provider, providerInvoiceId: snap.invoiceId })
      .onConflictDoUpdate({ target: [invoices.provider, invoices.providerInvoiceId], set: state, setWhere: INVOICE_NEWER }),
  ];
  const amount = formatMoney(failed ? snap.amountDue : snap.amountPaid, snap.currency, "en", { keepDecimals: true });
  const kind = failed ? "payment_failed" : snap.billingReason === "subscription_cycle" ? "renewed" : null;
  if (kind && snap.subscriptionId) {
    statements.push(
      onSubscriptionEvent(db, {
        kind,
        userId: owner.userId,
        provider: event.provider,
        sourceEventId: event.id,
        data: { amount, invoice: snap.number, hostedUrl: snap.hostedUrl },
        source: { invoiceId: snap.invoiceId, version },
      }),
    );
  }
  return { statements };
}

/** Processed event ids older than the retention window are forgotten (scheduled job). */
export async function pruneBillingEvents(db: Database, olderThan: Date) {
  await db.delete(billingEvents).where(and(lt(billingEvents.receivedAt, olderThan), inArray(billingEvents.status, ["processed", "ignored"])));
}
