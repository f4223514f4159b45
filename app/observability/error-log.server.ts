import { count, desc, eq, lt } from "drizzle-orm";
import { ERROR_LOG_RETENTION_DAYS } from "~/constants";
import type { Database } from "~/db/client.server";
import { errorLog, type ErrorLogRow } from "./error-log.tables";
import { sourceMapper } from "./source-maps.server";
import { buildTrace, formatLogEntry, parseStack, type DebugTrace } from "../log/stack-trace";

/** Stacks longer than this are cut (a stack is at most MAX_FRAMES lines anyway). */
const MAX_STACK_CHARS = 16_000;

export interface ErrorRecord {
  requestId: string;
  source: "api" | "page" | "worker";
  exception: string;
  message: string;
  stack: string | null;
  method: string;
  url: string;
  userId: number | null;
  userAgent: string | null;
}

export function recordError(db: Database, record: ErrorRecord) {
  return db.insert(errorLog).values({
    ...record,
    exception: record.exception.slice(0, 200),
    message: record.message.slice(0, 2000),
    stack: record.stack?.slice(0, MAX_STACK_CHARS) ?? null,
    url: record.url.slice(0, 2000),
    userAgent: record.userAgent?.slice(0, 500) ?? null,
  });
}

/** The error's trace with frames mapped to the sources. */
export async function traceOf(entry: Pick<ErrorRecord, "exception" | "message" | "stack">, action: DebugTrace["action"] = null): Promise<DebugTrace> {
  const mapPosition = await sourceMapper(parseStack(entry.stack));
  return buildTrace(entry, mapPosition, action);
}

const listColumns = {
  id: errorLog.id,
  requestId: errorLog.requestId,
  source: errorLog.source,
  exception: errorLog.exception,
  message: errorLog.message,
  method: errorLog.method,
  url: errorLog.url,
  userId: errorLog.userId,
  createdAt: errorLog.createdAt,
};

/** Newest first (index error_log_created_idx), with the total for paging. */
export async function listErrors(db: Database, { page, perPage }: { page: number; perPage: number }) {
  const [rows, totals] = await db.batch([
    db
      .select(listColumns)
      .from(errorLog)
      .orderBy(desc(errorLog.createdAt), desc(errorLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(errorLog),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findError(db: Database, id: number): Promise<ErrorLogRow | null> {
  const [row] = await db.select().from(errorLog).where(eq(errorLog.id, id)).limit(1);
  return row ?? null;
}

export async function findErrorByRequestId(db: Database, requestId: string): Promise<ErrorLogRow | null> {
  const [row] = await db.select().from(errorLog).where(eq(errorLog.requestId, requestId)).orderBy(desc(errorLog.id)).limit(1);
  return row ?? null;
}

/** The newest `limit` errors as a plain-text log, stacks mapped to the sources. */
export async function latestErrorsLog(db: Database, limit: number): Promise<string> {
  const rows = await db.select().from(errorLog).orderBy(desc(errorLog.createdAt), desc(errorLog.id)).limit(limit);
  const entries = await Promise.all(rows.map(async (row) => formatLogEntry(row, await traceOf(row))));
  return entries.length ? `${entries.join("\n\n")}\n` : "No errors have been logged.\n";
}

export function serializeErrorSummary(row: Pick<ErrorLogRow, keyof typeof listColumns>) {
  return {
    id: row.id,
    request_id: row.requestId,
    source: row.source,
    exception: row.exception,
    message: row.message,
    method: row.method,
    url: row.url,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
  };
}

/** Rows past the retention window, for the scheduled job. */
export function pruneErrorLog(db: Database, now = new Date()) {
  const cutoff = new Date(now.getTime() - ERROR_LOG_RETENTION_DAYS * 86_400_000);
  return db.delete(errorLog).where(lt(errorLog.createdAt, cutoff));
}
