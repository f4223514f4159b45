import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { createdAt } from "~/db/columns";

/**
 * Every mail sent through the mail queue (app/mail/mail-queue.server.ts),
 * rendered when it was requested. The queue message carries only the id, so
 * nothing is lost when a delivery fails: after the last retry the row stays
 * `failed` with the provider's answer, and can be sent again.
 */
export const MAIL_DELIVERY_STATUSES = ["queued", "sent", "failed"] as const;
export type MailDeliveryStatus = (typeof MAIL_DELIVERY_STATUSES)[number];

export const mailDeliveries = sqliteTable(
  "mail_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** What asked for it: a notification type id, or another sender's name. */
    source: text("source").notNull(),
    status: text("status", { enum: MAIL_DELIVERY_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp" }),
    failedAt: integer("failed_at", { mode: "timestamp" }),
  },
  (t) => [
    // The scheduled job's stale queued ones (status, created_at); the admin list by status, newest first (status, id).
    index("mail_deliveries_status_idx").on(t.status, t.createdAt),
    index("mail_deliveries_status_id_idx").on(t.status, t.id),
    index("mail_deliveries_user_idx").on(t.userId),
  ],
);
export type MailDeliveryRow = typeof mailDeliveries.$inferSelect;
