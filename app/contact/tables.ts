import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "~/db/columns";

/**
 * Messages sent through the contact form (/contact, POST api/v1/contact-page).
 * Kept so nothing is lost when the mail provider fails; `mailed_at` says
 * whether the copy to the site's address went out.
 */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** The signed-in sender, if any. */
    userId: integer("user_id"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    mailedAt: integer("mailed_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
export type ContactMessage = typeof contactMessages.$inferSelect;
