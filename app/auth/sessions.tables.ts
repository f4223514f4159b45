import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "~/db/columns";
import { users } from "./users.tables";

/**
 * Signed-in sessions. The cookie carries a random 32-byte token (signed with
 * APP_KEY); the row's id is the token's SHA-256, so a copy of the table
 * cannot be replayed as cookies.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    /** "Stay signed in for a month": a 30-day cookie, else a browser-session cookie. */
    remember: integer("remember", { mode: "boolean" }).notNull().default(false),
    /** "web" for browser sign-ins, "api" for a row recording API-token use. */
    kind: text("kind", { enum: ["web", "api"] })
      .notNull()
      .default("web"),
    deviceType: text("device_type"),
    platform: text("platform"),
    browser: text("browser"),
    ipAddress: text("ip_address"),
    city: text("city"),
    country: text("country"),
    /** Set when the user re-entered their password (spec: 9000-second window). */
    passwordConfirmedAt: integer("password_confirmed_at", { mode: "timestamp" }),
    lastActiveAt: integer("last_active_at", { mode: "timestamp" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId, t.lastActiveAt), index("sessions_expires_idx").on(t.expiresAt)],
);
