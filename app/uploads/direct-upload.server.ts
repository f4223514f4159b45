import { DomainError } from "~/http/domain-error";
import { DIRECT_UPLOAD_MAX_BYTES, MULTIPART_MAX_PARTS, MULTIPART_MIN_PART_BYTES, UPLOAD_METADATA_MAX_BYTES } from "~/constants";
import type { UploadActor } from "./actor.server";
import { restrictionsFor } from "./actor.server";
import { uploadMetadataSchema } from "./schema";
import { insertFileEntry } from "./file-entries.server";
import { sniffMime } from "./file-types";
import { formBoundary, MalformedFormError, readMultipartForm, readTextField, type FormPart } from "./multipart-form";
import { putObjectFrom, uploadPartFrom } from "./r2-streams.server";
import { checkFile, formatBytes, isTypeAllowed, MESSAGES } from "./restrictions";
import { UPLOAD_DISKS, type FileEntryRow, type UploadDisk } from "./tables";
import type { UploadServices } from "./services.server";
import { badRequest, uploadRefusal } from "./upload-error";
import { newFileName, normaliseDeclared, objectKeyFor, toDate } from "./upload-sessions.server";

/**
 * POST api/v1/file-entries (multipart form: file, workspaceId, metadata,
 * disk). The file streams into R2 as it arrives: small files as one object,
 * larger ones as a multipart upload with one part (5 MiB) in memory at a
 * time. Its type is checked from the part's headers and first bytes before
 * anything is stored, its size while it streams.
 *
 * One request carries at most DIRECT_UPLOAD_MAX_BYTES (Cloudflare refuses
 * larger bodies before they reach the Worker on most plans): a larger body is
 * refused with a 413 that tells the client to upload in parts (tus or
 * multipart), the same answer locally as in production.
 */
const DIRECT_PART_BYTES = MULTIPART_MIN_PART_BYTES;
const SNIFF_BYTES = 4096;
/** Room for the form's own bytes (boundaries, headers, small fields) beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export async function receiveDirectUpload(services: UploadServices, request: Request, resolveActor: (workspaceId: unknown) => UploadActor): Promise<FileEntryRow> {
  const boundary = formBoundary(request.headers.get("Content-Type"));
  if (!boundary || !request.body) {
    throw new DomainError(415, "Send the file as multipart/form-data.", { code: "unsupported_media_type" });
  }
  const url = new URL(request.url);
  const contentLength = request.headers.get("Content-Length");
  let actor = resolveActor(url.searchParams.get("workspaceId"));
  const fields: { workspaceId: unknown; metadata: Record<string, unknown> | null; disk: UploadDisk } = {
    workspaceId: url.searchParams.get("workspaceId"),
    metadata: null,
    disk: "uploads",
  };
  let stored: { key: string; fileName: string; name: string; extension: string; mime: string; size: number; etag: string } | null = null;

  try {
    for await (const part of readMultipartForm(request.body, boundary)) {
      if (part.filename !== null) {
        if (part.name !== "file") throw badRequest("Only the file field may carry a file.", {}, "unexpected_file");
        if (stored) throw badRequest("Upload one file per request.", {}, "too_many_files");
        stored = await storeFilePart(services, actor, part, contentLength);
        continue;
      }
      const value = await readTextField(part, UPLOAD_METADATA_MAX_BYTES + 1024);
      if (part.name === "workspaceId") {
        fields.workspaceId = value;
        actor = resolveActor(value);
      } else if (part.name === "disk") {
        if (!UPLOAD_DISKS.includes(value as UploadDisk)) {
          throw new DomainError(422, "The disk must be public or uploads.", { code: "invalid_input", field: "disk" });
        }
        fields.disk = value as UploadDisk;
      } else if (part.name === "metadata") {
        fields.metadata = parseMetadata(value);
      }
    }
  } catch (error) {
    if (stored) await services.bucket.delete(stored.key).catch(() => {});
    if (error instanceof MalformedFormError) throw badRequest(error.message, {}, "malformed_form");
    throw error;
  }
  if (!stored) throw new DomainError(422, "Choose a file to upload.", { code: "file_missing", field: "file" });

  const now = toDate(services.now());
  try {
    return await insertFileEntry(services.db, {
      name: stored.name,
      fileName: stored.fileName,
      mime: stored.mime,
      size: stored.size,
      extension: stored.extension,
      disk: fields.disk,
      path: stored.key,
      etag: stored.etag,
      ownerId: actor.userId,
      workspaceId: actor.workspaceId,
      metadata: fields.metadata,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    await services.bucket.delete(stored.key).catch(() => {});
    throw error;
  }
}

function parseMetadata(value: string): Record<string, unknown> | null {
  if (value.trim() === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new DomainError(422, "The metadata must be a JSON object.", { code: "invalid_input", field: "metadata" });
  }
  const result = uploadMetadataSchema.safeParse(parsed);
  if (!result.success) throw new DomainError(422, result.error.issues[0].message, { code: "invalid_input", field: "metadata" });
  return result.data ?? null;
}

async function storeFilePart(services: UploadServices, actor: UploadActor, part: FormPart, contentLength: string | null) {
  const { name, extension, mime } = normaliseDeclared({ name: part.filename || "file", mime: part.contentType, size: 0 });
  const restrictions = restrictionsFor(services.settings, actor);
  const tooLarge = () => new DomainError(422, MESSAGES.tooLarge, { values: { file: name, size: formatBytes(restrictions.maxSize ?? 0) }, code: "file_too_large", field: "file" });

  const tooLargeForOneRequest = () =>
    new DomainError(413, MESSAGES.tooLargeForOneRequest, { values: { file: name, size: formatBytes(DIRECT_UPLOAD_MAX_BYTES) }, code: "request_too_large", field: "file" });

  // Before any byte is stored: the size the request announces, and the type (declared, by extension, by content).
  if (contentLength !== null && Number(contentLength) > DIRECT_UPLOAD_MAX_BYTES) throw tooLargeForOneRequest();
  if (restrictions.maxSize !== null && contentLength !== null && Number(contentLength) > restrictions.maxSize + FORM_OVERHEAD_BYTES) {
    throw tooLarge();
  }
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await part.body.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.byteLength;
  }
  const sniffed = sniffMime(joinChunks(head).subarray(0, SNIFF_BYTES));
  if (!isTypeAllowed({ name, size: headBytes, mime, sniffedMime: sniffed }, restrictions)) {
    throw new DomainError(422, MESSAGES.typeNotAllowed, { code: "file_type_not_allowed", field: "file" });
  }

  const fileName = newFileName();
  const key = objectKeyFor(fileName);
  const storedMime = mime === "application/octet-stream" && sniffed ? sniffed : mime;
  const httpMetadata = { contentType: storedMime };
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  let buffered: Uint8Array[] = head;
  let bufferedBytes = headBytes;
  let total = headBytes;

  const flushPart = async (bytes: Uint8Array[], length: number) => {
    upload ??= await services.bucket.createMultipartUpload(key, { httpMetadata });
    if (parts.length + 1 > MULTIPART_MAX_PARTS) throw tooLarge();
    parts.push(await uploadPartFrom(upload, parts.length + 1, length, fromChunks(bytes)));
  };

  try {
    if (restrictions.maxSize !== null && total > restrictions.maxSize) throw tooLarge();
    for await (const chunk of part.body) {
      total += chunk.byteLength;
      if (restrictions.maxSize !== null && total > restrictions.maxSize) throw tooLarge();
      // A body sent without Content-Length is measured as it arrives.
      if (total > DIRECT_UPLOAD_MAX_BYTES) throw tooLargeForOneRequest();
      buffered.push(chunk);
      bufferedBytes += chunk.byteLength;
      while (bufferedBytes >= DIRECT_PART_BYTES) {
        const { take, rest } = splitChunks(buffered, DIRECT_PART_BYTES);
        await flushPart(take, DIRECT_PART_BYTES);
        buffered = rest;
        bufferedBytes -= DIRECT_PART_BYTES;
      }
    }
    const violation = checkFile({ name, size: total, mime, sniffedMime: sniffed }, restrictions);
    if (violation) throw uploadRefusal(violation);
    let object: R2Object;
    if (upload === null) {
      object = await putObjectFrom(services.bucket, key, bufferedBytes, fromChunks(buffered), { httpMetadata });
    } else {
      if (bufferedBytes > 0) await flushPart(buffered, bufferedBytes);
      object = await (upload as R2MultipartUpload).complete(parts);
    }
    return { key, fileName, name, extension, mime: storedMime, size: total, etag: object.httpEtag };
  } catch (error) {
    if (upload) await (upload as R2MultipartUpload).abort().catch(() => {});
    throw error;
  }
}

function joinChunks(chunks: Uint8Array[]): Uint8Array {
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** The first `length` bytes of a chunk list, and what is left (views, no copies). */
function splitChunks(chunks: Uint8Array[], length: number) {
  const take: Uint8Array[] = [];
  let left = length;
  let i = 0;
  for (; i < chunks.length && left > 0; i++) {
    const chunk = chunks[i];
    if (chunk.byteLength <= left) {
      take.push(chunk);
      left -= chunk.byteLength;
    } else {
      take.push(chunk.subarray(0, left));
      const rest = [chunk.subarray(left), ...chunks.slice(i + 1)];
      return { take, rest };
    }
  }
  return { take, rest: chunks.slice(i) };
}

async function* fromChunks(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield chunk;
}
