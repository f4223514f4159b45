import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { serializeFileEntry } from "./file-entries.server";
import { fileEntries, uploadSessions } from "./tables";
import { discardSession } from "./upload-sessions.server";

/**
 * Uploads' part of "Download my data" and of account deletion (see
 * app/account/): the user's file entries, and removing every object they
 * stored in R2. Deleting the user row alone would only set owner_id to null
 * and leave the files behind.
 */

/** R2 deletes at most 1000 keys per call; D1 binds at most 100 parameters per statement. */
const PAGE = 100;

/** Metadata of every file entry the user owns (trashed ones included), oldest first. */
export async function exportFileEntries(db: Database, userId: number) {
  const out = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(fileEntries)
      .where(and(eq(fileEntries.ownerId, userId), gt(fileEntries.id, after)))
      .orderBy(asc(fileEntries.id))
      .limit(PAGE);
    out.push(...rows.map((row) => ({ ...serializeFileEntry(row), metadata: row.metadata })));
    if (rows.length < PAGE) return out;
    after = rows[rows.length - 1].id;
  }
}

/**
 * Deletes every upload of the user: unfinished uploads (aborting R2
 * multipart uploads and tus tails) and every file entry with its R2 object
 * (avatars included). R2 goes first, so a failure leaves rows that a retry
 * finds again. Returns how many objects were removed.
 */
export async function deleteAllUploadsOf(deps: { db: Database; bucket: R2Bucket }, userId: number) {
  const { db, bucket } = deps;
  for (;;) {
    const sessions = await db.select().from(uploadSessions).where(eq(uploadSessions.ownerId, userId)).limit(PAGE);
    for (const session of sessions) await discardSession(deps, session);
    if (sessions.length < PAGE) break;
  }
  let removed = 0;
  for (;;) {
    const rows = await db.select({ id: fileEntries.id, path: fileEntries.path }).from(fileEntries).where(eq(fileEntries.ownerId, userId)).orderBy(asc(fileEntries.id)).limit(PAGE);
    if (rows.length === 0) return removed;
    await bucket.delete(rows.map((row) => row.path));
    await db.delete(fileEntries).where(
      inArray(
        fileEntries.id,
        rows.map((row) => row.id),
      ),
    );
    removed += rows.length;
  }
}
