import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationChannels } from "./notification-data";
import { NOTIFICATION_TYPES, notificationGroups, notificationType, type NotificationType, type NotificationTypeId } from "./notification-types";
import { notificationSubscriptions } from "./tables";

/**
 * Per-channel choices (notification subscription settings).
 * A user without a row for a type gets the type's defaults.
 */

export interface SubscriptionSettings {
  available_channels: NotificationChannel[];
  subscriptions: { group_name: string; subscriptions: { notif_id: string; name: string; required_channels: NotificationChannel[] }[] }[];
  user_selections: { notif_id: string; channels: NotificationChannels }[];
}

/** Every type with the channels this user gets, for the settings page and GET notifications/me/subscriptions. */
export async function subscriptionSettings(db: Database, userId: number, t: (key: string) => string): Promise<SubscriptionSettings> {
  const rows = await db
    .select({ notifId: notificationSubscriptions.notifId, channels: notificationSubscriptions.channels })
    .from(notificationSubscriptions)
    .where(eq(notificationSubscriptions.userId, userId));
  const stored = new Map(rows.map((row) => [row.notifId, row.channels]));
  return {
    available_channels: [...NOTIFICATION_CHANNELS],
    subscriptions: notificationGroups().map(({ group, types }) => ({
      group_name: t(group),
      subscriptions: types.map((type) => ({ notif_id: type.id, name: t(type.name), required_channels: [...(type.required ?? [])] })),
    })),
    user_selections: NOTIFICATION_TYPES.map((type) => ({
      notif_id: type.id,
      channels: completeChannels(stored.get(type.id), type),
    })),
  };
}

/**
 * A stored choice may predate a channel: missing channels take the default.
 * A type's required channels are on whatever was stored or sent (security notifications).
 */
function completeChannels(stored: Partial<NotificationChannels> | undefined, type: NotificationType): NotificationChannels {
  const out = { ...type.defaults };
  if (stored) for (const channel of NOTIFICATION_CHANNELS) if (typeof stored[channel] === "boolean") out[channel] = stored[channel]!;
  for (const channel of type.required ?? []) out[channel] = true;
  return out;
}

export interface SelectionInput {
  notif_id: string;
  channels: Partial<NotificationChannels>;
}

/**
 * Saves choices for the given types (others keep theirs). Unknown type ids
 * are refused by the caller's schema; here they are ignored defensively.
 */
export async function saveSubscriptionSelections(db: Database, userId: number, selections: SelectionInput[]) {
  const rows = selections.flatMap((selection) => {
    const type = notificationType(selection.notif_id);
    if (!type) return [];
    return [{ userId, notifId: type.id, channels: completeChannels(selection.channels, type), updatedAt: new Date() }];
  });
  if (rows.length === 0) return;
  // 4 values per row: at most 24 rows per statement (D1's 100-parameter limit).
  const statements = [];
  for (let i = 0; i < rows.length; i += 24) {
    const chunk = rows.slice(i, i + 24);
    statements.push(
      db
        .insert(notificationSubscriptions)
        .values(chunk)
        .onConflictDoUpdate({
          target: [notificationSubscriptions.userId, notificationSubscriptions.notifId],
          set: { channels: sqlExcluded("channels"), updatedAt: sqlExcluded("updated_at") },
        }),
    );
  }
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

/** The channels each recipient gets for one type, in one query. */
export async function channelsForRecipients(db: Database, userIds: number[], typeId: NotificationTypeId): Promise<Map<number, NotificationChannels>> {
  const type = notificationType(typeId)!;
  const out = new Map<number, NotificationChannels>();
  for (const id of userIds) out.set(id, completeChannels(undefined, type));
  for (let i = 0; i < userIds.length; i += 90) {
    const chunk = userIds.slice(i, i + 90);
    const rows = await db
      .select({ userId: notificationSubscriptions.userId, channels: notificationSubscriptions.channels })
      .from(notificationSubscriptions)
      .where(and(eq(notificationSubscriptions.notifId, typeId), inArray(notificationSubscriptions.userId, chunk)));
    for (const row of rows) out.set(row.userId, completeChannels(row.channels, type));
  }
  return out;
}
