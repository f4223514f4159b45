import { DomainError } from "~/http/domain-error";
import { UPLOAD_ERROR_CODE } from "../upload-error";
import { and, eq } from "drizzle-orm";
import { TUS_UPLOAD_EXPIRY_S, TUS_VERSION, UPLOAD_LOCK_LEASE_MS, UPLOAD_METADATA_MAX_BYTES } from "~/constants";
import type { Translate } from "~/i18n/translate";
import { errorFields, log } from "~/log/log.server";
import type { UploadActor } from "../actor.server";
import { BodyEndedEarlyError, ByteReader, bytesSource, concatSources, drainBody } from "../byte-reader";
import { partCount, tusPartSize } from "../part-size";
import { deletePrefix, objectPrefix, putObjectFrom, uploadPartFrom } from "../r2-streams.server";
import { uploadSessions, UPLOAD_DISKS, type UploadDisk, type UploadSessionRow } from "../tables";
import type { UploadServices } from "../services.server";
import {
  acquireLock,
  assertNotExpired,
  discardSession,
  findOwnSession,
  listParts,
  metadataSize,
  recordPartStatements,
  releaseLock,
  startUploadSession,
  tailKeyFor,
  tailPrefixFor,
  toDate,
} from "../upload-sessions.server";
import { formatUploadMetadata, parseUploadMetadata } from "./tus-metadata";

/**
 * A tus 1.0.0 server (core, creation, creation-with-upload, termination,
 * expiration) storing into an R2 multipart upload.
 *
 * R2 wants every part but the last to be the same size (at least 5 MiB),
 * while a tus client may send PATCH requests of any length. Each upload
 * therefore has a fixed part size; whole parts go straight to R2, streamed
 * from the request; bytes at the end of a PATCH that do not fill a part are
 * kept in a small temporary R2 object (the "tail") and prepended to the next
 * PATCH. A client that sends the configured chunk size (a multiple of the
 * part size) never creates a tail. See docs/decisions/008-uploads-on-r2.md.
 */
export const TUS_PATH = "/api/v1/tus/upload";
export const TUS_EXTENSIONS = "creation,creation-with-upload,termination,expiration";
const OFFSET_OCTET_STREAM = "application/offset+octet-stream";
const LEASE_RENEW_EVERY_MS = 30_000;

export interface TusHandlerOptions {
  services: UploadServices;
  /** The signed-in uploader; throws an DomainError (401, 403) otherwise. */
  actor: (workspaceId: unknown) => UploadActor;
  t: Translate;
}

class TusResponseError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(text);
  }
}

function tusHeaders(extra: Record<string, string> = {}): Headers {
  const headers = new Headers({
    "Tus-Resumable": TUS_VERSION,
    "Cache-Control": "no-store",
    "Access-Control-Expose-Headers": "Location, Upload-Offset, Upload-Length, Upload-Expires, Upload-Metadata, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size",
  });
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return headers;
}

function errorResponse(status: number, message: string, code: string, extra: Record<string, string> = {}) {
  const headers = tusHeaders(extra);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify({ message, code }), { status, headers });
}

/** PATCH and DELETE may arrive as POST with X-HTTP-Method-Override (or ?_method=). */
export function effectiveMethod(request: Request): string {
  const method = request.method.toUpperCase();
  if (method !== "POST") return method;
  const override = (request.headers.get("X-HTTP-Method-Override") ?? new URL(request.url).searchParams.get("_method") ?? "").trim().toUpperCase();
  return ["PATCH", "DELETE", "HEAD"].includes(override) ? override : method;
}

function parseNonNegativeInteger(value: string | null): number | null {
  if (value === null || !/^\d{1,16}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return Number.isSafeInteger(number) ? number : null;
}

const httpDate = (date: Date) => date.toUTCString();

export async function handleTusRequest(request: Request, uploadId: string | null, options: TusHandlerOptions): Promise<Response> {
  const method = effectiveMethod(request);
  try {
    if (method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: tusHeaders({
          "Tus-Version": TUS_VERSION,
          "Tus-Extension": TUS_EXTENSIONS,
          "Tus-Max-Size": String(options.services.settings["uploads.max_size"]),
        }),
      });
    }
    // GET is not tus: the same facts as HEAD, as JSON, for any client (decision 036).
    if (method === "GET" && uploadId !== null) return await getUploadStatus(request, uploadId, options);
    const version = request.headers.get("Tus-Resumable");
    if (version !== TUS_VERSION) {
      throw new TusResponseError(412, options.t("This server speaks tus :version.", { version: TUS_VERSION }), {
        "Tus-Version": TUS_VERSION,
      });
    }
    if (uploadId === null) {
      if (method !== "POST") throw new TusResponseError(405, options.t("Method not allowed."), { Allow: "POST, OPTIONS" });
      return await createUpload(request, options);
    }
    switch (method) {
      case "HEAD":
        return await headUpload(request, uploadId, options);
      case "PATCH":
        return await patchUpload(request, uploadId, options);
      case "DELETE":
        return await terminateUpload(request, uploadId, options);
      default:
        throw new TusResponseError(405, options.t("Method not allowed."), { Allow: "HEAD, PATCH, DELETE, OPTIONS" });
    }
  } catch (error) {
    // Let the client finish sending, so it hears the answer instead of a broken connection.
    await drainBody(request);
    if (error instanceof TusResponseError) return errorResponse(error.status, error.text, "tus_error", error.headers);
    if (error instanceof DomainError) {
      // tus says 413 when the declared length is over the server's maximum.
      const status = error.code === "file_too_large" ? 413 : error.status;
      return errorResponse(status, options.t(error.messageKey, error.values), error.code ?? UPLOAD_ERROR_CODE);
    }
    throw error;
  }
}

async function createUpload(request: Request, options: TusHandlerOptions): Promise<Response> {
  const { services, t } = options;
  if (request.headers.has("Upload-Defer-Length")) {
    throw new TusResponseError(400, t("Uploads must declare their length (Upload-Defer-Length is not supported)."));
  }
  const length = parseNonNegativeInteger(request.headers.get("Upload-Length"));
  if (length === null) throw new TusResponseError(400, t("Upload-Length must be a whole number of bytes."));
  const metadata = parseUploadMetadata(request.headers.get("Upload-Metadata"));
  if (metadata === null) throw new TusResponseError(400, t("Upload-Metadata is malformed."));
  if (metadataSize(metadata) > UPLOAD_METADATA_MAX_BYTES) throw new TusResponseError(400, t("Upload-Metadata is too large."));

  const url = new URL(request.url);
  const actor = options.actor(metadata.workspaceId ?? url.searchParams.get("workspaceId"));
  const disk = (metadata.disk ?? "uploads") as UploadDisk;
  if (!UPLOAD_DISKS.includes(disk)) throw new TusResponseError(400, t("The disk must be public or uploads."));

  const hasBody = request.body !== null && request.headers.get("Content-Length") !== "0";
  if (hasBody && request.headers.get("Content-Type") !== OFFSET_OCTET_STREAM) {
    throw new TusResponseError(415, t("Upload data must be sent as :type.", { type: OFFSET_OCTET_STREAM }));
  }
  const session = await startUploadSession(
    services,
    actor,
    "tus",
    {
      name: metadata.name ?? metadata.filename ?? "file",
      mime: metadata.type ?? metadata.filetype ?? metadata.contentType,
      size: length,
      disk,
      metadata,
    },
    { partSize: tusPartSize(length, services.settings["uploads.chunk_size"]), expiresInSeconds: TUS_UPLOAD_EXPIRY_S },
  );
  const headers: Record<string, string> = {
    Location: new URL(`${TUS_PATH}/${session.id}`, services.origin).toString(),
    "Upload-Expires": httpDate(session.expiresAt),
  };
  if (hasBody) {
    // creation-with-upload: the body is the first PATCH.
    const result = await appendWithLock(request, session, 0, options);
    headers["Upload-Offset"] = String(result.offset);
    headers["Upload-Expires"] = httpDate(result.expiresAt);
  } else {
    await drainBody(request);
  }
  return new Response(null, { status: 201, headers: tusHeaders(headers) });
}

async function loadOwnUpload(request: Request, uploadId: string, options: TusHandlerOptions) {
  const actor = options.actor(new URL(request.url).searchParams.get("workspaceId"));
  const session = await findOwnSession(options.services, actor, uploadId, "tus");
  assertNotExpired(session, options.services);
  return session;
}

async function headUpload(request: Request, uploadId: string, options: TusHandlerOptions): Promise<Response> {
  const session = await loadOwnUpload(request, uploadId, options);
  const stringMetadata = Object.fromEntries(Object.entries(session.metadata ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return new Response(null, {
    status: 200,
    headers: tusHeaders({
      "Upload-Offset": String(session.offset),
      "Upload-Length": String(session.size),
      "Upload-Expires": httpDate(session.expiresAt),
      "Upload-Metadata": formatUploadMetadata(stringMetadata),
    }),
  });
}

async function getUploadStatus(request: Request, uploadId: string, options: TusHandlerOptions): Promise<Response> {
  const session = await loadOwnUpload(request, uploadId, options);
  const headers = tusHeaders({
    "Upload-Offset": String(session.offset),
    "Upload-Length": String(session.size),
    "Upload-Expires": httpDate(session.expiresAt),
    "Content-Type": "application/json; charset=utf-8",
  });
  const body = {
    upload_id: session.id,
    offset: session.offset,
    length: session.size,
    expires_at: session.expiresAt.toISOString(),
    complete: session.status !== "uploading",
  };
  return new Response(JSON.stringify(body), { status: 200, headers });
}

async function patchUpload(request: Request, uploadId: string, options: TusHandlerOptions): Promise<Response> {
  const { t } = options;
  if (request.headers.get("Content-Type") !== OFFSET_OCTET_STREAM) {
    throw new TusResponseError(415, t("Upload data must be sent as :type.", { type: OFFSET_OCTET_STREAM }));
  }
  const offset = parseNonNegativeInteger(request.headers.get("Upload-Offset"));
  if (offset === null) throw new TusResponseError(400, t("Upload-Offset must be a whole number of bytes."));
  const session = await loadOwnUpload(request, uploadId, options);
  if (offset !== session.offset) {
    throw new TusResponseError(409, t("Upload-Offset :sent does not match the server's offset :offset.", { sent: offset, offset: session.offset }), {
      "Upload-Offset": String(session.offset),
    });
  }
  const result = await appendWithLock(request, session, offset, options);
  return new Response(null, {
    status: 204,
    headers: tusHeaders({ "Upload-Offset": String(result.offset), "Upload-Expires": httpDate(result.expiresAt) }),
  });
}

async function terminateUpload(request: Request, uploadId: string, options: TusHandlerOptions): Promise<Response> {
  const actor = options.actor(new URL(request.url).searchParams.get("workspaceId"));
  const session = await findOwnSession(options.services, actor, uploadId, "tus");
  if (session.status === "claimed") {
    throw new TusResponseError(409, options.t("This upload is already saved as a file; delete the file instead."));
  }
  await discardSession(options.services, session);
  return new Response(null, { status: 204, headers: tusHeaders() });
}

/** Takes the write lock (409 when the offset moved, 423 while another request writes), appends, releases. */
async function appendWithLock(request: Request, session: UploadSessionRow, offset: number, options: TusHandlerOptions) {
  const { services, t } = options;
  const declared = request.headers.get("Content-Length");
  const length = declared === null ? null : parseNonNegativeInteger(declared);
  if (declared !== null && length === null) throw new TusResponseError(400, t("Content-Length is not valid."));
  if (session.status !== "uploading" || (length !== null && offset + length > session.size)) {
    await drainBody(request);
    throw new TusResponseError(413, t("The data goes past the declared Upload-Length of :length bytes.", { length: session.size }));
  }
  const lock = await acquireLock(services.db, session.id, offset, services.now(), UPLOAD_LOCK_LEASE_MS);
  if ("conflict" in lock) {
    await drainBody(request);
    if (lock.conflict === "locked") {
      throw new TusResponseError(423, t("Another request is writing to this upload. Try again in a moment."));
    }
    throw new TusResponseError(409, t("Upload-Offset does not match the server's offset."));
  }
  try {
    return await appendToUpload(services, session, lock.token, request.body, length, t);
  } finally {
    // Must happen even when the client has gone (else the next PATCH waits for the lease to run out),
    // and must not hide the error that brought us here.
    const release = releaseLock(services.db, session.id, lock.token);
    services.waitUntil(release);
    await release.catch((error: unknown) => log("warn", "tus lock release failed", { uploadId: session.id, ...errorFields(error) }));
  }
}

class LockLostError extends Error {}

/**
 * Appends the body at the session's offset. With a known length the bytes
 * stream straight into R2 part by part; without one, at most one part is
 * held in memory at a time. Progress is saved after every part, so an
 * interrupted request loses at most the part it was writing.
 */
async function appendToUpload(
  services: UploadServices,
  session: UploadSessionRow,
  lockToken: string,
  body: ReadableStream<Uint8Array> | null,
  length: number | null,
  t: Translate,
): Promise<{ offset: number; expiresAt: Date }> {
  const { db, bucket } = services;
  const partSize = session.partSize;
  const size = session.size;
  const upload = bucket.resumeMultipartUpload(session.path, session.r2UploadId!);
  const reader = body ? new ByteReader(body) : null;
  let tail = session.tailSize;
  let committed = session.offset - tail; // bytes in whole parts already in R2
  const end = length === null ? null : session.offset + length;
  let expiresAt = session.expiresAt;
  let lastRenewal = services.now();

  const renewLease = async () => {
    const now = services.now();
    if (now - lastRenewal < LEASE_RENEW_EVERY_MS) return;
    lastRenewal = now;
    const renewed = await db
      .update(uploadSessions)
      .set({ lockedUntil: toDate(now + UPLOAD_LOCK_LEASE_MS) })
      .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.lockToken, lockToken)))
      .returning({ id: uploadSessions.id });
    if (renewed.length === 0) throw new LockLostError();
  };
  async function* leased(source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      await renewLease();
      yield chunk;
    }
  }
  const tailSource = () => (tail > 0 ? objectPrefix(bucket, tailKeyFor(session.id, committed + tail), tail) : bytesSource(new Uint8Array(0)));

  /** Saves a whole part; the last part is saved together with the completion instead. */
  const savePart = async (partNumber: number, partLength: number, source: AsyncIterable<Uint8Array>) => {
    const oldTailKey = tail > 0 ? tailKeyFor(session.id, committed + tail) : null;
    const part = await uploadPartFrom(upload, partNumber, partLength, leased(source));
    const now = services.now();
    expiresAt = toDate(now + TUS_UPLOAD_EXPIRY_S * 1000);
    const isLast = committed + partLength === size;
    const [, , moved] = await db.batch([
      ...recordPartStatements(db, session.id, { partNumber, etag: part.etag, size: partLength }, { expiresAt, now: toDate(now) }),
      db
        .update(uploadSessions)
        .set(isLast ? { lockedUntil: toDate(now + UPLOAD_LOCK_LEASE_MS) } : { offset: committed + partLength, tailSize: 0 })
        .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.lockToken, lockToken)))
        .returning({ id: uploadSessions.id }),
    ]);
    if (moved.length === 0) throw new LockLostError();
    committed += partLength;
    tail = 0;
    // Until the upload completes, the database may still point at the old tail (the last part): keep it.
    if (oldTailKey && !isLast) await bucket.delete(oldTailKey).catch(() => {});
  };

  try {
    if (reader && end !== null) {
      // Known length: stream every whole part, then keep the remainder as the tail.
      for (;;) {
        const partLength = Math.min(partSize, size - committed);
        if (partLength <= 0 || committed + partLength > end) break;
        await savePart(committed / partSize + 1, partLength, concatSources(tailSource(), reader.take(partLength - tail)));
      }
      const remaining = end - committed - tail;
      if (remaining > 0) await saveTail(concatSources(tailSource(), reader.take(remaining)), end - committed);
    } else if (reader) {
      // Unknown length (chunked transfer): fill one part in memory at a time.
      for (;;) {
        const partLength = Math.min(partSize, size - committed);
        if (partLength <= 0) break;
        const need = partLength - tail;
        const isLast = committed + partLength === size;
        const bytes = await reader.readUpTo(isLast ? need + 1 : need);
        if (bytes.byteLength > need) {
          throw new TusResponseError(413, t("The data goes past the declared Upload-Length of :length bytes.", { length: size }));
        }
        if (bytes.byteLength < need) {
          if (bytes.byteLength > 0) await saveTail(concatSources(tailSource(), bytesSource(bytes)), tail + bytes.byteLength);
          break;
        }
        await savePart(committed / partSize + 1, partLength, concatSources(tailSource(), bytesSource(bytes)));
      }
      if (committed === size && !(await reader.atEnd())) {
        throw new TusResponseError(413, t("The data goes past the declared Upload-Length of :length bytes.", { length: size }));
      }
    }
  } catch (error) {
    await reader?.cancel().catch(() => {});
    if (error instanceof BodyEndedEarlyError) {
      throw new TusResponseError(400, t("The request ended before all announced bytes arrived; resume from the current offset."));
    }
    if (error instanceof LockLostError) {
      throw new TusResponseError(423, t("Another request took over this upload. Try again in a moment."));
    }
    throw error;
  }

  if (committed === size) {
    await completeUpload(services, session, lockToken);
    return { offset: size, expiresAt };
  }
  return { offset: committed + tail, expiresAt };

  async function saveTail(source: AsyncIterable<Uint8Array>, newTail: number) {
    const oldTailKey = tail > 0 ? tailKeyFor(session.id, committed + tail) : null;
    const key = tailKeyFor(session.id, committed + newTail);
    await putObjectFrom(bucket, key, newTail, leased(source));
    const now = services.now();
    expiresAt = toDate(now + TUS_UPLOAD_EXPIRY_S * 1000);
    const moved = await db
      .update(uploadSessions)
      .set({ offset: committed + newTail, tailSize: newTail, expiresAt, updatedAt: toDate(now) })
      .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.lockToken, lockToken)))
      .returning({ id: uploadSessions.id });
    if (moved.length === 0) {
      await bucket.delete(key).catch(() => {});
      throw new LockLostError();
    }
    tail = newTail;
    if (oldTailKey && oldTailKey !== key) await bucket.delete(oldTailKey).catch(() => {});
  }
}

/** Completes the R2 multipart upload from the recorded parts; only then does the offset reach the length. */
async function completeUpload(services: UploadServices, session: UploadSessionRow, lockToken: string) {
  const parts = await listParts(services.db, session.id);
  const expected = partCount(session.size, session.partSize);
  if (parts.length !== expected || parts.some((part, i) => part.partNumber !== i + 1)) {
    throw new Error(`tus upload ${session.id}: ${parts.length} parts recorded, ${expected} expected`);
  }
  const object = await services.bucket.resumeMultipartUpload(session.path, session.r2UploadId!).complete(parts.map((part) => ({ partNumber: part.partNumber, etag: part.etag })));
  if (object.size !== session.size) {
    throw new Error(`tus upload ${session.id}: stored ${object.size} bytes, expected ${session.size}`);
  }
  await services.db
    .update(uploadSessions)
    .set({ status: "stored", offset: session.size, tailSize: 0, updatedAt: toDate(services.now()) })
    .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.lockToken, lockToken)));
  await deletePrefix(services.bucket, tailPrefixFor(session.id)).catch(() => {});
}

/** The tus upload key is the last segment of the upload URL. */
export function uploadKeyFromUrl(value: string): string | null {
  const match = /([A-Za-z0-9_-]{16,64})\/?$/.exec(value.trim());
  return match ? match[1] : null;
}
