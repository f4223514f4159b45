import { z } from "zod";
import type { BillingEvent, InvoiceSnapshot, SubscriptionSnapshot } from "./billing-events";
import { INVOICE_STATUSES, SUBSCRIPTION_STATUSES, type InvoiceLine } from "./tables";

/**
 * Stripe's webhook events in the terms of the internal billing events. Only
 * the fields billing uses are read, and every one is checked: a payload that
 * does not have them is refused with a clear error instead of being half
 * applied. Works with both places Stripe has kept the billing period (on the
 * subscription item since 2025, on the subscription before).
 */

const id = z.string().min(1).max(255);
const ref = z.union([id, z.object({ id })]).transform((value) => (typeof value === "string" ? value : value.id));
const timestamp = z.number().int().nonnegative();
const optionalTimestamp = timestamp.nullish().transform((value) => (value ? new Date(value * 1000) : null));
const metadata = z.record(z.string(), z.string()).nullish();

function userIdFrom(meta: Record<string, string> | null | undefined, fallback?: string | null) {
  const raw = meta?.user_id ?? fallback ?? null;
  return raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

const subscriptionObject = z.object({
  id,
  customer: ref,
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  cancel_at: timestamp.nullish(),
  canceled_at: optionalTimestamp,
  ended_at: optionalTimestamp,
  trial_end: optionalTimestamp,
  current_period_start: timestamp.nullish(),
  current_period_end: timestamp.nullish(),
  metadata,
  items: z.object({
    data: z
      .array(
        z.object({
          id,
          price: z.object({ id }),
          current_period_start: timestamp.nullish(),
          current_period_end: timestamp.nullish(),
        }),
      )
      .min(1),
  }),
});

const invoiceObject = z.object({
  id,
  customer: ref,
  number: z.string().nullish(),
  status: z.enum(INVOICE_STATUSES).nullish(),
  billing_reason: z.string().nullish(),
  total: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string().min(3).max(3),
  hosted_invoice_url: z.string().nullish(),
  invoice_pdf: z.string().nullish(),
  period_start: timestamp.nullish(),
  period_end: timestamp.nullish(),
  created: timestamp,
  status_transitions: z.object({ paid_at: timestamp.nullish() }).partial().nullish(),
  // Where the subscription is named: `parent` since 2025, `subscription` before.
  parent: z.object({ subscription_details: z.object({ subscription: ref }).nullish() }).nullish(),
  subscription: ref.nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          description: z.string().nullish(),
          amount: z.number().int(),
          proration: z.boolean().optional(),
          parent: z.object({ subscription_item_details: z.object({ proration: z.boolean() }).nullish() }).nullish(),
          period: z.object({ start: timestamp, end: timestamp }).nullish(),
        }),
      ),
    })
    .nullish(),
});

const checkoutSessionObject = z.object({
  id,
  mode: z.string(),
  customer: ref.nullish(),
  subscription: ref.nullish(),
  client_reference_id: z.string().nullish(),
  metadata,
});

export const stripeEventEnvelope = z.object({
  id,
  type: z.string().min(1).max(100),
  created: timestamp,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export class StripePayloadError extends Error {}

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StripePayloadError(`Malformed ${what}: ${issue?.path.join(".") || "object"} ${issue?.message ?? ""}`.trim());
  }
  return parsed.data;
}

export function subscriptionSnapshotFromStripe(object: unknown): SubscriptionSnapshot {
  const sub = parse(subscriptionObject, object, "subscription");
  const item = sub.items.data[0];
  const start = item.current_period_start ?? sub.current_period_start ?? null;
  const end = item.current_period_end ?? sub.current_period_end ?? null;
  return {
    subscriptionId: sub.id,
    customerId: sub.customer,
    itemId: item.id,
    priceRef: item.price.id,
    status: sub.status,
    // `cancel_at` set to the period end is how newer dashboards schedule a cancellation.
    cancelAtPeriodEnd: sub.cancel_at_period_end || (sub.cancel_at != null && end != null && sub.cancel_at <= end),
    currentPeriodStart: start ? new Date(start * 1000) : null,
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    trialEnd: sub.trial_end,
    canceledAt: sub.canceled_at,
    endedAt: sub.ended_at,
    userIdHint: userIdFrom(sub.metadata),
  };
}

function billingReason(reason: string | null | undefined): InvoiceSnapshot["billingReason"] {
  return reason === "subscription_create" || reason === "subscription_cycle" || reason === "subscription_update" ? reason : "other";
}

export function invoiceSnapshotFromStripe(object: unknown): InvoiceSnapshot {
  const invoice = parse(invoiceObject, object, "invoice");
  const lines: InvoiceLine[] = (invoice.lines?.data ?? []).slice(0, 50).map((line) => ({
    description: line.description ?? "",
    amount: line.amount,
    proration: line.parent?.subscription_item_details?.proration ?? line.proration ?? false,
  }));
  const paidAt = invoice.status_transitions?.paid_at;
  return {
    invoiceId: invoice.id,
    customerId: invoice.customer,
    subscriptionId: invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null,
    number: invoice.number ?? null,
    status: invoice.status ?? "open",
    billingReason: billingReason(invoice.billing_reason),
    total: invoice.total,
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency.toLowerCase(),
    lines,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
    periodStart: invoice.period_start ? new Date(invoice.period_start * 1000) : null,
    periodEnd: invoice.period_end ? new Date(invoice.period_end * 1000) : null,
    issuedAt: new Date(invoice.created * 1000),
    paidAt: paidAt ? new Date(paidAt * 1000) : null,
  };
}

/** Translates a verified Stripe event into an internal billing event. */
export function billingEventFromStripe(raw: unknown): BillingEvent {
  const event = parse(stripeEventEnvelope, raw, "event");
  const base = { id: event.id, provider: "stripe" as const, type: event.type, createdMs: event.created * 1000 };
  const object = event.data.object;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = parse(checkoutSessionObject, object, "checkout session");
      if (session.mode !== "subscription") return { ...base, kind: "ignored" };
      return {
        ...base,
        kind: "checkout.completed",
        checkoutSessionId: session.id,
        customerId: session.customer ?? null,
        subscriptionId: session.subscription ?? null,
        userIdHint: userIdFrom(session.metadata, session.client_reference_id),
      };
    }
    case "checkout.session.expired":
      return { ...base, kind: "checkout.expired", checkoutSessionId: parse(checkoutSessionObject, object, "checkout session").id };
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      return { ...base, kind: "subscription.changed", subscription: subscriptionSnapshotFromStripe(object) };
    case "invoice.paid":
      return { ...base, kind: "invoice.paid", invoice: invoiceSnapshotFromStripe(object) };
    case "invoice.payment_failed":
      return { ...base, kind: "invoice.payment_failed", invoice: invoiceSnapshotFromStripe(object) };
    default:
      return { ...base, kind: "ignored" };
  }
}
