import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client.server";

/** One statement of a D1 batch. */
export type Statement = BatchItem<"sqlite">;

/** A change a domain function made, as an audit log sees it. */
export interface RecordedChange {
  /** The subject's id; `newRowId` for a row inserted just before in the same batch. */
  subjectId: string | number | SQL | null;
  /** A readable name of what changed (a title's name, a user's e-mail). */
  label?: string | null;
  /** The changed fields before and after (null before a creation, after a deletion). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Domain write functions accept an optional recorder and add the statement
 * it returns to their own batch, so the record commits with the change or
 * not at all (the admin area's audit log; app/admin/audit.server.ts).
 */
export type ChangeRecorder = (change: RecordedChange) => Statement;

/**
 * The id of the row the previous statement of a batch inserted (a batch runs
 * on one connection, in order), for recording a creation in the same batch:
 * the record must come right after the insert.
 */
export const newRowId = sql`CAST(last_insert_rowid() AS TEXT)`;

/** Runs statements as one batch (all or nothing); nothing to do for none. */
export async function runBatch(db: Database, statements: Statement[]) {
  if (statements.length === 0) return [];
  return db.batch(statements as [Statement, ...Statement[]]);
}

/**
 * The fields of `after` whose values differ from `before`, as a pair of
 * small objects (what an audit row stores for an update). Values are
 * compared as JSON, so arrays and objects compare by content.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const a = normalise(before[key]);
    const b = normalise(after[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      was[key] = a;
      now[key] = b;
    }
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

function normalise(value: unknown) {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/** A write refused by a UNIQUE index (D1 and libSQL say so in the message of the error or its cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (/UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/i.test(String((e as { message?: unknown }).message ?? e))) return true;
  }
  return false;
}
