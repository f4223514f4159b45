import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { users } from "~/auth/users.tables";
import { subscriptionEvents } from "~/billing/tables";
import { errorFields, log } from "~/log/log.server";
import { notify } from "./deliver.server";
import { subscriptionEventMessage } from "./messages.server";
import { enqueueNotificationJob } from "./queue.server";
import { notificationServices, type NotificationServices } from "./services.server";

/**
 * Billing records what happened to a subscription in subscription_events,
 * in the same batch as the change (docs/decisions/007-billing.md). This turns
 * the rows without notified_at into notifications, oldest first.
 *
 * Each row is claimed (notified_at set where it was still NULL) before it is
 * delivered, so two consumers never send it twice; if delivering fails the
 * claim is released and the next run tries again.
 */
export async function deliverSubscriptionEvents(services: NotificationServices, { limit = 100 }: { limit?: number } = {}) {
  const pending = await services.db
    .select({
      id: subscriptionEvents.id,
      kind: subscriptionEvents.kind,
      data: subscriptionEvents.data,
      userId: users.id,
      email: users.email,
      language: users.language,
    })
    .from(subscriptionEvents)
    .innerJoin(users, eq(users.id, subscriptionEvents.userId))
    .where(isNull(subscriptionEvents.notifiedAt))
    .orderBy(asc(subscriptionEvents.id))
    .limit(limit);
  let delivered = 0;
  for (const event of pending) {
    const [claimed] = await services.db
      .update(subscriptionEvents)
      .set({ notifiedAt: new Date() })
      .where(and(eq(subscriptionEvents.id, event.id), isNull(subscriptionEvents.notifiedAt)))
      .returning({ id: subscriptionEvents.id });
    if (!claimed) continue;
    try {
      const language = event.language ?? services.settings["i18n.default_localization"];
      await notify(services, [{ id: event.userId, email: event.email, language: event.language }], subscriptionEventMessage(event.kind, event.data, language));
      delivered += 1;
    } catch (error) {
      await services.db.update(subscriptionEvents).set({ notifiedAt: sql`NULL` }).where(eq(subscriptionEvents.id, event.id));
      log("error", "subscription event notification failed", { eventId: event.id, ...errorFields(error) });
      throw error;
    }
  }
  return { delivered, more: pending.length === limit };
}

/**
 * Called by billing's routes after they may have written subscription
 * events: the notifications queue delivers them (or, without a queue, the
 * Worker does after the response). The page never waits for it.
 */
export function scheduleSubscriptionEventDelivery(context: Readonly<RouterContextProvider>, request: Request) {
  const services = notificationServices(context, request);
  services.waitUntil(
    enqueueNotificationJob(services, { kind: "subscription-events", baseUrl: services.baseUrl }).catch((error: unknown) =>
      log("error", "could not schedule subscription event notifications", errorFields(error)),
    ),
  );
}
