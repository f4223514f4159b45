import Stripe from "stripe";
import { STRIPE_WEBHOOK_TOLERANCE_S } from "~/constants";
import { localEventId, type BillingEvent } from "./billing-events";
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
import type { BillingInterval } from "./tables";
import { billingEventFromStripe, subscriptionSnapshotFromStripe } from "./stripe-events";

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Point the SDK at another server (tests use a local fake Stripe). */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

/** Webhook signature missing, wrong, or too old: answer 400, apply nothing. */
export class WebhookSignatureError extends Error {}

/**
 * The Stripe implementation, as Workers run it: the fetch HTTP client and
 * Web Crypto for webhook signatures (no Node APIs).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly crypto = Stripe.createSubtleCryptoProvider();

  constructor(config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "media-catalogue-billing" },
      ...(config.host ? { host: config.host } : {}),
      ...(config.port ? { port: config.port } : {}),
      ...(config.protocol ? { protocol: config.protocol } : {}),
    });
    this.webhookSecret = config.webhookSecret;
  }

  /**
   * Verifies a webhook delivery (signature and a timestamp no older than
   * STRIPE_WEBHOOK_TOLERANCE_S, which refuses replays) and translates it.
   */
  async parseWebhook(payload: string, signature: string | null, receivedAt?: number): Promise<BillingEvent> {
    if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header.");
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(payload, signature, this.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_S, this.crypto, receivedAt);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature.");
    }
    return billingEventFromStripe(event);
  }

  async createCustomer(user: CustomerUser) {
    const customer = await this.stripe.customers.create(
      { email: user.email, name: user.name, metadata: { user_id: String(user.id) } },
      // Two requests racing for the same user get the same customer.
      { idempotencyKey: `customer-user-${user.id}` },
    );
    return { customerId: customer.id };
  }

  async createCheckoutSession(input: CheckoutInput) {
    if (!input.price.providerPriceId) throw new Error("This price is not synced with Stripe yet.");
    const meta = { user_id: String(input.user.id), product_id: String(input.price.productId), price_id: String(input.price.priceId) };
    const session = await this.stripe.checkout.sessions.create({
      mode: "subscription",
      customer: input.customerId,
      client_reference_id: String(input.user.id),
      line_items: [{ price: input.price.providerPriceId, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata: meta,
      subscription_data: { metadata: meta },
      allow_promotion_codes: true,
    });
    if (!session.url) throw new Error("Stripe returned a checkout session without a URL.");
    return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async previewPriceChange(input: PriceChangeInput): Promise<PriceChangePreview> {
    if (!input.next.providerPriceId) throw new Error("This price is not synced with Stripe yet.");
    const prorationDate = new Date(Math.floor(Date.now() / 1000) * 1000);
    const preview = await this.stripe.invoices.createPreview({
      customer: input.subscription.customerId,
      subscription: input.subscription.subscriptionId,
      subscription_details: {
        items: [itemChange(input.subscription, input.next.providerPriceId)],
        proration_behavior: "always_invoice",
        proration_date: Math.floor(prorationDate.getTime() / 1000),
      },
    });
    const lines = preview.lines.data.map((line) => ({
      description: line.description ?? "",
      amount: line.amount,
      proration: line.parent?.subscription_item_details?.proration ?? false,
    }));
    const renewal = preview.lines.data
      .filter((line) => !(line.parent?.subscription_item_details?.proration ?? false))
      .map((line) => line.period.end)
      .sort((a, b) => b - a)[0];
    return {
      lines,
      total: preview.total,
      amountDue: preview.amount_due,
      currency: preview.currency,
      prorationDate,
      nextRenewal: renewal ? new Date(renewal * 1000) : (input.subscription.currentPeriodEnd ?? null),
    };
  }

  async changePrice(input: PriceChangeInput & { prorationDate: Date }): Promise<BillingEvent[]> {
    if (!input.next.providerPriceId) throw new Error("This price is not synced with Stripe yet.");
    const updated = await this.stripe.subscriptions.update(input.subscription.subscriptionId, {
      items: [itemChange(input.subscription, input.next.providerPriceId)],
      proration_behavior: "always_invoice",
      proration_date: Math.floor(input.prorationDate.getTime() / 1000),
      // The new price applies only once its invoice is paid; a declined card changes nothing.
      payment_behavior: "pending_if_incomplete",
      expand: ["latest_invoice.payments"],
    });
    if (updated.pending_update) {
      throw new PaymentDeclinedError("Your card was declined. Your plan was not changed; update your payment method and try again.");
    }
    return [snapshotEvent(updated)];
  }

  async setCancelAtPeriodEnd(subscription: ProviderSubscriptionRef, cancel: boolean): Promise<BillingEvent[]> {
    const updated = await this.stripe.subscriptions.update(subscription.subscriptionId, { cancel_at_period_end: cancel });
    return [snapshotEvent(updated)];
  }

  async cancelNow(subscription: ProviderSubscriptionRef): Promise<BillingEvent[]> {
    // No proration credit and no final invoice: the account is going away.
    const cancelled = await this.stripe.subscriptions.cancel(subscription.subscriptionId, { invoice_now: false, prorate: false });
    return [snapshotEvent(cancelled)];
  }

  async syncCheckout(sessionId: string): Promise<BillingEvent[]> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] });
    if (session.mode !== "subscription" || session.status !== "complete") return [];
    const subscription = session.subscription;
    const customerId = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
    const events: BillingEvent[] = [
      {
        id: `sync_${session.id}`,
        provider: "stripe",
        type: "api.checkout.session.retrieve",
        createdMs: Date.now(),
        kind: "checkout.completed",
        checkoutSessionId: session.id,
        customerId,
        subscriptionId: typeof subscription === "string" ? subscription : (subscription?.id ?? null),
        userIdHint: session.client_reference_id && /^\d{1,12}$/.test(session.client_reference_id) ? Number(session.client_reference_id) : null,
      },
    ];
    if (subscription && typeof subscription !== "string") {
      events.push({
        id: `sync_${session.id}_${subscription.id}`,
        provider: "stripe",
        type: "api.subscription.retrieve",
        // The lowest version: it only fills in a subscription no webhook has described yet; any webhook replaces it.
        createdMs: 1,
        kind: "subscription.changed",
        subscription: subscriptionSnapshotFromStripe(subscription),
      });
    }
    return events;
  }

  async createPortalSession(customerId: string, returnUrl: string) {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return { url: session.url };
  }

  async fetchDefaultCard(customerId: string): Promise<CardSummary | null> {
    const customer = await this.stripe.customers.retrieve(customerId, { expand: ["invoice_settings.default_payment_method"] });
    if (customer.deleted) return null;
    let method = customer.invoice_settings?.default_payment_method;
    if (!method || typeof method === "string") {
      const list = await this.stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 1 });
      method = list.data[0] ?? null;
    }
    if (!method || typeof method === "string" || !method.card) return null;
    return { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
  }

  /** Creates the Stripe product of a plan. */
  async createProduct(plan: { id: number; name: string; description: string; hidden: boolean }) {
    const product = await this.stripe.products.create(
      {
        name: plan.name,
        ...(plan.description ? { description: plan.description } : {}),
        active: !plan.hidden,
        metadata: { product_id: String(plan.id) },
      },
      { idempotencyKey: `product-${plan.id}` },
    );
    return product.id;
  }

  async updateProduct(stripeProductId: string, plan: { name: string; description: string; hidden: boolean }) {
    await this.stripe.products.update(stripeProductId, {
      name: plan.name,
      description: plan.description || "",
      active: !plan.hidden,
    });
  }

  /** Creates the Stripe price of a price row (prices are immutable at Stripe and here). */
  async createPrice(stripeProductId: string, price: { id: number; amount: number; currency: string; interval: BillingInterval; intervalCount: number }) {
    const created = await this.stripe.prices.create(
      {
        product: stripeProductId,
        unit_amount: price.amount,
        currency: price.currency,
        recurring: { interval: price.interval, interval_count: price.intervalCount },
        metadata: { price_id: String(price.id) },
      },
      { idempotencyKey: `price-${price.id}-${price.amount}-${price.currency}-${price.interval}-${price.intervalCount}` },
    );
    return created.id;
  }

  async archivePrice(stripePriceId: string) {
    await this.stripe.prices.update(stripePriceId, { active: false });
  }
}

function itemChange(subscription: ProviderSubscriptionRef, price: string) {
  if (!subscription.itemId) throw new Error("The subscription has no item to change.");
  return { id: subscription.itemId, price };
}

/** The state a Stripe API call returned, as an event applied like a webhook. */
function snapshotEvent(subscription: Stripe.Subscription): BillingEvent {
  return {
    id: localEventId("evt_api"),
    provider: "stripe",
    type: "api.subscription.update",
    // Stripe stamps events in whole seconds: the webhook for this very change then ties and re-applies the same state.
    createdMs: Math.floor(Date.now() / 1000) * 1000,
    kind: "subscription.changed",
    subscription: subscriptionSnapshotFromStripe(subscription),
  };
}
