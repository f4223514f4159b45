import { DomainError } from "~/http/domain-error";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cleanUpExpiredUploads } from "./cleanup.server";
import { receiveDirectUpload } from "./direct-upload.server";
import { deleteFileEntries, insertFileEntry } from "./file-entries.server";
import { createMultipartUpload, receivePart, signPartUrls } from "./s3/multipart.server";
import { presignSimpleUpload, receiveObject } from "./s3/simple-upload.server";
import { fileEntries, uploadSessions, type FileEntryRow } from "./tables";
import { serveFileEntry } from "./serve-file.server";
import { actorFor, createUser, db, listKeys, makeBytes, makeServices, MiB, objectHash, ORIGIN, sha256Hex, viewerFor, type TestServices } from "../../tests/support/uploads.workers";
import { newFileName, objectKeyFor } from "./upload-sessions.server";

let userId: number;
let services: TestServices;

beforeEach(async () => {
  userId = await createUser();
  services = makeServices();
});

function formRequest(parts: [string, string | File][], query = "") {
  const form = new FormData();
  for (const [name, value] of parts) form.append(name, value);
  return new Request(`${ORIGIN}/api/v1/file-entries${query}`, { method: "POST", body: form });
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, code: error.code, message: error.messageKey, values: error.values, field: error.field };
    throw error;
  }
  throw new Error("expected a refusal");
}

async function storedEntry(disk: "public" | "uploads", bytes: Uint8Array<ArrayBuffer> = makeBytes(3000, 40), owner = userId, mime = "image/png"): Promise<FileEntryRow> {
  const fileName = newFileName();
  const path = objectKeyFor(fileName);
  const object = await services.bucket.put(path, bytes, { httpMetadata: { contentType: mime } });
  return insertFileEntry(db, { name: "Poster «1».png", fileName, mime, size: bytes.length, extension: "png", disk, path, etag: object.httpEtag, ownerId: owner });
}

function get(entry: FileEntryRow, headers: Record<string, string> = {}, viewer = viewerFor(userId), query = "") {
  return serveFileEntry(db, services.bucket, viewer, entry.fileName, new Request(`${ORIGIN}/files/${entry.fileName}${query}`, { headers }));
}

describe("direct upload (POST api/v1/file-entries)", () => {
  it("streams a small file into one object and records the entry with its fields", async () => {
    const bytes = makeBytes(200_000, 41);
    const entry = await receiveDirectUpload(
      services,
      formRequest([
        ["workspaceId", "0"],
        ["disk", "public"],
        ["metadata", JSON.stringify({ purpose: "avatar" })],
        ["file", new File([bytes], "me.png", { type: "image/png" })],
      ]),
      () => actorFor(userId),
    );
    expect(entry).toMatchObject({ name: "me.png", mime: "image/png", size: bytes.length, disk: "public", ownerId: userId, metadata: { purpose: "avatar" } });
    expect(await objectHash(entry.path)).toBe(await sha256Hex(bytes));
  });

  it("streams a larger file as a multipart upload, one 5 MiB part at a time", async () => {
    const bytes = makeBytes(12 * MiB + 11, 42);
    const entry = await receiveDirectUpload(services, formRequest([["file", new File([bytes], "clip.mp4", { type: "video/mp4" })]]), () => actorFor(userId));
    expect(entry.size).toBe(bytes.length);
    expect(await objectHash(entry.path)).toBe(await sha256Hex(bytes));
  });

  it("refuses before storing: blocked types, double extensions, HTML content disguised as an image", async () => {
    const before = await listKeys("files/");
    const upload = (name: string, content: BlobPart, type: string) => refusal(receiveDirectUpload(services, formRequest([["file", new File([content], name, { type })]]), () => actorFor(userId)));
    expect(await upload("x.jpg.html", "<p>hi</p>", "image/jpeg")).toMatchObject({ status: 422, code: "file_type_not_allowed", field: "file" });
    expect(await upload("tool.exe", "MZ....", "application/octet-stream")).toMatchObject({ code: "file_type_not_allowed" });
    expect(await upload("cat.png", "<!DOCTYPE html><script>1</script>", "image/png")).toMatchObject({ code: "file_type_not_allowed" });
    expect(await upload("empty.txt", "", "text/plain")).toMatchObject({ code: "file_empty", message: "`:file` is empty" });
    expect(await listKeys("files/")).toEqual(before);
  });

  it("stops a file over the size limit while it streams and keeps nothing", async () => {
    const before = await listKeys("files/");
    const small = actorFor(userId, { maxBytes: 6 * MiB });
    const result = await refusal(receiveDirectUpload(services, formRequest([["file", new File([makeBytes(8 * MiB, 43)], "big.mp4", { type: "video/mp4" })]]), () => small));
    expect(result).toMatchObject({ status: 422, code: "file_too_large", values: { file: "big.mp4", size: "6 MB" } });
    expect(await listKeys("files/")).toEqual(before);
  });

  it("refuses bad forms with clear errors", async () => {
    expect(await refusal(receiveDirectUpload(services, formRequest([["workspaceId", "0"]]), () => actorFor(userId)))).toMatchObject({
      status: 422,
      code: "file_missing",
    });
    const notForm = new Request(`${ORIGIN}/api/v1/file-entries`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(await refusal(receiveDirectUpload(services, notForm, () => actorFor(userId)))).toMatchObject({ status: 415 });
    const badMetadata = formRequest([
      ["metadata", "{not json"],
      ["file", new File(["abc"], "a.txt")],
    ]);
    expect(await refusal(receiveDirectUpload(services, badMetadata, () => actorFor(userId)))).toMatchObject({ status: 422, field: "metadata" });
  });
});

describe("serving files", () => {
  it("serves an uploads-disk file to its owner only (others get 404)", async () => {
    const entry = await storedEntry("uploads");
    const owner = await get(entry);
    expect(owner.status).toBe(200);
    expect(owner.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(owner.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await get(entry, {}, viewerFor(null))).status).toBe(404);
    expect((await get(entry, {}, viewerFor(await createUser()))).status).toBe(404);
    expect((await get(entry, {}, viewerFor(await createUser(), ["files.view"]))).status).toBe(200);
    expect((await get(entry, {}, viewerFor(await createUser(), ["admin"]))).status).toBe(200);
  });

  it("serves public-disk files to anyone, cacheably, with ranges, validators and a safe disposition", async () => {
    const bytes = makeBytes(3000, 44);
    const entry = await storedEntry("public", bytes);
    const guest = viewerFor(null);
    const full = await get(entry, {}, guest);
    expect(full.status).toBe(200);
    expect(full.headers.get("Cache-Control")).toContain("public");
    expect(full.headers.get("Content-Type")).toBe("image/png");
    expect(full.headers.get("Content-Disposition")).toBe(`inline; filename="Poster _1_.png"; filename*=UTF-8''Poster%20%C2%AB1%C2%BB.png`);
    const etag = full.headers.get("ETag")!;
    await full.arrayBuffer();

    const range = await get(entry, { Range: "bytes=100-199" }, guest);
    expect(range.status).toBe(206);
    expect(range.headers.get("Content-Range")).toBe("bytes 100-199/3000");
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    expect((await get(entry, { Range: "bytes=5000-" }, guest)).status).toBe(416);
    expect((await get(entry, { "If-None-Match": etag }, guest)).status).toBe(304);
    const download = await get(entry, {}, guest, "?download");
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment;/);
  });

  it("sends HTML and SVG as attachments under a sandbox", async () => {
    const entry = await storedEntry("public", new TextEncoder().encode("<svg onload=alert(1)>"), userId, "image/svg+xml");
    const response = await get(entry, {}, viewerFor(null));
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
  });

  it("answers 404 for unknown and malformed names", async () => {
    const response = await serveFileEntry(db, services.bucket, viewerFor(userId), "../etc", new Request(`${ORIGIN}/files/x`));
    expect(response.status).toBe(404);
    expect((await serveFileEntry(db, services.bucket, viewerFor(userId), newFileName(), new Request(`${ORIGIN}/files/x`))).status).toBe(404);
  });
});

describe("deleting entries", () => {
  it("moves entries to the trash: the owner still sees them, the public no longer does", async () => {
    const entry = await storedEntry("public");
    await deleteFileEntries(services, actorFor(userId), [entry.id], { forever: false });
    const [row] = await db.select().from(fileEntries).where(eq(fileEntries.id, entry.id));
    expect(row.deletedAt).not.toBeNull();
    expect((await get(entry, {}, viewerFor(null))).status).toBe(404);
    expect((await get(entry)).status).toBe(200);
    expect(await services.bucket.head(entry.path)).not.toBeNull();
  });

  it("deletes forever: the entry and its R2 object are gone", async () => {
    const a = await storedEntry("uploads");
    const b = await storedEntry("public");
    expect(await deleteFileEntries(services, actorFor(userId), [a.id, b.id], { forever: true })).toEqual({ deleted: [a.id, b.id] });
    expect(await db.select().from(fileEntries).where(eq(fileEntries.id, a.id))).toEqual([]);
    expect(await services.bucket.head(a.path)).toBeNull();
    expect(await services.bucket.head(b.path)).toBeNull();
  });

  it("refuses the whole request when one entry belongs to someone else, changing nothing", async () => {
    const mine = await storedEntry("uploads");
    const theirs = await storedEntry("uploads", makeBytes(10, 45), await createUser());
    expect(await refusal(deleteFileEntries(services, actorFor(userId), [mine.id, theirs.id], { forever: true }))).toMatchObject({ status: 403 });
    expect(await services.bucket.head(mine.path)).not.toBeNull();
    expect((await db.select().from(fileEntries).where(eq(fileEntries.id, mine.id)))[0].deletedAt).toBeNull();
    expect(await refusal(deleteFileEntries(services, actorFor(userId), [mine.id, 999_999_999], { forever: false }))).toMatchObject({ status: 404 });
    // Someone with files.delete may.
    await deleteFileEntries(services, actorFor(await createUser(), { canDeleteAll: true }), [theirs.id], { forever: true });
    expect(await services.bucket.head(theirs.path)).toBeNull();
  });
});

describe("cleanup job", { timeout: 30_000 }, () => {
  it("removes abandoned multipart uploads and finished but unclaimed objects, and nothing current", async () => {
    const actor = actorFor(userId);
    const abandoned = await createMultipartUpload(services, actor, { name: "old.mp4", size: 30 * MiB });
    const [url] = (await signPartUrls(services, actor, { ...abandoned, partNumbers: [1] })).urls;
    await receivePart(services, new Request(url.url, { method: "PUT", body: makeBytes(20 * MiB, 46), headers: { "Content-Length": String(20 * MiB) } }));
    const unclaimed = await presignSimpleUpload(services, actor, { name: "a.txt", mime: "text/plain", size: 3 });
    await receiveObject(services, new Request(unclaimed.url, { method: "PUT", body: "abc", headers: { "Content-Length": "3" } }));

    const [{ r2UploadId }] = await db.select({ r2UploadId: uploadSessions.r2UploadId }).from(uploadSessions).where(eq(uploadSessions.id, abandoned.uploadId));
    services.advance(25 * 3600 * 1000);
    const fresh = await createMultipartUpload(services, actor, { name: "new.mp4", size: 30 * MiB });
    await cleanUpExpiredUploads(db, services.bucket, new Date(services.now()));

    const remaining = await db.select({ id: uploadSessions.id }).from(uploadSessions).where(eq(uploadSessions.ownerId, userId));
    expect(remaining.map((r) => r.id)).toEqual([fresh.uploadId]);
    expect(await services.bucket.head(unclaimed.key)).toBeNull();
    // The aborted R2 multipart upload no longer accepts parts.
    await expect(services.bucket.resumeMultipartUpload(abandoned.key, r2UploadId!).uploadPart(2, "data")).rejects.toThrow();
  });
});
