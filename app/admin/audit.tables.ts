import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { createdAt } from "~/db/columns";

/**
 * The admin area's audit log: one row per change made there (who, what,
 * before and after). Written in the same D1 batch as the change itself, so a
 * change is never without its record and a record never without its change.
 * `before`/`after` hold only the fields that changed (whole rows for
 * creations and deletions), secrets never.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's e-mail at the time: the log still says who after the account is gone. */
    userEmail: text("user_email"),
    /** What was done, as a permission-like name: "titles.update", "users.ban", "settings.update". */
    action: text("action").notNull(),
    /** What it was done to: "title", "user", "setting", "theme", ... */
    subjectType: text("subject_type").notNull(),
    /** The subject's id (a number as text, a setting key, a language code); null for many at once. */
    subjectId: text("subject_id"),
    /** A readable name of the subject at the time (a title's name, a user's e-mail). */
    subjectLabel: text("subject_label"),
    before: text("before", { mode: "json" }).$type<Record<string, unknown> | null>(),
    after: text("after", { mode: "json" }).$type<Record<string, unknown> | null>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_subject_idx").on(t.subjectType, t.subjectId, t.id), index("audit_log_user_idx").on(t.userId, t.id), index("audit_log_action_idx").on(t.action, t.id)],
);
export type AuditLogRow = typeof auditLog.$inferSelect;
