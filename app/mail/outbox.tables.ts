import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "~/db/columns";

/**
 * Mails written in local mode instead of being sent: read them at
 * /dev/mailbox (HTML) or /dev/mailbox.json.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);
