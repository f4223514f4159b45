import { DomainError } from "~/http/domain-error";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { claimStoredUpload } from "../file-entries.server";
import { uploadParts, uploadSessions } from "../tables";
import { actorFor, createUser, db, makeBytes, makeServices, MiB, objectHash, sha256Hex, type TestServices } from "../../../tests/support/uploads.workers";
import { abortMultipartUpload, completeMultipartUpload, createMultipartUpload, getUploadedParts, receivePart, signPartUrls } from "./multipart.server";
import { createEntryFromStoredObject, presignSimpleUpload, receiveObject } from "./simple-upload.server";

let userId: number;
let services: TestServices;

beforeEach(async () => {
  userId = await createUser();
  services = makeServices();
});

const SIZE = 41 * MiB + 7; // parts of 20 MiB, 20 MiB and 1 MiB + 7 bytes

async function start(size = SIZE, name = "film.mov") {
  return createMultipartUpload(services, actorFor(userId), { name, mime: "video/quicktime", size });
}

function put(url: string, bytes: Uint8Array<ArrayBuffer>, length = bytes.length) {
  return receivePart(services, new Request(url, { method: "PUT", body: bytes, headers: { "Content-Length": String(length) } }));
}

async function signed(upload: { uploadId: string; key: string }, partNumbers: number[]) {
  const { urls } = await signPartUrls(services, actorFor(userId), { ...upload, partNumbers });
  return new Map(urls.map((u) => [u.partNumber, u.url]));
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, code: error.code, message: error.messageKey, values: error.values };
    throw error;
  }
  throw new Error("expected a refusal");
}

function slice(data: Uint8Array<ArrayBuffer>, part: number, partSize = 20 * MiB) {
  return data.subarray((part - 1) * partSize, Math.min(part * partSize, data.length));
}

describe("S3-style multipart uploads", { timeout: 30_000 }, () => {
  it("uses 20 MB parts, signs URLs, stores parts, completes and creates the entry", async () => {
    const data = makeBytes(SIZE, 31);
    const upload = await start();
    expect(upload).toMatchObject({ partSize: 20 * MiB, partCount: 3 });
    expect(upload.key).toMatch(/^files\/[a-f0-9]{32}$/);
    const urls = await signed(upload, [1, 2, 3]);
    const etags = [];
    for (const part of [1, 2, 3]) {
      const { etag } = await put(urls.get(part)!, slice(data, part));
      etags.push({ PartNumber: part, ETag: `"${etag}"` });
    }
    const result = await completeMultipartUpload(services, actorFor(userId), { ...upload, parts: etags });
    expect(result).toEqual({ key: upload.key, size: SIZE });
    expect(await objectHash(upload.key)).toBe(await sha256Hex(data));

    const entry = await createEntryFromStoredObject(services, actorFor(userId), { filename: upload.key.split("/")[1] });
    expect(entry).toMatchObject({ name: "film.mov", size: SIZE, mime: "video/quicktime", path: upload.key });
  });

  it("lists the parts already uploaded after a partial upload (for resuming)", async () => {
    const data = makeBytes(SIZE, 32);
    const upload = await start();
    const urls = await signed(upload, [1, 3]);
    const first = await put(urls.get(1)!, slice(data, 1));
    const third = await put(urls.get(3)!, slice(data, 3));
    expect(await getUploadedParts(services, actorFor(userId), upload)).toEqual([
      { PartNumber: 1, ETag: first.etag, Size: 20 * MiB },
      { PartNumber: 3, ETag: third.etag, Size: MiB + 7 },
    ]);
    // Resume: only the missing part, then complete.
    const second = await put((await signed(upload, [2])).get(2)!, slice(data, 2));
    await completeMultipartUpload(services, actorFor(userId), {
      ...upload,
      parts: [
        { PartNumber: 1, ETag: first.etag },
        { PartNumber: 2, ETag: second.etag },
        { PartNumber: 3, ETag: third.etag },
      ],
    });
    expect(await objectHash(upload.key)).toBe(await sha256Hex(data));
  });

  it("refuses a part URL for another part number, key or upload, and an expired one", async () => {
    const data = makeBytes(SIZE, 33);
    const upload = await start();
    const other = await start();
    const url = new URL((await signed(upload, [1])).get(1)!);
    const tampered = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return copy.toString();
    };
    expect(await refusal(put(tampered("partNumber", "2"), slice(data, 2)))).toMatchObject({ status: 403, code: "invalid_signature" });
    expect(await refusal(put(tampered("key", other.key), slice(data, 1)))).toMatchObject({ status: 403, code: "invalid_signature" });
    expect(await refusal(put(tampered("uploadId", other.uploadId), slice(data, 1)))).toMatchObject({ status: 403, code: "invalid_signature" });
    services.advance(2 * 3600 * 1000);
    expect(await refusal(put(url.toString(), slice(data, 1)))).toMatchObject({ status: 403, code: "expired_signature" });
    expect(await db.select().from(uploadParts).where(eq(uploadParts.sessionId, upload.uploadId))).toEqual([]);
  });

  it("refuses a part of the wrong size (a 1-byte part in the middle) and parts that do not exist", async () => {
    const upload = await start();
    const urls = await signed(upload, [2]);
    expect(await refusal(put(urls.get(2)!, new Uint8Array([1])))).toMatchObject({ status: 400, code: "bad_part_size" });
    expect(await refusal(signPartUrls(services, actorFor(userId), { ...upload, partNumbers: [4] }))).toMatchObject({
      status: 400,
      code: "part_out_of_range",
    });
    // A body shorter than its Content-Length never becomes a part.
    await expect(put(urls.get(2)!, new Uint8Array(10), 20 * MiB)).rejects.toThrow();
    expect(await getUploadedParts(services, actorFor(userId), upload)).toEqual([]);
  });

  it("refuses to complete with missing, unknown or reordered parts, and leaves the upload open", async () => {
    const data = makeBytes(SIZE, 34);
    const upload = await start();
    const urls = await signed(upload, [1, 2, 3]);
    const etags: Record<number, string> = {};
    for (const part of [1, 2]) etags[part] = (await put(urls.get(part)!, slice(data, part))).etag;

    const complete = (parts: { PartNumber: number; ETag: string }[]) => refusal(completeMultipartUpload(services, actorFor(userId), { ...upload, parts }));
    expect(
      await complete([
        { PartNumber: 1, ETag: etags[1] },
        { PartNumber: 2, ETag: etags[2] },
      ]),
    ).toMatchObject({ code: "part_missing", values: { part: 3 } });
    expect(
      await complete([
        { PartNumber: 1, ETag: etags[1] },
        { PartNumber: 2, ETag: etags[2] },
        { PartNumber: 3, ETag: "x" },
      ]),
    ).toMatchObject({
      code: "part_not_uploaded",
    });
    etags[3] = (await put(urls.get(3)!, slice(data, 3))).etag;
    expect(
      await complete([
        { PartNumber: 2, ETag: etags[2] },
        { PartNumber: 1, ETag: etags[1] },
        { PartNumber: 3, ETag: etags[3] },
      ]),
    ).toMatchObject({
      code: "parts_out_of_order",
    });
    expect(
      await complete([
        { PartNumber: 1, ETag: etags[2] },
        { PartNumber: 2, ETag: etags[2] },
        { PartNumber: 3, ETag: etags[3] },
      ]),
    ).toMatchObject({
      code: "part_etag_mismatch",
    });
    expect(await services.bucket.head(upload.key)).toBeNull();
    // Still open: the right list completes it.
    await completeMultipartUpload(services, actorFor(userId), {
      ...upload,
      parts: [1, 2, 3].map((n) => ({ PartNumber: n, ETag: etags[n] })),
    });
    expect(await objectHash(upload.key)).toBe(await sha256Hex(data));
  });

  it("aborts: no object, no parts, no record, and its part URLs stop working", async () => {
    const data = makeBytes(SIZE, 35);
    const upload = await start();
    const urls = await signed(upload, [1, 2]);
    await put(urls.get(1)!, slice(data, 1));
    await abortMultipartUpload(services, actorFor(userId), upload);
    expect(await db.select().from(uploadSessions).where(eq(uploadSessions.id, upload.uploadId))).toEqual([]);
    expect(await db.select().from(uploadParts).where(eq(uploadParts.sessionId, upload.uploadId))).toEqual([]);
    expect(await services.bucket.head(upload.key)).toBeNull();
    expect(await refusal(put(urls.get(2)!, slice(data, 2)))).toMatchObject({ status: 404 });
    expect(await refusal(getUploadedParts(services, actorFor(userId), upload))).toMatchObject({ status: 404 });
  });

  it("keeps each user's uploads to themselves", async () => {
    const upload = await start();
    const other = actorFor(await createUser());
    expect(await refusal(getUploadedParts(services, other, upload))).toMatchObject({ status: 404 });
    expect(await refusal(signPartUrls(services, other, { ...upload, partNumbers: [1] }))).toMatchObject({ status: 404 });
    expect(await refusal(abortMultipartUpload(services, other, upload))).toMatchObject({ status: 404 });
  });

  it("checks restrictions when the upload is created", async () => {
    expect(await refusal(start(0, "empty.bin"))).toMatchObject({ status: 422, code: "file_empty" });
    expect(await refusal(start(10, "x.jpg.html"))).toMatchObject({ status: 422, code: "file_type_not_allowed" });
    const small = actorFor(userId, { maxBytes: 10 * MiB });
    expect(await refusal(createMultipartUpload(services, small, { name: "a.mp4", size: 11 * MiB }))).toMatchObject({
      status: 422,
      code: "file_too_large",
      values: { file: "a.mp4", size: "10 MB" },
    });
  });
});

describe("presigned single uploads", () => {
  it("presigns, stores exactly the declared bytes and creates the entry", async () => {
    const data = makeBytes(300_000, 36);
    const presigned = await presignSimpleUpload(services, actorFor(userId), { name: "poster.png", mime: "image/png", size: data.length, disk: "public" });
    expect(presigned).toMatchObject({ acl: "public-read" });
    expect(new URL(presigned.url).pathname).toBe("/api/v1/s3/simple/object");

    const wrong = await refusal(receiveObject(services, new Request(presigned.url, { method: "PUT", body: data.subarray(1), headers: { "Content-Length": String(data.length - 1) } })));
    expect(wrong).toMatchObject({ status: 400, code: "size_mismatch" });

    const { etag } = await receiveObject(services, new Request(presigned.url, { method: "PUT", body: data, headers: { "Content-Length": String(data.length) } }));
    expect(etag).toMatch(/^".+"$/);
    expect(await objectHash(presigned.key)).toBe(await sha256Hex(data));
    const entry = await createEntryFromStoredObject(services, actorFor(userId), { key: presigned.key, metadata: { alt: "Poster" } });
    expect(entry).toMatchObject({ disk: "public", size: data.length, metadata: { alt: "Poster" } });
  });

  it("deletes a stored file whose content turns out to be a blocked type", async () => {
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    const presigned = await presignSimpleUpload(services, actorFor(userId), { name: "cat.png", mime: "image/png", size: html.length });
    await receiveObject(services, new Request(presigned.url, { method: "PUT", body: html, headers: { "Content-Length": String(html.length) } }));
    const [session] = await db.select().from(uploadSessions).where(eq(uploadSessions.path, presigned.key));
    expect(await refusal(claimStoredUpload(services, actorFor(userId), session))).toMatchObject({ status: 422, code: "file_type_not_allowed" });
    expect(await services.bucket.head(presigned.key)).toBeNull();
  });

  it("refuses an entry for an upload that has not arrived or is someone else's", async () => {
    const presigned = await presignSimpleUpload(services, actorFor(userId), { name: "a.txt", mime: "text/plain", size: 5 });
    expect(await refusal(createEntryFromStoredObject(services, actorFor(userId), { key: presigned.key }))).toMatchObject({ status: 409 });
    const other = actorFor(await createUser());
    expect(await refusal(createEntryFromStoredObject(services, other, { key: presigned.key }))).toMatchObject({ status: 404 });
  });
});
