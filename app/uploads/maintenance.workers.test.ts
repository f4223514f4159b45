import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { TRASH_RETENTION_DAYS } from "~/constants";
import { purgeTrashedEntries, runUploadMaintenance } from "./cleanup.server";
import { deleteFileEntries, insertFileEntry } from "./file-entries.server";
import { createMultipartUpload, receivePart, signPartUrls } from "./s3/multipart.server";
import { fileEntries, uploadParts, uploadSessions } from "./tables";
import { actorFor, createUser, db, makeBytes, makeServices, MiB, type TestServices } from "../../tests/support/uploads.workers";
import { findSession, newFileName, objectKeyFor, startUploadSession, tailKeyFor } from "./upload-sessions.server";

/**
 * The scheduled uploads job, inside workerd with real D1 and R2: files in
 * the trash past the retention are deleted for good (R2 object and row) in
 * batches, newer trash and live files stay; unfinished multipart and tus
 * uploads past their expiry are aborted and forgotten.
 */
const DAY = 86_400_000;

let userId: number;
let services: TestServices;

beforeEach(async () => {
  userId = await createUser();
  services = makeServices();
});

async function storedEntry(bytes = makeBytes(2000, 90)) {
  const fileName = newFileName();
  const path = objectKeyFor(fileName);
  await env.FILES.put(path, bytes);
  return insertFileEntry(db, { name: "notes.txt", fileName, mime: "text/plain", size: bytes.length, extension: "txt", disk: "uploads", path, ownerId: userId });
}

async function trashedAt(entryIds: number[], when: Date) {
  await db.update(fileEntries).set({ deletedAt: when }).where(inArray(fileEntries.id, entryIds));
}

describe("purging the trash", { timeout: 60_000 }, () => {
  it("deletes entries trashed longer than the retention, with their R2 objects, and nothing else", async () => {
    const now = new Date(services.now());
    const old = await storedEntry();
    const recent = await storedEntry();
    const live = await storedEntry();
    // Trashed through the API (sets deleted_at), then aged.
    await deleteFileEntries(services, actorFor(userId), [old.id, recent.id], { forever: false });
    await trashedAt([old.id], new Date(now.getTime() - (TRASH_RETENTION_DAYS + 1) * DAY));
    await trashedAt([recent.id], new Date(now.getTime() - (TRASH_RETENTION_DAYS - 1) * DAY));

    const result = await runUploadMaintenance(db, env.FILES, now);
    expect(result.trashedEntriesPurged).toBeGreaterThanOrEqual(1);

    expect(await db.select().from(fileEntries).where(eq(fileEntries.id, old.id))).toHaveLength(0);
    expect(await env.FILES.head(old.path)).toBeNull();
    for (const kept of [recent, live]) {
      expect(await db.select().from(fileEntries).where(eq(fileEntries.id, kept.id))).toHaveLength(1);
      expect(await env.FILES.head(kept.path)).not.toBeNull();
    }
  });

  it("works through more entries than one batch (D1's 100-parameter limit)", async () => {
    const now = new Date(services.now());
    const entries = [];
    for (let i = 0; i < 205; i++) entries.push(await storedEntry(makeBytes(64, i + 1)));
    const ids = entries.map((e) => e.id);
    for (let i = 0; i < ids.length; i += 90) await trashedAt(ids.slice(i, i + 90), new Date(now.getTime() - 40 * DAY));

    await purgeTrashedEntries(db, env.FILES, now);
    for (let i = 0; i < ids.length; i += 90) {
      expect(
        await db
          .select({ id: fileEntries.id })
          .from(fileEntries)
          .where(inArray(fileEntries.id, ids.slice(i, i + 90))),
      ).toHaveLength(0);
    }
    const heads = await Promise.all(entries.map((e) => env.FILES.head(e.path)));
    expect(heads.filter(Boolean)).toHaveLength(0);
  });

  it("honours a shorter retention and reports the cutoff", async () => {
    const now = new Date(services.now());
    const entry = await storedEntry();
    await trashedAt([entry.id], new Date(now.getTime() - 2 * DAY));
    await purgeTrashedEntries(db, env.FILES, now, { retentionDays: 3 });
    expect(await env.FILES.head(entry.path)).not.toBeNull();
    const result = await purgeTrashedEntries(db, env.FILES, now, { retentionDays: 1 });
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect(result.cutoff).toBe(new Date(now.getTime() - DAY).toISOString());
    expect(await env.FILES.head(entry.path)).toBeNull();
  });
});

describe("stale unfinished uploads", { timeout: 60_000 }, () => {
  it("aborts a multipart upload past its expiry (parts, record and R2 upload) and leaves a current one", async () => {
    const stale = await createMultipartUpload(services, actorFor(userId), { name: "film.mov", mime: "video/quicktime", size: 21 * MiB });
    const { urls } = await signPartUrls(services, actorFor(userId), { ...stale, partNumbers: [1] });
    await receivePart(services, new Request(urls[0].url, { method: "PUT", body: makeBytes(20 * MiB, 91), headers: { "Content-Length": String(20 * MiB) } }));
    const staleRow = await findSession(db, stale.uploadId);

    services.advance(2 * DAY);
    const current = await createMultipartUpload(services, actorFor(userId), { name: "b.mov", mime: "video/quicktime", size: 21 * MiB });
    const result = await runUploadMaintenance(db, env.FILES, new Date(services.now()));
    expect(result.expiredUploadsRemoved).toBeGreaterThanOrEqual(1);

    expect(await findSession(db, stale.uploadId)).toBeNull();
    expect(await db.select().from(uploadParts).where(eq(uploadParts.sessionId, stale.uploadId))).toHaveLength(0);
    // R2 no longer knows the multipart upload: completing it fails.
    await expect(env.FILES.resumeMultipartUpload(stale.key, staleRow!.r2UploadId!).complete([])).rejects.toThrow();
    expect(await findSession(db, current.uploadId)).not.toBeNull();
  });

  it("removes an expired tus upload: its record and its buffered tail", async () => {
    const session = await startUploadSession(
      services,
      actorFor(userId),
      "tus",
      { name: "clip.mp4", mime: "video/mp4", size: 12 * MiB },
      {
        partSize: 5 * MiB,
        expiresInSeconds: 24 * 3600,
      },
    );
    await env.FILES.put(tailKeyFor(session.id, 1000), makeBytes(1000, 92));
    services.advance(2 * DAY);
    await runUploadMaintenance(db, env.FILES, new Date(services.now()));
    expect(await db.select().from(uploadSessions).where(eq(uploadSessions.id, session.id))).toHaveLength(0);
    expect(await env.FILES.head(tailKeyFor(session.id, 1000))).toBeNull();
  });
});
