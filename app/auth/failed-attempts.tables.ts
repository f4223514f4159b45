import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Failed sign-ins and two-factor codes over a rolling day (decision 021,
 * findings 2 and 3; migrations/0023_b_failed_attempts.sql). One row per
 * subject and kind; the count is raised by one atomic upsert, so it is exact
 * under parallel attempts. See app/auth/attempt-throttle.server.ts.
 */
export const failedAttempts = sqliteTable(
  "failed_attempts",
  {
    /** The normalised e-mail address (sign-in), "user:<id>" (two-factor) or "device:<nonce>" (a known device). */
    subject: text("subject").notNull(),
    kind: text("kind", { enum: ["sign-in", "two-factor"] }).notNull(),
    windowStartedAt: integer("window_started_at", { mode: "timestamp" }).notNull(),
    failures: integer("failures").notNull().default(0),
    lastFailedAt: integer("last_failed_at", { mode: "timestamp" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.kind] }), index("failed_attempts_window_idx").on(t.windowStartedAt)],
);
