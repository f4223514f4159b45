import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { RequestInfo } from "./request-info.server";
import { securityLog, type SecurityEvent } from "./security-log.tables";

/** The insert statement for one security-log entry (so callers can put it in a batch). */
export function securityLogEntry(db: Database, userId: number, event: SecurityEvent, info: RequestInfo | null, data?: Record<string, unknown>) {
  return db.insert(securityLog).values({
    userId,
    event,
    ipAddress: info?.ipAddress ?? null,
    deviceType: info?.deviceType ?? null,
    platform: info?.platform ?? null,
    browser: info?.browser ?? null,
    city: info?.city ?? null,
    country: info?.country ?? null,
    data: data ?? null,
  });
}

export function recordSecurityEvent(db: Database, userId: number, event: SecurityEvent, info: RequestInfo | null, data?: Record<string, unknown>) {
  return securityLogEntry(db, userId, event, info, data);
}

export function listSecurityLog(db: Database, userId: number, limit = 50) {
  return db.select().from(securityLog).where(eq(securityLog.userId, userId)).orderBy(desc(securityLog.createdAt), desc(securityLog.id)).limit(limit);
}
