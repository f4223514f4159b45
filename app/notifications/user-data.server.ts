import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { mailDeliveries } from "~/mail/deliveries.tables";
import { notifications, notificationSubscriptions } from "./tables";

/**
 * Notifications' part of "Download my data" (see app/account/): every
 * notification the user received, their per-channel choices, and the mails
 * sent to them (subject, reason and status; not the bodies, which may hold
 * one-time links and codes). Deleting the user row removes all of these by
 * cascade.
 */
const PAGE = 500;

export async function exportNotificationData(db: Database, userId: number) {
  const [choices, mails] = await Promise.all([
    db
      .select({ notif_id: notificationSubscriptions.notifId, channels: notificationSubscriptions.channels, updated_at: notificationSubscriptions.updatedAt })
      .from(notificationSubscriptions)
      .where(eq(notificationSubscriptions.userId, userId)),
    db
      .select({
        to: mailDeliveries.to,
        subject: mailDeliveries.subject,
        source: mailDeliveries.source,
        status: mailDeliveries.status,
        created_at: mailDeliveries.createdAt,
        sent_at: mailDeliveries.sentAt,
      })
      .from(mailDeliveries)
      .where(eq(mailDeliveries.userId, userId))
      .orderBy(asc(mailDeliveries.id)),
  ]);
  const list = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: notifications.id,
        type: notifications.type,
        data: notifications.data,
        in_app: notifications.inApp,
        browser: notifications.browser,
        read_at: notifications.readAt,
        created_at: notifications.createdAt,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.id, after)))
      .orderBy(asc(notifications.id))
      .limit(PAGE);
    list.push(...rows.map(({ id: _id, ...row }) => row));
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].id;
  }
  return { notifications: list, notification_settings: choices, mails };
}
