/**
 * Stripe objects and events shaped as Stripe's API (version 2026-10-28)
 * sends them, trimmed to realistic essentials, for billing's tests.
 */

let counter = 0;
export function stripeId(prefix: string) {
  counter++;
  return `${prefix}_${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export interface SubscriptionFixture {
  id: string;
  customer: string;
  price: string;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  periodStart?: number;
  periodEnd?: number;
  itemId?: string;
  endedAt?: number | null;
  canceledAt?: number | null;
  trialEnd?: number | null;
  userId?: number;
}

export function stripeSubscription(f: SubscriptionFixture) {
  const start = f.periodStart ?? Math.floor(Date.now() / 1000);
  const end = f.periodEnd ?? start + 30 * 86400;
  return {
    id: f.id,
    object: "subscription",
    customer: f.customer,
    status: f.status ?? "active",
    cancel_at_period_end: f.cancelAtPeriodEnd ?? false,
    cancel_at: f.cancelAtPeriodEnd ? end : null,
    canceled_at: f.canceledAt ?? null,
    ended_at: f.endedAt ?? null,
    trial_end: f.trialEnd ?? null,
    created: start,
    currency: "usd",
    livemode: false,
    metadata: f.userId ? { user_id: String(f.userId) } : {},
    items: {
      object: "list",
      data: [
        {
          id: f.itemId ?? `si_${f.id.slice(4)}`,
          object: "subscription_item",
          current_period_start: start,
          current_period_end: end,
          price: { id: f.price, object: "price", unit_amount: 800, currency: "usd", recurring: { interval: "month", interval_count: 1 } },
          quantity: 1,
          subscription: f.id,
        },
      ],
      has_more: false,
    },
    pending_update: null,
  };
}

export function stripeInvoice(f: { id: string; customer: string; subscription: string | null; status: "open" | "paid"; amount: number; reason?: string; created?: number }) {
  const created = f.created ?? Math.floor(Date.now() / 1000);
  return {
    id: f.id,
    object: "invoice",
    customer: f.customer,
    number: `ABCD-${f.id.slice(-4).toUpperCase()}`,
    status: f.status,
    billing_reason: f.reason ?? "subscription_cycle",
    total: f.amount,
    amount_due: f.amount,
    amount_paid: f.status === "paid" ? f.amount : 0,
    currency: "usd",
    hosted_invoice_url: `https://invoice.stripe.com/i/${f.id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/${f.id}/pdf`,
    period_start: created,
    period_end: created,
    created,
    status_transitions: { paid_at: f.status === "paid" ? created : null },
    parent: f.subscription ? { type: "subscription_details", subscription_details: { subscription: f.subscription, metadata: {} } } : null,
    lines: {
      object: "list",
      data: [{ description: "1 × Standard (at $8.00 / month)", amount: f.amount, parent: { subscription_item_details: { proration: false } }, period: { start: created, end: created + 30 * 86400 } }],
    },
  };
}

export function stripeEvent(type: string, object: unknown, created = Math.floor(Date.now() / 1000), id = stripeId("evt")) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
