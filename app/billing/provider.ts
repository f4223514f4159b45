import type { BillingEvent } from "./billing-events";
import type { BillingInterval, InvoiceLine, PaymentProviderName } from "./tables";

/**
 * What billing needs from a payment provider. Two implementations: Stripe
 * (stripe-provider.server.ts) and a local one that behaves like Stripe's test
 * mode without network (local-provider.server.ts). Chosen by configuration in
 * payment-provider.server.ts.
 *
 * Methods that change a subscription return the internal events describing
 * the new state; the caller applies them at once (Stripe's webhook brings the
 * same state again later, which is then a no-op).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;

  /** A customer for a user (called once per user; the id is kept in billing_customers). */
  createCustomer(user: CustomerUser): Promise<{ customerId: string }>;

  /** A hosted checkout for a subscription to one price. */
  createCheckoutSession(input: CheckoutInput): Promise<{ sessionId: string; url: string; expiresAt: Date }>;

  /** What switching the subscription to another price would charge now. */
  previewPriceChange(input: PriceChangeInput): Promise<PriceChangePreview>;

  /** Swaps the subscription's price (prorated, invoiced at once); refused when the payment fails. */
  changePrice(input: PriceChangeInput & { prorationDate: Date }): Promise<BillingEvent[]>;

  /** Schedules the end of the subscription at its period end, or takes that back. */
  setCancelAtPeriodEnd(subscription: ProviderSubscriptionRef, cancel: boolean): Promise<BillingEvent[]>;

  /** Ends the subscription at once, without a refund or a further charge (account deletion). */
  cancelNow(subscription: ProviderSubscriptionRef): Promise<BillingEvent[]>;

  /** Where the user updates their payment method (Stripe's billing portal, or the local page). */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;

  /** The customer's default card, for display. */
  fetchDefaultCard(customerId: string): Promise<CardSummary | null>;

  /**
   * The state of a finished hosted checkout, asked from the provider when the
   * user is back before its webhook (Stripe). Providers that apply the
   * checkout themselves (local) do not need it.
   */
  syncCheckout?(sessionId: string): Promise<BillingEvent[]>;
}

export interface CustomerUser {
  id: number;
  email: string;
  name: string;
}

/** A price as a provider needs it. `providerPriceId` is Stripe's id (null for the local provider). */
export interface ProviderPrice {
  priceId: number;
  productId: number;
  planName: string;
  providerPriceId: string | null;
  amount: number;
  currency: string;
  interval: BillingInterval;
  intervalCount: number;
}

export interface CheckoutInput {
  user: CustomerUser;
  customerId: string;
  price: ProviderPrice;
  /** Must contain {CHECKOUT_SESSION_ID}, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderSubscriptionRef {
  subscriptionId: string;
  itemId: string | null;
  customerId: string;
}

export interface PriceChangeInput {
  subscription: ProviderSubscriptionRef & {
    currentPrice: ProviderPrice | null;
    currentPeriodStart: Date | null;
    currentPeriodEnd: Date | null;
  };
  next: ProviderPrice;
}

export interface PriceChangePreview {
  lines: InvoiceLine[];
  total: number;
  amountDue: number;
  currency: string;
  /** The moment the preview was computed for: confirm with the same one so the charge matches. */
  prorationDate: Date;
  /** When the new period ends (the next renewal after the change). */
  nextRenewal: Date | null;
}

export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/** The provider refused a payment (declined card): the message is the provider's, safe to show. */
export class PaymentDeclinedError extends Error {}
