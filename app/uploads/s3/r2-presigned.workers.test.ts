import { DomainError } from "~/http/domain-error";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { PART_UPLOAD_PATH, OBJECT_UPLOAD_PATH } from "../signed-urls.server";
import { actorFor, createUser, makeBytes, makeServices, MiB, objectHash, ORIGIN, sha256Hex, type TestServices } from "../../../tests/support/uploads.workers";
import { findSession } from "../upload-sessions.server";
import { completeMultipartUpload, createMultipartUpload, getUploadedParts, signPartUrls } from "./multipart.server";
import { r2S3ConfigFrom, type R2S3Api, type R2S3Config } from "./r2-s3-api.server";
import { presignUrl } from "./sigv4";
import { createEntryFromStoredObject, presignSimpleUpload } from "./simple-upload.server";

/**
 * Which URLs the uploader gets: the Worker's own signed endpoint without R2
 * S3 credentials, real R2 presigned URLs with them. R2's S3 endpoint is
 * replaced at the HTTP boundary by a stand-in that checks the SigV4
 * signature the way R2 does (recomputing it with the secret) and stores into
 * the real local R2 bucket through the binding, so the rest of the flow
 * (ListParts, complete, the entry) runs for real.
 */
const config: R2S3Config = r2S3ConfigFrom({
  R2_ACCOUNT_ID: "0123456789abcdef0123456789abcdef",
  R2_ACCESS_KEY_ID: "test-access-key",
  R2_SECRET_ACCESS_KEY: "test-secret-key",
  R2_BUCKET_NAME: "media-catalogue-files",
})!;
const credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: "auto", service: "s3" };

function fakeR2S3(now: () => number) {
  const parts = new Map<string, Map<number, { etag: string; size: number }>>();
  const requests: string[] = [];
  const prefix = `${config.endpoint}/${config.bucketName}/`;

  async function validPresigned(method: string, url: URL): Promise<boolean> {
    const date = url.searchParams.get("X-Amz-Date") ?? "";
    const expires = Number(url.searchParams.get("X-Amz-Expires"));
    const signedAt = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
    if (!Number.isFinite(signedAt) || signedAt + expires * 1000 < now()) return false;
    const unsigned = new URL(url.origin + url.pathname);
    for (const [k, v] of url.searchParams) if (!k.startsWith("X-Amz-")) unsigned.searchParams.append(k, v);
    const expected = await presignUrl(credentials, { method, url: unsigned, expiresInSeconds: expires, now: new Date(signedAt) });
    return expected === url.toString();
  }

  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.searchParams.has("partNumber") ? ` part ${url.searchParams.get("partNumber")}` : ""}`);
    if (!url.href.startsWith(prefix)) return new Response("<Error><Code>NoSuchBucket</Code></Error>", { status: 404 });
    const key = decodeURIComponent(url.pathname.slice(`/${config.bucketName}/`.length));
    const uploadId = url.searchParams.get("uploadId");
    if (request.method === "PUT") {
      if (!(await validPresigned("PUT", url))) return new Response("<Error><Code>SignatureDoesNotMatch</Code></Error>", { status: 403 });
      const body = new Uint8Array(await request.arrayBuffer());
      if (uploadId) {
        const partNumber = Number(url.searchParams.get("partNumber"));
        const part = await env.FILES.resumeMultipartUpload(key, uploadId).uploadPart(partNumber, body);
        if (!parts.has(uploadId)) parts.set(uploadId, new Map());
        parts.get(uploadId)!.set(partNumber, { etag: part.etag, size: body.byteLength });
        return new Response(null, { headers: { ETag: `"${part.etag}"` } });
      }
      const object = await env.FILES.put(key, body);
      return new Response(null, { headers: { ETag: object!.httpEtag } });
    }
    if (request.method === "GET" && uploadId) {
      if (!request.headers.get("Authorization")?.startsWith("AWS4-HMAC-SHA256 Credential=test-access-key/")) {
        return new Response("<Error><Code>AccessDenied</Code></Error>", { status: 403 });
      }
      const listed = [...(parts.get(uploadId) ?? new Map()).entries()].sort((a, b) => a[0] - b[0]);
      const xml = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${config.bucketName}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${listed
        .map(([n, p]) => `<Part><PartNumber>${n}</PartNumber><ETag>&quot;${p.etag}&quot;</ETag><Size>${p.size}</Size></Part>`)
        .join("")}</ListPartsResult>`;
      return new Response(xml, { headers: { "Content-Type": "application/xml" } });
    }
    return new Response("<Error><Code>NotImplemented</Code></Error>", { status: 501 });
  }) as typeof fetch;
  return { api: { config, fetch: fetchImpl } satisfies R2S3Api, requests };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error("expected a refusal");
}

let userId: number;
let services: TestServices;
let r2: ReturnType<typeof fakeR2S3>;

beforeEach(async () => {
  userId = await createUser();
  services = makeServices();
  r2 = fakeR2S3(() => services.now());
});

const SIZE = 21 * MiB + 5; // parts of 20 MiB and 1 MiB + 5 bytes
const slice = (data: Uint8Array<ArrayBuffer>, part: number) => data.subarray((part - 1) * 20 * MiB, Math.min(part * 20 * MiB, data.length));

describe("R2 S3 credentials", () => {
  it("are configured only when all of them are set", () => {
    expect(r2S3ConfigFrom({})).toBeNull();
    expect(r2S3ConfigFrom({ R2_ACCOUNT_ID: "0123456789abcdef0123456789abcdef", R2_ACCESS_KEY_ID: "a", R2_SECRET_ACCESS_KEY: "b" })).toBeNull();
    expect(config.endpoint).toBe("https://0123456789abcdef0123456789abcdef.r2.cloudflarestorage.com");
    expect(r2S3ConfigFrom({ R2_S3_ENDPOINT: "https://acc.eu.r2.cloudflarestorage.com/", R2_ACCESS_KEY_ID: "a", R2_SECRET_ACCESS_KEY: "b", R2_BUCKET_NAME: "x" })?.endpoint).toBe(
      "https://acc.eu.r2.cloudflarestorage.com",
    );
  });
});

describe("which URL the uploader gets", { timeout: 30_000 }, () => {
  it("without R2 credentials: the Worker's own signed part and object endpoints", async () => {
    const upload = await createMultipartUpload(services, actorFor(userId), { name: "a.mov", mime: "video/quicktime", size: SIZE });
    const { urls } = await signPartUrls(services, actorFor(userId), { ...upload, partNumbers: [1, 2] });
    for (const { url } of urls) expect(url.startsWith(`${ORIGIN}${PART_UPLOAD_PATH}?`)).toBe(true);
    const simple = await presignSimpleUpload(services, actorFor(userId), { name: "a.pdf", mime: "application/pdf", size: 10 });
    expect(simple.url.startsWith(`${ORIGIN}${OBJECT_UPLOAD_PATH}?`)).toBe(true);
  });

  it("with R2 credentials: presigned UploadPart URLs, parts listed by R2, completed and saved as an entry", async () => {
    services.r2Api = r2.api;
    const data = makeBytes(SIZE, 71);
    const upload = await createMultipartUpload(services, actorFor(userId), { name: "film.mov", mime: "video/quicktime", size: SIZE });
    const session = await findSession(services.db, upload.uploadId);
    const { urls } = await signPartUrls(services, actorFor(userId), { ...upload, partNumbers: [1, 2] });
    for (const { partNumber, url } of urls) {
      const parsed = new URL(url);
      expect(parsed.origin).toBe(config.endpoint);
      expect(parsed.pathname).toBe(`/${config.bucketName}/${upload.key}`);
      expect(parsed.searchParams.get("partNumber")).toBe(String(partNumber));
      // R2's own multipart upload id, not ours.
      expect(parsed.searchParams.get("uploadId")).toBe(session!.r2UploadId);
      expect(parsed.searchParams.get("X-Amz-Expires")).toBe("3600");
      expect(parsed.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    }
    // Part 1 only, then resume from what R2 lists.
    const first = await r2.api.fetch(urls[0].url, { method: "PUT", body: slice(data, 1) });
    expect(first.status).toBe(200);
    const listed = await getUploadedParts(services, actorFor(userId), upload);
    expect(listed).toEqual([{ PartNumber: 1, ETag: first.headers.get("ETag")!.replace(/"/g, ""), Size: 20 * MiB }]);
    const second = await r2.api.fetch(urls[1].url, { method: "PUT", body: slice(data, 2) });
    // A URL for part 2 used for part 1 is refused by R2 (the signature covers partNumber and uploadId).
    const swapped = new URL(urls[1].url);
    swapped.searchParams.set("partNumber", "1");
    expect((await r2.api.fetch(swapped.toString(), { method: "PUT", body: slice(data, 1) })).status).toBe(403);

    await completeMultipartUpload(services, actorFor(userId), {
      ...upload,
      parts: [
        { PartNumber: 1, ETag: first.headers.get("ETag")! },
        { PartNumber: 2, ETag: second.headers.get("ETag")! },
      ],
    });
    expect(await objectHash(upload.key)).toBe(await sha256Hex(data));
    const entry = await createEntryFromStoredObject(services, actorFor(userId), { key: upload.key });
    expect(entry).toMatchObject({ size: SIZE, path: upload.key, name: "film.mov" });
    // The bytes never went through the Worker's part endpoint.
    expect(r2.requests.filter((r) => r.startsWith("PUT"))).toHaveLength(3);
  });

  it("with R2 credentials: a part of the wrong size sent straight to R2 is refused at complete, and the upload stays open", async () => {
    services.r2Api = r2.api;
    const data = makeBytes(SIZE, 72);
    const upload = await createMultipartUpload(services, actorFor(userId), { name: "film.mov", mime: "video/quicktime", size: SIZE });
    const { urls } = await signPartUrls(services, actorFor(userId), { ...upload, partNumbers: [1, 2] });
    const short = await r2.api.fetch(urls[0].url, { method: "PUT", body: data.subarray(0, 6 * MiB) });
    const last = await r2.api.fetch(urls[1].url, { method: "PUT", body: slice(data, 2) });
    const parts = [
      { PartNumber: 1, ETag: short.headers.get("ETag")! },
      { PartNumber: 2, ETag: last.headers.get("ETag")! },
    ];
    expect(await refusal(completeMultipartUpload(services, actorFor(userId), { ...upload, parts }))).toEqual({ status: 400, code: "bad_part_size" });
    expect(await env.FILES.head(upload.key)).toBeNull();
    expect((await findSession(services.db, upload.uploadId))?.status).toBe("uploading");
  });

  it("with R2 credentials: a presigned PUT of the whole file, then s3/entries finds it in the bucket", async () => {
    services.r2Api = r2.api;
    const bytes = new TextEncoder().encode(`%PDF-1.7\n${"x".repeat(1000)}`);
    const presigned = await presignSimpleUpload(services, actorFor(userId), { name: "notes.pdf", mime: "application/pdf", size: bytes.length });
    expect(new URL(presigned.url).origin).toBe(config.endpoint);
    expect(await refusal(createEntryFromStoredObject(services, actorFor(userId), { key: presigned.key }))).toEqual({ status: 409, code: "upload_incomplete" });
    expect((await r2.api.fetch(presigned.url, { method: "PUT", body: bytes })).status).toBe(200);
    const entry = await createEntryFromStoredObject(services, actorFor(userId), { key: presigned.key });
    expect(entry).toMatchObject({ name: "notes.pdf", size: bytes.length, mime: "application/pdf" });
    // A repeated call answers the same entry.
    expect((await createEntryFromStoredObject(services, actorFor(userId), { key: presigned.key })).id).toBe(entry.id);
  });

  it("with R2 credentials: a presigned PUT of a different size than declared is refused and deleted", async () => {
    services.r2Api = r2.api;
    const presigned = await presignSimpleUpload(services, actorFor(userId), { name: "notes.txt", mime: "text/plain", size: 10 });
    await r2.api.fetch(presigned.url, { method: "PUT", body: new TextEncoder().encode("much longer than ten bytes") });
    expect(await refusal(createEntryFromStoredObject(services, actorFor(userId), { key: presigned.key }))).toEqual({ status: 422, code: "size_mismatch" });
    expect(await env.FILES.head(presigned.key)).toBeNull();
  });
});
