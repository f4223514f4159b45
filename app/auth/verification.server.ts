import { and, eq, sql } from "drizzle-orm";
import { VERIFICATION_MAX_ATTEMPTS } from "~/constants";
import type { Database } from "~/db/client.server";
import { randomString, sha256, timingSafeEqual } from "./crypto.server";
import { verifications, type VerificationType } from "./verifications.tables";

export type VerificationRow = typeof verifications.$inferSelect;

/** A 6-digit numeric code, uniformly random. */
export function generateNumericCode(length: number) {
  return randomString(length, "0123456789");
}

/**
 * Stores a one-time secret for (type, target), replacing any earlier one:
 * only the newest code or link works.
 */
export async function createVerification(db: Database, input: { type: VerificationType; target: string; userId: number | null; secret: string; ttlSeconds: number; data?: Record<string, unknown> }) {
  const secretHash = await sha256(input.secret);
  const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
  await db
    .insert(verifications)
    .values({ type: input.type, target: input.target, userId: input.userId, secretHash, expiresAt, data: input.data ?? null })
    .onConflictDoUpdate({
      target: [verifications.type, verifications.target],
      set: { secretHash, expiresAt, attempts: 0, userId: input.userId, data: input.data ?? null, createdAt: sql`(unixepoch())` },
    });
}

export async function findVerification(db: Database, type: VerificationType, target: string) {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.type, type), eq(verifications.target, target)))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now()) {
    await db.delete(verifications).where(eq(verifications.id, row.id));
    return null;
  }
  return row;
}

export type ConsumeResult = { ok: true; row: VerificationRow } | { ok: false; reason: "invalid" | "expired" | "too-many-attempts" };

/**
 * Checks a submitted secret. A wrong one counts an attempt; after
 * VERIFICATION_MAX_ATTEMPTS the secret is void. The right one deletes the row
 * (single use: of two racing requests only the one whose delete succeeds wins).
 */
export async function consumeVerification(db: Database, input: { type: VerificationType; target: string; secret: string }): Promise<ConsumeResult> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.type, input.type), eq(verifications.target, input.target)))
    .limit(1);
  const submittedHash = await sha256(input.secret);
  if (!row) return { ok: false, reason: "invalid" };
  if (row.expiresAt.getTime() <= Date.now()) {
    await db.delete(verifications).where(eq(verifications.id, row.id));
    return { ok: false, reason: "expired" };
  }
  if (row.attempts >= VERIFICATION_MAX_ATTEMPTS) return { ok: false, reason: "too-many-attempts" };
  if (!timingSafeEqual(submittedHash, row.secretHash)) {
    await countFailedAttempt(db, row.id);
    return { ok: false, reason: row.attempts + 1 >= VERIFICATION_MAX_ATTEMPTS ? "too-many-attempts" : "invalid" };
  }
  const deleted = await db
    .delete(verifications)
    .where(and(eq(verifications.id, row.id), eq(verifications.secretHash, row.secretHash)))
    .returning({ id: verifications.id });
  return deleted.length === 1 ? { ok: true, row } : { ok: false, reason: "invalid" };
}

export function countFailedAttempt(db: Database, id: number) {
  return db
    .update(verifications)
    .set({ attempts: sql`${verifications.attempts} + 1` })
    .where(eq(verifications.id, id));
}

export function deleteVerification(db: Database, type: VerificationType, target: string) {
  return db.delete(verifications).where(and(eq(verifications.type, type), eq(verifications.target, target)));
}

export function deleteExpiredVerifications(db: Database) {
  return db.delete(verifications).where(sql`${verifications.expiresAt} < unixepoch()`);
}
