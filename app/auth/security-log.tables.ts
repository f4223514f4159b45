import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "~/db/columns";
import { users } from "./users.tables";

export const SECURITY_EVENTS = [
  "sign-in",
  "sign-in-failed",
  "two-factor-failed",
  "sign-out",
  "registered",
  "email-verified",
  "password-reset-requested",
  "password-reset",
  "password-changed",
  "password-confirmed",
  "two-factor-enabled",
  "two-factor-disabled",
  "recovery-codes-regenerated",
  "recovery-code-used",
  "social-connected",
  "social-disconnected",
  "email-changed",
  "token-created",
  "token-deleted",
  "sessions-ended",
  // Progressive back-off (decision 021): the 5th failure in a day, and the lock at the 20th.
  "sign-in-throttled",
  "sign-in-locked",
  "two-factor-throttled",
  "two-factor-locked",
  "registration-attempt-existing",
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/** What happened to an account, where and from which device. */
export const securityLog = sqliteTable(
  "security_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event", { enum: SECURITY_EVENTS }).notNull(),
    ipAddress: text("ip_address"),
    deviceType: text("device_type"),
    platform: text("platform"),
    browser: text("browser"),
    city: text("city"),
    country: text("country"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("security_log_user_idx").on(t.userId, t.createdAt)],
);
