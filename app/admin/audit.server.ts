import { and, desc, eq, like, lt, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { ChangeRecorder, RecordedChange, Statement } from "~/db/change-recorder";
import { users } from "~/auth/users.tables";
import { auditLog } from "./audit.tables";

/** Who made a change, as the audit log keeps it. */
export interface AuditActor {
  userId: number | null;
  email: string | null;
  ip: string | null;
}

/** Field names whose values never reach the log (hashes, secrets, tokens). */
const SECRET = /password|secret|token|recovery|two_?factor/i;

function scrub(value: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!value) return null;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (SECRET.test(key)) out[key] = "[hidden]";
    else if (typeof field === "string" && field.length > 20_000) out[key] = `${field.slice(0, 20_000)}…`;
    else out[key] = field instanceof Date ? field.toISOString() : field;
  }
  return out;
}

/** The audit row for one change, as a statement to run in the change's own batch. */
export function auditStatement(db: Database, actor: AuditActor, action: string, subjectType: string, change: RecordedChange): Statement {
  return db.insert(auditLog).values({
    userId: actor.userId,
    userEmail: actor.email,
    action,
    subjectType,
    subjectId: change.subjectId === null ? null : typeof change.subjectId === "object" ? change.subjectId : String(change.subjectId),
    subjectLabel: change.label ? change.label.slice(0, 250) : null,
    before: scrub(change.before),
    after: scrub(change.after),
    ip: actor.ip,
  });
}

/**
 * A recorder for domain functions (ChangeRecorder): each change they make
 * under `action` is logged in their own batch.
 */
export function auditRecorder(db: Database, actor: AuditActor, action: string, subjectType: string): ChangeRecorder {
  return (change) => auditStatement(db, actor, action, subjectType, change);
}

export interface AuditLogQuery {
  action?: string | null;
  subjectType?: string | null;
  subjectId?: string | null;
  userId?: number | null;
  /** Rows older than this id (keyset paging, newest first). */
  before?: number | null;
  limit: number;
}

/**
 * Audit rows newest first, optionally for one action (or action prefix like
 * "titles."), one subject or one user. Keyset paging on the id: every filter
 * has an index ending in id, so a page is an index range scan.
 */
export async function listAuditLog(db: Database, query: AuditLogQuery) {
  const where: SQL[] = [];
  if (query.action) where.push(query.action.endsWith(".") ? like(auditLog.action, `${query.action}%`) : eq(auditLog.action, query.action));
  if (query.subjectType) where.push(eq(auditLog.subjectType, query.subjectType));
  if (query.subjectId) where.push(eq(auditLog.subjectId, query.subjectId));
  if (query.userId) where.push(eq(auditLog.userId, query.userId));
  if (query.before) where.push(lt(auditLog.id, query.before));
  const rows = await db
    .select({
      id: auditLog.id,
      userId: auditLog.userId,
      userEmail: auditLog.userEmail,
      currentEmail: users.email,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      subjectLabel: auditLog.subjectLabel,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

/** The distinct actions and subject types logged so far, for the filters. */
export async function auditLogFacets(db: Database) {
  const [actions, types] = await db.batch([
    db.select({ value: auditLog.action }).from(auditLog).groupBy(auditLog.action).orderBy(auditLog.action),
    db.select({ value: auditLog.subjectType }).from(auditLog).groupBy(auditLog.subjectType).orderBy(auditLog.subjectType),
  ]);
  return { actions: actions.map((r) => r.value), subjectTypes: types.map((r) => r.value) };
}
