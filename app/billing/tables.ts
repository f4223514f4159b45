import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { createdAt, updatedAt } from "~/db/columns";

/**
 * Billing: plans (products) and their prices, the payment provider's customer
 * per user, subscriptions, invoices, checkout sessions, the webhook events
 * already applied (idempotency) and an outbox of subscription events for the
 * notifications module.
 *
 * Amounts are integers in the currency's minor unit (cents), as Stripe keeps
 * them. Provider timestamps are stored as Date; `provider_version` is the
 * provider's time of the state we hold, in milliseconds, and decides whether
 * a late event may overwrite it (see app/billing/apply-event.server.ts).
 */

export const BILLING_INTERVALS = ["day", "month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const PAYMENT_PROVIDERS = ["stripe", "local"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** A permission a plan grants while subscribed, with optional quotas. */
export interface PlanPermission {
  name: string;
  restrictions: { name: string; value: number }[];
}

/** A plan (Product). */
export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Order on the pricing page. */
    position: integer("position").notNull().default(0),
    /** Hidden plans are not offered (existing subscribers keep them). */
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    recommended: integer("recommended", { mode: "boolean" }).notNull().default(false),
    /** The free plan: never checked out, shown for guests to register. */
    free: integer("free", { mode: "boolean" }).notNull().default(false),
    featureList: text("feature_list", { mode: "json" }).$type<string[]>().notNull().default([]),
    permissions: text("permissions", { mode: "json" }).$type<PlanPermission[]>().notNull().default([]),
    /** The Stripe product this plan is kept in step with (null until synced, always null for free plans). */
    stripeProductId: text("stripe_product_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("products_stripe_product_unique").on(t.stripeProductId), index("products_position_idx").on(t.hidden, t.position)],
);
export type Product = typeof products.$inferSelect;

/** A price of a plan (Price). */
export const prices = sqliteTable(
  "prices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Minor units (cents). */
    amount: integer("amount").notNull(),
    /** ISO 4217, lower case as Stripe writes it ("usd"). */
    currency: text("currency").notNull(),
    interval: text("interval", { enum: BILLING_INTERVALS }).notNull(),
    intervalCount: integer("interval_count").notNull().default(1),
    /** No longer offered; kept because subscriptions may still point at it. */
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    stripePriceId: text("stripe_price_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("prices_product_idx").on(t.productId),
    uniqueIndex("prices_stripe_price_unique").on(t.stripePriceId),
    check("prices_amount_check", sql`${t.amount} >= 0`),
    check("prices_interval_count_check", sql`${t.intervalCount} >= 1`),
  ],
);
export type Price = typeof prices.$inferSelect;

/** The payment provider's customer of a user: created once, reused for every checkout. */
export const billingCustomers = sqliteTable(
  "billing_customers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    customerId: text("customer_id").notNull(),
    /** The default card as the billing page shows it ("Visa ending 4242, 12/2030"). */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    cardExpMonth: integer("card_exp_month"),
    cardExpYear: integer("card_exp_year"),
    /**
     * Local provider only: whether later charges to this card succeed, as the
     * test card it was entered with behaves in Stripe's test mode.
     */
    localChargeOutcome: text("local_charge_outcome", { enum: ["succeeds", "declined"] }),
    /** Account credit (minor units) from plan downgrades, used by the next invoices (local provider; Stripe keeps its own). */
    creditBalance: integer("credit_balance").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] }), uniqueIndex("billing_customers_provider_customer_unique").on(t.provider, t.customerId)],
);
export type BillingCustomer = typeof billingCustomers.$inferSelect;

/**
 * Provider statuses (Stripe's list). The rank orders them for out-of-order
 * events: 0 incomplete (only ever first), 1 live states, 2 ended (terminal:
 * never revived by a late event).
 */
export const SUBSCRIPTION_STATUSES = ["incomplete", "incomplete_expired", "trialing", "active", "past_due", "unpaid", "paused", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null when the provider reports a price this site does not know. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    priceId: integer("price_id").references(() => prices.id, { onDelete: "set null" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    /** The subscription item whose price a plan change swaps. */
    providerItemId: text("provider_item_id"),
    providerCustomerId: text("provider_customer_id").notNull(),
    providerPriceId: text("provider_price_id"),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    statusRank: integer("status_rank").notNull(),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    currentPeriodStart: integer("current_period_start", { mode: "timestamp" }),
    currentPeriodEnd: integer("current_period_end", { mode: "timestamp" }),
    trialEndsAt: integer("trial_ends_at", { mode: "timestamp" }),
    canceledAt: integer("canceled_at", { mode: "timestamp" }),
    endedAt: integer("ended_at", { mode: "timestamp" }),
    providerVersion: integer("provider_version").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_provider_unique").on(t.provider, t.providerSubscriptionId),
    index("subscriptions_user_idx").on(t.userId, t.statusRank),
    index("subscriptions_product_idx").on(t.productId),
    index("subscriptions_price_idx").on(t.priceId),
    // The local provider's renewal job: due subscriptions by status and period end.
    index("subscriptions_renewal_idx").on(t.provider, t.status, t.currentPeriodEnd),
    // Admin subscriptions list: filtered by status, sorted by period end.
    index("subscriptions_status_idx").on(t.status, t.currentPeriodEnd),
    index("subscriptions_period_end_idx").on(t.currentPeriodEnd),
  ],
);
export type Subscription = typeof subscriptions.$inferSelect;

export const INVOICE_STATUSES = ["draft", "open", "paid", "uncollectible", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface InvoiceLine {
  description: string;
  amount: number;
  proration: boolean;
}

export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    providerInvoiceId: text("provider_invoice_id").notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    number: text("number"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull(),
    statusRank: integer("status_rank").notNull(),
    /** Set when the last payment attempt failed and the invoice is still unpaid. */
    paymentFailedAt: integer("payment_failed_at", { mode: "timestamp" }),
    paidAt: integer("paid_at", { mode: "timestamp" }),
    total: integer("total").notNull(),
    amountPaid: integer("amount_paid").notNull().default(0),
    amountDue: integer("amount_due").notNull().default(0),
    currency: text("currency").notNull(),
    lines: text("lines", { mode: "json" }).$type<InvoiceLine[]>().notNull().default([]),
    hostedUrl: text("hosted_url"),
    pdfUrl: text("pdf_url"),
    periodStart: integer("period_start", { mode: "timestamp" }),
    periodEnd: integer("period_end", { mode: "timestamp" }),
    issuedAt: integer("issued_at", { mode: "timestamp" }).notNull(),
    providerVersion: integer("provider_version").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_provider_unique").on(t.provider, t.providerInvoiceId),
    index("invoices_user_idx").on(t.userId, t.issuedAt),
    index("invoices_subscription_idx").on(t.subscriptionId),
    // Linking invoices that arrived before their subscription.
    index("invoices_provider_subscription_idx").on(t.provider, t.providerSubscriptionId),
  ],
);
export type Invoice = typeof invoices.$inferSelect;

/**
 * A checkout started by a user: the provider's session and what it buys.
 * Reused while open, so reloading the checkout URL does not start another.
 */
export const checkoutSessions = sqliteTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceId: integer("price_id")
      .notNull()
      .references(() => prices.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["open", "complete", "expired"] })
      .notNull()
      .default("open"),
    url: text("url").notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    completedAt: integer("completed_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [index("checkout_sessions_user_idx").on(t.userId, t.priceId, t.status)],
);
export type CheckoutSession = typeof checkoutSessions.$inferSelect;

/**
 * Provider events already seen, by event id: a redelivered event is answered
 * without being applied twice. `processing` rows are claims of an event being
 * applied right now; a claim left by a crashed request expires.
 */
export const billingEvents = sqliteTable(
  "billing_events",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    type: text("type").notNull(),
    status: text("status", { enum: ["processing", "processed", "ignored"] }).notNull(),
    /** When the provider created the event, in milliseconds. */
    eventCreatedAt: integer("event_created_at").notNull(),
    receivedAt: integer("received_at", { mode: "timestamp" }).notNull(),
    processedAt: integer("processed_at", { mode: "timestamp" }),
  },
  (t) => [index("billing_events_received_idx").on(t.receivedAt)],
);

export const SUBSCRIPTION_EVENT_KINDS = ["subscribed", "renewed", "plan_changed", "cancel_scheduled", "resumed", "ended", "payment_failed"] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];

/**
 * What happened to a user's subscription, written in the same batch as the
 * change. The notifications module sends them (and stamps `notified_at`).
 */
export const subscriptionEvents = sqliteTable(
  "subscription_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SUBSCRIPTION_EVENT_KINDS }).notNull(),
    /** Plan name, amounts, dates: what a message needs, frozen at the time. */
    data: text("data", { mode: "json" }).$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** The provider event that caused it (unique with kind, so a replay adds nothing). */
    sourceEventId: text("source_event_id").notNull(),
    notifiedAt: integer("notified_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscription_events_source_unique").on(t.sourceEventId, t.kind),
    index("subscription_events_pending_idx").on(t.notifiedAt, t.id),
    index("subscription_events_user_idx").on(t.userId, t.id),
  ],
);
export type SubscriptionEvent = typeof subscriptionEvents.$inferSelect;
