import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscriptionEvents, type PaymentProviderName, type SubscriptionEventKind } from "./tables";

export type SubscriptionEventData = Record<string, string | number | boolean | null>;

/**
 * Records what happened to a user's subscription (subscribed, renewed, plan
 * changed, cancellation scheduled, resumed, ended, payment failed) in the
 * subscription_events outbox. Sending the notifications (mail, in-app) is the
 * notifications module's work: it reads rows without `notified_at`.
 *
 * Returns a statement for the same batch as the change, so the event exists
 * exactly when the change does. It is written only if the row it comes from
 * (the subscription, or the invoice for payment events) holds the state this
 * provider event produced (`version`): a late event that lost to a newer one
 * records nothing. A replayed provider event records nothing either (unique
 * source event and kind).
 */
export function onSubscriptionEvent(
  db: Database,
  event: {
    kind: SubscriptionEventKind;
    userId: number;
    provider: PaymentProviderName;
    sourceEventId: string;
    data: SubscriptionEventData;
    /** The row that must hold `version` for the event to count. */
    source: { subscriptionId: string; version: number } | { invoiceId: string; version: number };
  },
) {
  const data = JSON.stringify(event.data);
  // INSERT ... SELECT through the query builder (a raw db.run() cannot be batched on D1 with
  // parameters). The SELECT lists every column in table order; id and notified_at stay NULL.
  const from =
    "subscriptionId" in event.source
      ? sql`FROM subscriptions s WHERE s.provider = ${event.provider}
          AND s.provider_subscription_id = ${event.source.subscriptionId}
          AND s.provider_version = ${event.source.version}`
      : sql`FROM invoices s WHERE s.provider = ${event.provider}
          AND s.provider_invoice_id = ${event.source.invoiceId}
          AND s.provider_version = ${event.source.version}`;
  const subscriptionColumn = "subscriptionId" in event.source ? sql.raw("s.id") : sql.raw("s.subscription_id");
  return db
    .insert(subscriptionEvents)
    .select(sql`SELECT NULL, ${event.userId}, ${subscriptionColumn}, ${event.kind}, ${data}, ${event.sourceEventId}, NULL, unixepoch() ${from}`)
    .onConflictDoNothing();
}
