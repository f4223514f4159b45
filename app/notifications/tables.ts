import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { createdAt, updatedAt } from "~/db/columns";
import type { NotificationChannels, NotificationData } from "./notification-data";

/**
 * Notifications and each user's per-channel choices.
 *
 * - `notifications`: one row per notification a user receives through the
 *   database channel (`in_app` = 1: listed on /notifications and in the
 *   navbar) or the browser channel (`browser` = 1: shown by an open tab
 *   through the Web Notifications API). A notification that goes only by
 *   mail has no row. `data` is rendered in the recipient's language when it
 *   is created (image, lines, mainAction, buttonActions, inviteId).
 * - `notification_subscriptions`: the channels a user chose for one
 *   notification type; no row means the type's defaults.
 * - `notification_broadcasts`: an admin's message to many users, delivered
 *   in slices by the notifications queue (`cursor` = the last user id done).
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A notification type id from app/notifications/notification-types.ts. */
    type: text("type").notNull(),
    data: text("data", { mode: "json" }).$type<NotificationData>().notNull(),
    inApp: integer("in_app", { mode: "boolean" }).notNull().default(true),
    browser: integer("browser", { mode: "boolean" }).notNull().default(false),
    readAt: integer("read_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The list (newest first) and the unread count.
    index("notifications_user_list_idx").on(t.userId, t.inApp, t.id),
    index("notifications_user_unread_idx").on(t.userId, t.inApp, t.readAt),
    // A user's rows by id: an open tab's poll (newest id; browser ones newer than the last it
    // showed), marking chosen ids read, the account export.
    index("notifications_user_idx").on(t.userId, t.id),
    // The scheduled prune: browser-only rows by age, read rows by when they were read.
    index("notifications_in_app_created_idx").on(t.inApp, t.createdAt),
    index("notifications_read_idx").on(t.readAt),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

export const notificationSubscriptions = sqliteTable(
  "notification_subscriptions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notifId: text("notif_id").notNull(),
    channels: text("channels", { mode: "json" }).$type<NotificationChannels>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notifId] })],
);

export const BROADCAST_STATUSES = ["sending", "sent"] as const;

export const notificationBroadcasts = sqliteTable(
  "notification_broadcasts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Who receives it: everyone, or users with one of these roles, or these users. */
    audience: text("audience", { mode: "json" }).$type<{ roleIds: number[] | null; userIds?: number[] | null }>().notNull(),
    title: text("title").notNull(),
    /** Sanitised HTML. */
    body: text("body").notNull(),
    action: text("action", { mode: "json" }).$type<{ label: string; action: string } | null>(),
    /** Site origin for links in mails (the queue has no request). */
    baseUrl: text("base_url").notNull(),
    status: text("status", { enum: BROADCAST_STATUSES }).notNull().default("sending"),
    cursor: integer("cursor").notNull().default(0),
    recipients: integer("recipients").notNull().default(0),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp" }),
  },
  (t) => [index("notification_broadcasts_created_idx").on(t.createdAt)],
);

/** Unread notifications of a user, for users.unread_notifications_count. */
export const unreadCountOf = (userId: number) => sql<number>`(SELECT count(*) FROM notifications WHERE user_id = ${userId} AND in_app = 1 AND read_at IS NULL)`;
