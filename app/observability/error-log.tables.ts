import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "~/db/columns";

/**
 * Unexpected server errors (spec sections 3 and 8: "Errors are recorded in an
 * error log that admins can read"). The raw stack is kept; it is mapped to
 * source files (app/observability/stack-trace.server.ts) when an admin reads
 * it or when a debug trace is answered. Old rows are pruned by the scheduled job.
 */
export const errorLog = sqliteTable(
  "error_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The request's X-Request-Id, shown to visitors on the generic error page. */
    requestId: text("request_id").notNull(),
    /** Where it was caught: "api", "page" (a loader, action or render) or "worker". */
    source: text("source").notNull(),
    exception: text("exception").notNull(),
    message: text("message").notNull(),
    stack: text("stack"),
    method: text("method").notNull(),
    /** Path and query, at most 2000 characters. */
    url: text("url").notNull(),
    userId: integer("user_id"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("error_log_created_idx").on(t.createdAt), index("error_log_request_idx").on(t.requestId)],
);
export type ErrorLogRow = typeof errorLog.$inferSelect;
