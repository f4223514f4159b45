import type { InvoiceLine, InvoiceStatus, PaymentProviderName, SubscriptionStatus } from "./tables";

/**
 * The internal billing events. The Stripe webhook translates Stripe's events
 * into these, and the local provider emits the same ones, so one function
 * (applyBillingEvent) writes every subscription and invoice change.
 *
 * `id` is the provider's event id (idempotency); `createdMs` is when the
 * provider created it, and becomes the version of the state it carries.
 */
interface EventBase {
  id: string;
  provider: PaymentProviderName;
  /** The provider's own event type, for the log and the events table. */
  type: string;
  createdMs: number;
}

/** A subscription as the provider last described it. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  itemId: string | null;
  /** Stripe: the Stripe price id; local: our price id as a string. */
  priceRef: string | null;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  /** Our user id as written into the provider's metadata, used only when the customer is unknown. */
  userIdHint: number | null;
}

export interface InvoiceSnapshot {
  invoiceId: string;
  customerId: string;
  subscriptionId: string | null;
  number: string | null;
  status: InvoiceStatus;
  /** Why the invoice exists: first payment, renewal, plan change, other. */
  billingReason: "subscription_create" | "subscription_cycle" | "subscription_update" | "other";
  total: number;
  amountPaid: number;
  amountDue: number;
  currency: string;
  lines: InvoiceLine[];
  hostedUrl: string | null;
  pdfUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  issuedAt: Date;
  paidAt: Date | null;
}

export type BillingEvent =
  | (EventBase & {
      kind: "checkout.completed";
      checkoutSessionId: string;
      customerId: string | null;
      subscriptionId: string | null;
      userIdHint: number | null;
    })
  | (EventBase & { kind: "checkout.expired"; checkoutSessionId: string })
  | (EventBase & { kind: "subscription.changed"; subscription: SubscriptionSnapshot })
  | (EventBase & { kind: "invoice.paid"; invoice: InvoiceSnapshot })
  | (EventBase & { kind: "invoice.payment_failed"; invoice: InvoiceSnapshot })
  /** An event type billing does not act on: acknowledged, recorded, nothing changes. */
  | (EventBase & { kind: "ignored" });

/** A random id for events the local provider (or a direct API response) emits. */
export function localEventId(prefix = "evt_local") {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${prefix}_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
