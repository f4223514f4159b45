import { sql } from "drizzle-orm";
import { check, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { createdAt } from "~/db/columns";

/**
 * The diary's calendar feed and the alerts for what a member tracks
 * (migration 0065, decision 034). The diary and the year in review read the
 * library's `watch_history`; nothing here copies it.
 */

/** The private iCal feed's secret address (/calendar/{token}.ics): rotation replaces the token, revocation deletes the row. */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_idx").on(t.token)],
);

export const ALERT_KINDS = ["episode", "release"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * One row per alert sent: a new episode (subject: the episode) or a release
 * (subject: the title) for one member. The primary key is the dedupe: the
 * job inserts with OR IGNORE and notifies only the rows it inserted.
 */
export const trackingAlerts = sqliteTable(
  "tracking_alerts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    subjectId: integer("subject_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.subjectId] }), check("tracking_alerts_kind_check", sql`${t.kind} IN ('episode', 'release')`)],
);
