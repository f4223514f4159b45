import { DomainError } from "~/http/domain-error";
import { and, eq } from "drizzle-orm";
import { SIGNED_UPLOAD_URL_TTL_S, UPLOAD_SESSION_EXPIRY_S } from "~/constants";
import type { UploadActor } from "../actor.server";
import { expectedPartLength, multipartPartSize, partCount } from "../part-size";
import { uploadPartFromBody } from "../r2-streams.server";
import { uploadSessions, type UploadSessionRow } from "../tables";
import type { UploadServices } from "../services.server";
import { signUploadUrl, verifyUploadUrl } from "../signed-urls.server";
import { badRequest, notFound } from "../upload-error";
import { assertNotExpired, discardSession, findOwnSession, findSession, listParts, recordPartStatements, startUploadSession, toDate, type DeclaredUpload } from "../upload-sessions.server";
import { listUploadedParts, presignPartPut, R2S3ApiError } from "./r2-s3-api.server";

/**
 * S3-style multipart uploads on R2: create, sign part URLs
 * in batches, PUT each part to its signed URL (the Worker streams it into
 * R2 and answers with its ETag), list what is there, complete, abort. The
 * R2 binding cannot list parts, so every stored part is recorded in D1.
 *
 * When R2's S3 credentials are configured (services.r2Api) the part URLs are
 * real R2 presigned UploadPart URLs instead: the bytes never pass through
 * the Worker, and the parts are listed with the S3 API's ListParts; their
 * sizes are checked when completing instead of when each part arrives.
 */

export async function createMultipartUpload(services: UploadServices, actor: UploadActor, declared: DeclaredUpload) {
  const partSize = multipartPartSize(declared.size);
  const session = await startUploadSession(services, actor, "multipart", declared, {
    partSize,
    expiresInSeconds: UPLOAD_SESSION_EXPIRY_S,
  });
  return { uploadId: session.id, key: session.path, partSize, partCount: partCount(declared.size, partSize) };
}

async function openUpload(services: UploadServices, actor: UploadActor, ref: { key: string; uploadId: string }) {
  const session = await findOwnSession(services, actor, ref.uploadId, "multipart", { key: ref.key });
  assertNotExpired(session, services);
  return session;
}

/** Parts already stored, for resuming (spec: PartNumber, ETag, Size). */
export async function getUploadedParts(services: UploadServices, actor: UploadActor, ref: { key: string; uploadId: string }) {
  const session = await openUpload(services, actor, ref);
  const parts = await storedParts(services, session);
  return parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag, Size: part.size }));
}

/**
 * The parts stored so far: recorded in D1 by the Worker's part endpoint,
 * and, with R2 presigned URLs, listed by R2 itself (which wins for a part
 * number both know: it is what R2 will assemble).
 */
async function storedParts(services: UploadServices, session: UploadSessionRow): Promise<{ partNumber: number; etag: string; size: number }[]> {
  const recorded = await listParts(services.db, session.id);
  if (!services.r2Api || session.status !== "uploading" || !session.r2UploadId) return recorded;
  let listed;
  try {
    listed = await listUploadedParts(services.r2Api, { key: session.path, uploadId: session.r2UploadId }, () => new Date(services.now()));
  } catch (error) {
    if (error instanceof R2S3ApiError && error.s3Code === "NoSuchUpload") throw notFound();
    throw new DomainError(502, "The storage service did not answer. Please try again.", { code: "storage_unavailable" });
  }
  const byNumber = new Map<number, { partNumber: number; etag: string; size: number }>(recorded.map((part) => [part.partNumber, part]));
  for (const part of listed) byNumber.set(part.partNumber, part);
  return [...byNumber.values()].sort((a, b) => a.partNumber - b.partNumber);
}

/** Signed PUT URLs for up to ten parts; each works for one part of this upload only, for an hour. */
export async function signPartUrls(services: UploadServices, actor: UploadActor, ref: { key: string; uploadId: string; partNumbers: number[] }) {
  const session = await openUpload(services, actor, ref);
  if (session.status !== "uploading") throw new DomainError(409, "This upload is already complete.", { code: "upload_complete" });
  const count = partCount(session.size, session.partSize);
  const expires = Math.floor(services.now() / 1000) + SIGNED_UPLOAD_URL_TTL_S;
  const urls = [];
  for (const partNumber of [...new Set(ref.partNumbers)]) {
    if (partNumber > count) {
      throw badRequest("This upload has :count parts; there is no part :part.", { count, part: partNumber }, "part_out_of_range");
    }
    const url = services.r2Api
      ? await presignPartPut(services.r2Api.config, { key: session.path, uploadId: session.r2UploadId!, partNumber }, SIGNED_UPLOAD_URL_TTL_S, new Date(services.now()))
      : await signUploadUrl(services.appKey, services.origin, { kind: "part", uploadId: session.id, key: session.path, partNumber }, expires);
    urls.push({ partNumber, url, size: expectedPartLength(session.size, session.partSize, partNumber) });
  }
  return { urls, expires };
}

/**
 * PUT to a signed part URL: checks the signature, the upload and the part's
 * exact length (every part but the last has the upload's part size), then
 * streams the body into R2 and records the part. Returns the part's ETag.
 */
export async function receivePart(services: UploadServices, request: Request): Promise<{ etag: string; partNumber: number }> {
  const verified = await verifyUploadUrl(services.appKey, new URL(request.url), "part", Math.floor(services.now() / 1000));
  if (!verified.ok || verified.target.kind !== "part") {
    throw new DomainError(403, verified.ok || verified.reason === "invalid" ? "This upload link is not valid." : "This upload link has expired.", {
      code: verified.ok || verified.reason === "invalid" ? "invalid_signature" : "expired_signature",
    });
  }
  const { uploadId, key, partNumber } = verified.target;
  const session = await findSession(services.db, uploadId);
  if (session?.kind !== "multipart" || session.path !== key) throw notFound();
  assertNotExpired(session, services);
  if (session.status !== "uploading") throw new DomainError(409, "This upload is already complete.", { code: "upload_complete" });

  const expected = expectedPartLength(session.size, session.partSize, partNumber);
  if (expected === null) {
    throw badRequest("This upload has :count parts; there is no part :part.", { count: partCount(session.size, session.partSize), part: partNumber }, "part_out_of_range");
  }
  const declared = request.headers.get("Content-Length");
  if (declared === null) throw new DomainError(411, "Send the part with a Content-Length header.", { code: "length_required" });
  if (!/^\d+$/.test(declared) || Number(declared) !== expected) {
    throw badRequest("Part :part must be exactly :bytes bytes (got :got).", { part: partNumber, bytes: expected, got: declared }, "bad_part_size");
  }
  if (!request.body) throw badRequest("The part is empty.", {}, "bad_part_size");

  const upload = services.bucket.resumeMultipartUpload(session.path, session.r2UploadId!);
  let part: R2UploadedPart;
  try {
    part = await uploadPartFromBody(upload, partNumber, expected, request.body);
  } catch (error) {
    // The multipart upload was aborted meanwhile, or the client went away mid-part.
    const still = await findSession(services.db, uploadId);
    if (!still) throw notFound();
    throw error;
  }
  const now = services.now();
  await services.db.batch([
    ...recordPartStatements(services.db, session.id, { partNumber, etag: part.etag, size: expected }, { expiresAt: toDate(now + UPLOAD_SESSION_EXPIRY_S * 1000), now: toDate(now) }),
  ]);
  return { etag: part.etag, partNumber };
}

const unquote = (etag: string) => etag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");

/**
 * Completes the upload from the client's list, which must name every part
 * exactly once in ascending order with the ETag it was given. Anything else
 * is refused and the upload stays open, so nothing corrupt is ever stored.
 */
export async function completeMultipartUpload(services: UploadServices, actor: UploadActor, input: { key: string; uploadId: string; parts: { PartNumber: number; ETag: string }[] }) {
  const session = await openUpload(services, actor, input);
  if (session.status !== "uploading") return { key: session.path, size: session.size };
  const count = partCount(session.size, session.partSize);
  for (let i = 1; i < input.parts.length; i++) {
    if (input.parts[i].PartNumber <= input.parts[i - 1].PartNumber) {
      throw badRequest("List the parts once each, in ascending order of part number.", {}, "parts_out_of_order");
    }
  }
  const recorded = new Map((await storedParts(services, session)).map((part) => [part.partNumber, part]));
  const listed = new Set(input.parts.map((part) => part.PartNumber));
  for (let partNumber = 1; partNumber <= count; partNumber++) {
    if (!listed.has(partNumber)) throw badRequest("Part :part is missing.", { part: partNumber }, "part_missing");
    if (!recorded.has(partNumber)) throw badRequest("Part :part has not been uploaded.", { part: partNumber }, "part_not_uploaded");
  }
  for (const part of input.parts) {
    if (part.PartNumber > count) {
      throw badRequest("This upload has :count parts; there is no part :part.", { count, part: part.PartNumber }, "part_out_of_range");
    }
    const stored = recorded.get(part.PartNumber)!;
    if (unquote(part.ETag) !== stored.etag) {
      throw badRequest("Part :part does not match the uploaded part.", { part: part.PartNumber }, "part_etag_mismatch");
    }
    // Parts sent straight to R2 were not measured on the way: R2 wants equal parts, and so do we.
    const expected = expectedPartLength(session.size, session.partSize, part.PartNumber);
    if (stored.size !== expected) {
      throw badRequest("Part :part must be exactly :bytes bytes (got :got).", { part: part.PartNumber, bytes: expected ?? 0, got: stored.size }, "bad_part_size");
    }
  }
  const parts = [...recorded.values()].sort((a, b) => a.partNumber - b.partNumber);
  const object = await services.bucket.resumeMultipartUpload(session.path, session.r2UploadId!).complete(parts.map((part) => ({ partNumber: part.partNumber, etag: part.etag })));
  if (object.size !== session.size) {
    await services.bucket.delete(session.path);
    await services.db.delete(uploadSessions).where(eq(uploadSessions.id, session.id));
    throw new DomainError(422, "The uploaded file does not match the announced size.", { code: "size_mismatch", field: "file" });
  }
  await services.db
    .update(uploadSessions)
    .set({ status: "stored", updatedAt: toDate(services.now()) })
    .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.status, "uploading")));
  return { key: session.path, size: object.size };
}

/** Aborts the upload: R2 drops its parts, the record goes; a finished but unsaved object is deleted too. */
export async function abortMultipartUpload(services: UploadServices, actor: UploadActor, ref: { key: string; uploadId: string }) {
  const session = await findOwnSession(services, actor, ref.uploadId, "multipart", { key: ref.key });
  if (session.status === "claimed") {
    throw new DomainError(409, "This upload is already saved as a file; delete the file instead.", { code: "upload_claimed" });
  }
  await discardSession(services, session);
}
