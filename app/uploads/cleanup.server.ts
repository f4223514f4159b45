import type { Database } from "~/db/client.server";
import { log } from "~/observability/log.server";
import { discardSession, expiredSessions } from "./upload-sessions.server";

/** Sessions handled per batch; the job keeps going until none are left or its time is up. */
const BATCH = 25;
const TIME_BUDGET_MS = 20_000;

/**
 * The scheduled cleanup of uploads that will never finish: expired tus
 * uploads (their R2 multipart upload and tail buffers), abandoned multipart
 * and presigned uploads, objects finished but never turned into a file
 * entry, and the bookkeeping of uploads that did become entries.
 */
export async function cleanUpExpiredUploads(db: Database, bucket: R2Bucket, now = new Date()) {
  const started = Date.now();
  let removed = 0;
  let failed = 0;
  while (Date.now() - started < TIME_BUDGET_MS) {
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
