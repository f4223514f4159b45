import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { applyBillingEvent } from "./apply-event.server";
import type { PaymentProvider } from "./provider";
import { billingCustomers, invoices, prices, products, subscriptionEvents, subscriptions } from "./tables";

/**
 * Billing's part of "Download my data" and of account deletion (see
 * app/account/). Deleting the user row removes billing rows by cascade;
 * what must happen first is ending every live subscription at the provider,
 * so nobody is charged for an account that no longer exists.
 */

export class SubscriptionCancelError extends Error {}

/**
 * Ends every subscription of the user that is not already over, at once,
 * through the provider that runs it, and records the final state. Throws
 * SubscriptionCancelError when one cannot be cancelled (no provider for it,
 * or the provider refused): the account must then stay.
 */
export async function cancelSubscriptionsForDeletion(db: Database, provider: PaymentProvider | null, userId: number, now = new Date()) {
  const live = await db
    .select()
    .from(subscriptions)
    // Rank 2 is a final state (canceled, incomplete_expired): nothing to end.
    .where(and(eq(subscriptions.userId, userId), lt(subscriptions.statusRank, 2)));
  for (const sub of live) {
    if (!provider || provider.name !== sub.provider) {
      throw new SubscriptionCancelError(`No ${sub.provider} payment provider to cancel subscription ${sub.id}.`);
    }
    let events;
    try {
      events = await provider.cancelNow({ subscriptionId: sub.providerSubscriptionId, itemId: sub.providerItemId, customerId: sub.providerCustomerId });
    } catch (error) {
      throw new SubscriptionCancelError(`The provider refused to cancel subscription ${sub.id}: ${String(error)}`);
    }
    for (const event of events) await applyBillingEvent(db, event, now);
  }
  return { cancelled: live.length };
}

/** What billing holds about the user, for their data export (no provider secrets; card as brand and last four digits). */
export async function exportBillingData(db: Database, userId: number) {
  const [customers, subscriptionRows, invoiceRows, events] = await Promise.all([
    db
      .select({
        provider: billingCustomers.provider,
        customer_id: billingCustomers.customerId,
        card_brand: billingCustomers.cardBrand,
        card_last4: billingCustomers.cardLast4,
        card_exp_month: billingCustomers.cardExpMonth,
        card_exp_year: billingCustomers.cardExpYear,
        credit_balance: billingCustomers.creditBalance,
        created_at: billingCustomers.createdAt,
      })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId)),
    db
      .select({
        id: subscriptions.id,
        plan: products.name,
        amount: prices.amount,
        currency: prices.currency,
        interval: prices.interval,
        interval_count: prices.intervalCount,
        provider: subscriptions.provider,
        status: subscriptions.status,
        cancel_at_period_end: subscriptions.cancelAtPeriodEnd,
        current_period_start: subscriptions.currentPeriodStart,
        current_period_end: subscriptions.currentPeriodEnd,
        trial_ends_at: subscriptions.trialEndsAt,
        canceled_at: subscriptions.canceledAt,
        ended_at: subscriptions.endedAt,
        created_at: subscriptions.createdAt,
      })
      .from(subscriptions)
      .leftJoin(products, eq(products.id, subscriptions.productId))
      .leftJoin(prices, eq(prices.id, subscriptions.priceId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.id)),
    db
      .select({
        number: invoices.number,
        status: invoices.status,
        total: invoices.total,
        amount_paid: invoices.amountPaid,
        amount_due: invoices.amountDue,
        currency: invoices.currency,
        lines: invoices.lines,
        period_start: invoices.periodStart,
        period_end: invoices.periodEnd,
        issued_at: invoices.issuedAt,
        paid_at: invoices.paidAt,
        hosted_url: invoices.hostedUrl,
      })
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.issuedAt)),
    db
      .select({ kind: subscriptionEvents.kind, data: subscriptionEvents.data, created_at: subscriptionEvents.createdAt })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, userId))
      .orderBy(desc(subscriptionEvents.id)),
  ]);
  return { customers, subscriptions: subscriptionRows, invoices: invoiceRows, subscription_events: events };
}
