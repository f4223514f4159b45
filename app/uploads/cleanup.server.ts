import { and, asc, inArray, isNotNull, lt } from "drizzle-orm";
import { TRASH_RETENTION_DAYS } from "~/constants";
import type { Database } from "~/db/client.server";
import { log } from "~/log/log.server";
import { fileEntries } from "./tables";
import { discardSession, expiredSessions } from "./upload-sessions.server";

/** Sessions handled per batch; the job keeps going until none are left or its time is up. */
const BATCH = 25;
/** Trashed entries purged per batch: one R2 delete call and one D1 statement (D1 binds at most 100 parameters). */
const PURGE_BATCH = 90;
const TIME_BUDGET_MS = 20_000;

/**
 * The scheduled cleanup of uploads that will never finish: expired tus
 * uploads (their R2 multipart upload and tail buffers), abandoned multipart
 * and presigned uploads, objects finished but never turned into a file
 * entry, and the bookkeeping of uploads that did become entries.
 */
export async function cleanUpExpiredUploads(db: Database, bucket: R2Bucket, now = new Date(), budgetMs = TIME_BUDGET_MS) {
  const started = Date.now();
  let removed = 0;
  let failed = 0;
  while (Date.now() - started < budgetMs) {
    const rows = await expiredSessions(db, now, BATCH);
    if (rows.length === 0) break;
    const results = await Promise.allSettled(rows.map((row) => discardSession({ db, bucket }, row)));
    for (const [i, result] of results.entries()) {
      if (result.status === "fulfilled") removed++;
      else {
        failed++;
        log("warn", "upload cleanup failed", { uploadId: rows[i].id, error: String(result.reason) });
      }
    }
    if (failed > 0 && rows.length < BATCH) break;
    if (failed >= BATCH) break; // the same rows would fail again
  }
  return { removed, failed };
}

/**
 * Deletes for good the file entries that have been in the trash longer than
 * `retentionDays`: their R2 objects first, then the rows, a batch at a time
 * (oldest first, through the deleted_at index). If R2 fails the rows stay
 * and the next run tries again; deleting an R2 key twice is harmless.
 */
export async function purgeTrashedEntries(
  db: Database,
  bucket: R2Bucket,
  now = new Date(),
  { retentionDays = TRASH_RETENTION_DAYS, budgetMs = TIME_BUDGET_MS }: { retentionDays?: number; budgetMs?: number } = {},
) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const started = Date.now();
  let purged = 0;
  while (Date.now() - started < budgetMs) {
    const rows = await db
      .select({ id: fileEntries.id, path: fileEntries.path })
      .from(fileEntries)
      .where(and(isNotNull(fileEntries.deletedAt), lt(fileEntries.deletedAt, cutoff)))
      .orderBy(asc(fileEntries.deletedAt))
      .limit(PURGE_BATCH);
    if (rows.length === 0) break;
    await bucket.delete(rows.map((row) => row.path));
    // Only rows still trashed and old (the same condition as the select).
    await db.delete(fileEntries).where(
      and(
        inArray(
          fileEntries.id,
          rows.map((row) => row.id),
        ),
        isNotNull(fileEntries.deletedAt),
        lt(fileEntries.deletedAt, cutoff),
      ),
    );
    purged += rows.length;
    if (rows.length < PURGE_BATCH) break;
  }
  return { purged, cutoff: cutoff.toISOString() };
}

/** Everything the scheduled uploads job does; also run by `npm run uploads:maintenance`. */
export async function runUploadMaintenance(db: Database, bucket: R2Bucket, now = new Date()) {
  const sessions = await cleanUpExpiredUploads(db, bucket, now);
  const trash = await purgeTrashedEntries(db, bucket, now);
  return { expiredUploadsRemoved: sessions.removed, expiredUploadsFailed: sessions.failed, trashedEntriesPurged: trash.purged };
}
