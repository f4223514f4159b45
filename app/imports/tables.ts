import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { createdAt, updatedAt } from "~/db/columns";

export const LIBRARY_IMPORT_STATUSES = ["review", "queued", "running", "done", "failed", "undone"] as const;
export type LibraryImportStatus = (typeof LIBRARY_IMPORT_STATUSES)[number];

/**
 * One import (decision 027): read and matched at upload (status `review`:
 * the member fixes misses), then written by the imports queue in chunks
 * (`next_chunk` of `chunk_count`, `done_rows` of `total_rows`: the progress
 * bar and the resume point), `done`, and perhaps `undone`. The parsed file
 * and the member's choices live in R2 under `imports/{user}/{id}/`; every row
 * the import adds carries its id (`import_id`), so undo removes exactly them.
 */
export const importJobs = sqliteTable(
  "import_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: LIBRARY_IMPORT_STATUSES }).notNull().default("review"),
    totalRows: integer("total_rows").notNull().default(0),
    doneRows: integer("done_rows").notNull().default(0),
    chunkCount: integer("chunk_count").notNull().default(0),
    nextChunk: integer("next_chunk").notNull().default(0),
    reviewsPrivate: integer("reviews_private", { mode: "boolean" }).notNull().default(true),
    /** What was read and matched, and after the run what was added (ImportSummary). */
    summary: text("summary", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("import_jobs_user_idx").on(t.userId, t.id), index("import_jobs_status_idx").on(t.status, t.updatedAt)],
);
export type ImportJobRow = typeof importJobs.$inferSelect;
