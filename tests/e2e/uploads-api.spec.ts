import { expect, test } from "@playwright/test";
import { createHash, randomBytes } from "node:crypto";
import * as tus from "tus-js-client";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, type SignedInUser } from "./fixtures/signed-in-user";

/**
 * The upload API against the built Worker, with real clients: the official
 * tus-js-client (interrupted and resumed), the S3-style multipart calls, the
 * bad inputs, access control and deletion.
 */
const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let user: SignedInUser;
test.beforeEach(async () => {
  user = await createSignedInUser();
});

function api(baseURL: string | undefined, path: string) {
  return `${baseURL}/api/v1/${path}`;
}

async function postJson(baseURL: string | undefined, path: string, body: unknown, cookie = user.cookieHeader) {
  const response = await fetch(api(baseURL, path), {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

async function download(baseURL: string | undefined, url: string, cookie = user.cookieHeader) {
  const response = await fetch(`${baseURL}${url}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
}

test.describe("tus with the official tus-js-client", () => {
  test("uploads 50 MB in chunks, is interrupted midway, resumes from the server's offset, and the stored bytes match", async ({ baseURL }) => {
    test.setTimeout(120_000);
    const data = randomBytes(50 * MiB);
    const options: tus.UploadOptions = {
      endpoint: api(baseURL, "tus/upload"),
      chunkSize: 5 * MiB,
      headers: { Cookie: user.cookieHeader },
      metadata: { name: "interrupted.mp4", type: "video/mp4" },
      retryDelays: [0, 500, 1000, 2000, 4000],
    };

    // First attempt: stop in the middle of a chunk, well past half the file.
    let uploadUrl = "";
    await new Promise<void>((resolve, reject) => {
      let stopped = false;
      const upload = new tus.Upload(data, {
        ...options,
        onProgress: (sent) => {
          uploadUrl = upload.url ?? uploadUrl;
          if (!stopped && sent > 27.5 * MiB) {
            stopped = true;
            upload.abort().then(resolve, reject);
          }
        },
        onError: reject,
        onSuccess: () => reject(new Error("the upload finished before it was interrupted")),
      });
      upload.start();
    });
    expect(uploadUrl).toMatch(/\/api\/v1\/tus\/upload\/[A-Za-z0-9_-]+$/);

    const head = await fetch(uploadUrl, { method: "HEAD", headers: { Cookie: user.cookieHeader, "Tus-Resumable": "1.0.0" } });
    expect(head.status).toBe(200);
    const serverOffset = Number(head.headers.get("Upload-Offset"));
    // Whole parts only: the part in flight when the connection dropped is not kept.
    expect(serverOffset % (5 * MiB)).toBe(0);
    expect(serverOffset).toBeGreaterThanOrEqual(20 * MiB);
    expect(serverOffset).toBeLessThan(50 * MiB);

    // Second attempt: the client asks the server where to continue.
    const patchOffsets: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(data, {
        ...options,
        uploadUrl,
        onBeforeRequest: (request) => {
          if (request.getMethod() === "PATCH") patchOffsets.push(Number(request.getHeader("Upload-Offset")));
        },
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    expect(patchOffsets[0]).toBeGreaterThanOrEqual(serverOffset);
    expect(patchOffsets[0]).toBeLessThan(50 * MiB);

    const created = await postJson(baseURL, "tus/entries", { uploadKey: uploadUrl });
    expect(created.status).toBe(201);
    expect(created.body.fileEntry).toMatchObject({ name: "interrupted.mp4", size: data.length, mime: "video/mp4" });
    const stored = await download(baseURL, created.body.fileEntry.url);
    expect(stored.status).toBe(200);
    expect(sha256(stored.bytes)).toBe(sha256(data));
  });

  test("refuses a wrong Upload-Offset (409) and a PATCH past Upload-Length (413)", async ({ baseURL }) => {
    const headers = { Cookie: user.cookieHeader, "Tus-Resumable": "1.0.0" };
    const created = await fetch(api(baseURL, "tus/upload"), {
      method: "POST",
      headers: { ...headers, "Upload-Length": "10", "Upload-Metadata": `name ${btoa("a.txt")}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("Location")!;
    const patch = (offset: number, body: Uint8Array<ArrayBuffer>) =>
      fetch(location, { method: "PATCH", headers: { ...headers, "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset) }, body });
    const wrong = await patch(3, new Uint8Array(2));
    expect(wrong.status).toBe(409);
    expect(wrong.headers.get("Upload-Offset")).toBe("0");
    const tooLong = await patch(0, new Uint8Array(11));
    expect(tooLong.status).toBe(413);
    expect(((await tooLong.json()) as { message: string }).message).toBe("The data goes past the declared Upload-Length of 10 bytes.");
    const ok = await patch(0, new Uint8Array(10).fill(65));
    expect(ok.status).toBe(204);
    expect(ok.headers.get("Upload-Offset")).toBe("10");
  });
});

test.describe("S3-style multipart", () => {
  test("lists uploaded parts after a partial upload, refuses a 1-byte middle part and bad complete lists, then completes", async ({ baseURL }) => {
    test.setTimeout(90_000);
    const size = 45 * MiB;
    const data = randomBytes(size);
    const create = await postJson(baseURL, "s3/multipart/create", { filename: "film.mkv", mime: "video/x-matroska", size, extension: "mkv" });
    expect(create.status).toBe(200);
    const { uploadId, key } = create.body;
    expect(create.body.partSize).toBe(20 * MiB);

    const tooMany = await postJson(baseURL, "s3/multipart/batch-sign-part-urls", { uploadId, key, partNumbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe("At most 10 part URLs can be signed at once.");

    const signed = await postJson(baseURL, "s3/multipart/batch-sign-part-urls", { uploadId, key, partNumbers: [1, 2, 3] });
    const urls = new Map<number, string>(signed.body.urls.map((u: { partNumber: number; url: string }) => [u.partNumber, u.url]));
    const put = (part: number, body: Uint8Array<ArrayBuffer>) => fetch(urls.get(part)!, { method: "PUT", body });
    const bytes = new Uint8Array(data);
    const slice = (part: number) => bytes.subarray((part - 1) * 20 * MiB, Math.min(part * 20 * MiB, size));

    const oneByte = await put(2, new Uint8Array(1));
    expect(oneByte.status).toBe(400);
    expect(((await oneByte.json()) as { message: string }).message).toBe(`Part 2 must be exactly ${20 * MiB} bytes (got 1).`);

    const tampered = new URL(urls.get(1)!);
    tampered.searchParams.set("partNumber", "2");
    expect((await fetch(tampered, { method: "PUT", body: slice(2) })).status).toBe(403);

    const etags: Record<number, string> = {};
    for (const part of [1, 3]) {
      const response = await put(part, slice(part));
      expect(response.status).toBe(200);
      etags[part] = response.headers.get("ETag")!;
    }
    const listed = await postJson(baseURL, "s3/multipart/get-uploaded-parts", { uploadId, key });
    expect(listed.body.parts.map((p: { PartNumber: number; Size: number }) => [p.PartNumber, p.Size])).toEqual([
      [1, 20 * MiB],
      [3, 5 * MiB],
    ]);

    const missing = await postJson(baseURL, "s3/multipart/complete", { uploadId, key, parts: [1, 3].map((n) => ({ PartNumber: n, ETag: etags[n] })) });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Part 2 is missing.");
    etags[2] = (await put(2, slice(2))).headers.get("ETag")!;
    const reordered = await postJson(baseURL, "s3/multipart/complete", { uploadId, key, parts: [2, 1, 3].map((n) => ({ PartNumber: n, ETag: etags[n] })) });
    expect(reordered.status).toBe(400);
    expect(reordered.body.message).toBe("List the parts once each, in ascending order of part number.");

    const completed = await postJson(baseURL, "s3/multipart/complete", { uploadId, key, parts: [1, 2, 3].map((n) => ({ PartNumber: n, ETag: etags[n] })) });
    expect(completed.status).toBe(200);
    const entry = await postJson(baseURL, "s3/entries", { key, clientName: "film.mkv", size });
    expect(entry.status).toBe(201);
    expect(sha256((await download(baseURL, entry.body.fileEntry.url)).bytes)).toBe(sha256(data));
  });

  test("abort leaves nothing behind", async ({ baseURL }) => {
    const size = 25 * MiB;
    const { body } = await postJson(baseURL, "s3/multipart/create", { filename: "gone.bin", size });
    const signed = await postJson(baseURL, "s3/multipart/batch-sign-part-urls", { ...body, partNumbers: [1, 2] });
    const [first, second] = signed.body.urls as { url: string }[];
    expect((await fetch(first.url, { method: "PUT", body: randomBytes(20 * MiB) })).status).toBe(200);
    const aborted = await postJson(baseURL, "s3/multipart/abort", { uploadId: body.uploadId, key: body.key });
    expect(aborted.status).toBe(200);
    expect((await postJson(baseURL, "s3/multipart/get-uploaded-parts", { uploadId: body.uploadId, key: body.key })).status).toBe(404);
    expect((await fetch(second.url, { method: "PUT", body: randomBytes(5 * MiB) })).status).toBe(404);
    expect(await queryE2e("SELECT id FROM upload_sessions WHERE owner_id = ?", [user.userId])).toEqual([]);
    expect(await queryE2e("SELECT session_id FROM upload_parts WHERE session_id = ?", [body.uploadId])).toEqual([]);
    expect((await postJson(baseURL, "s3/entries", { key: body.key })).status).toBe(404);
  });
});

test.describe("bad input", () => {
  test("zero-byte files are refused with a clear message on every path", async ({ baseURL }) => {
    const form = new FormData();
    form.append("file", new Blob([]), "empty.txt");
    const direct = await fetch(api(baseURL, "file-entries"), { method: "POST", body: form, headers: { Cookie: user.cookieHeader } });
    expect(direct.status).toBe(422);
    expect(await direct.json()).toMatchObject({ message: "`empty.txt` is empty", errors: { file: ["`empty.txt` is empty"] } });

    const tusCreate = await fetch(api(baseURL, "tus/upload"), {
      method: "POST",
      headers: { Cookie: user.cookieHeader, "Tus-Resumable": "1.0.0", "Upload-Length": "0", "Upload-Metadata": `name ${btoa("empty.txt")}` },
    });
    expect(tusCreate.status).toBe(422);
    for (const path of ["s3/simple/presign", "s3/multipart/create"]) {
      const response = await postJson(baseURL, path, { filename: "empty.txt", size: 0 });
      expect(response.status, path).toBe(422);
      expect(response.body.message).toBe("`empty.txt` is empty");
    }
  });

  test("a direct upload over Cloudflare's 100 MB request limit gets a 413 JSON error naming the file, and nothing is kept", async ({ baseURL }) => {
    test.slow();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(100 * MiB + 1)], { type: "video/mp4" }), "holiday.mp4");
    const response = await fetch(api(baseURL, "file-entries"), { method: "POST", body: form, headers: { Cookie: user.cookieHeader } });
    expect(response.status).toBe(413);
    const message = "`holiday.mp4` exceeds maximum allowed size of 100 MB for a single request. Upload it in parts (resumable or multipart upload).";
    expect(await response.json()).toMatchObject({ message, code: "request_too_large", errors: { file: [message] } });
    expect(await queryE2e("SELECT id FROM file_entries WHERE owner_id = ?", [user.userId])).toEqual([]);
  });

  test("blocked types, oversize files, malformed JSON, guests and other sites are refused", async ({ baseURL }) => {
    expect((await postJson(baseURL, "s3/simple/presign", { filename: "x.jpg.html", mime: "image/jpeg", size: 10 })).body.message).toBe("This file type is not allowed");
    const big = await postJson(baseURL, "s3/multipart/create", { filename: "huge.iso", size: 3 * 1024 ** 3 });
    expect(big.status).toBe(422);
    expect(big.body.message).toBe("`huge.iso` exceeds maximum allowed size of 2 GB");
    const bad = await fetch(api(baseURL, "s3/multipart/create"), { method: "POST", headers: { Cookie: user.cookieHeader, "Content-Type": "application/json" }, body: "{oops" });
    expect(bad.status).toBe(400);
    expect((await postJson(baseURL, "s3/multipart/create", { filename: "a.bin" })).status).toBe(422);
    expect((await postJson(baseURL, "s3/multipart/create", { filename: "a.bin", size: 10 }, "")).status).toBe(401);
    const crossSite = await fetch(api(baseURL, "s3/multipart/create"), {
      method: "POST",
      headers: { Cookie: user.cookieHeader, "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ filename: "a.bin", size: 10 }),
    });
    expect(crossSite.status).toBe(403);
    expect(await queryE2e("SELECT id FROM upload_sessions WHERE owner_id = ?", [user.userId])).toEqual([]);
  });
});

test.describe("file entries", () => {
  test("the uploads disk is private to its owner; the public disk is for everyone and cacheable", async ({ baseURL }) => {
    const upload = async (disk: string) => {
      const form = new FormData();
      form.append("disk", disk);
      form.append("file", new Blob([randomBytes(2000)], { type: "image/png" }), `${disk}.png`);
      const response = await fetch(api(baseURL, "file-entries"), { method: "POST", body: form, headers: { Cookie: user.cookieHeader } });
      expect(response.status).toBe(201);
      return ((await response.json()) as { fileEntry: { id: number; url: string } }).fileEntry;
    };
    const privateEntry = await upload("uploads");
    const publicEntry = await upload("public");
    const stranger = await createSignedInUser("stranger");

    expect((await download(baseURL, privateEntry.url)).status).toBe(200);
    expect((await download(baseURL, privateEntry.url, "")).status).toBe(404);
    expect((await download(baseURL, privateEntry.url, stranger.cookieHeader)).status).toBe(404);
    const guest = await download(baseURL, publicEntry.url, "");
    expect(guest.status).toBe(200);
    expect(guest.headers.get("Cache-Control")).toContain("public");
    expect(guest.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const partial = await fetch(`${baseURL}${publicEntry.url}`, { headers: { Range: "bytes=0-99" } });
    expect(partial.status).toBe(206);

    // Someone else cannot delete them; the owner trashes, then deletes for good.
    expect((await postJson(baseURL, "file-entries/delete", { entryIds: [publicEntry.id], deleteForever: true }, stranger.cookieHeader)).status).toBe(403);
    expect((await postJson(baseURL, "file-entries/delete", { entryIds: [publicEntry.id] })).status).toBe(200);
    expect((await download(baseURL, publicEntry.url, "")).status).toBe(404);
    expect((await download(baseURL, publicEntry.url)).status).toBe(200);
    expect((await postJson(baseURL, "file-entries/delete", { entryIds: [publicEntry.id, privateEntry.id], deleteForever: true })).status).toBe(200);
    expect((await download(baseURL, publicEntry.url)).status).toBe(404);
    expect((await download(baseURL, privateEntry.url)).status).toBe(404);
    expect((await postJson(baseURL, "file-entries/delete", { entryIds: [] })).status).toBe(422);
  });
});
