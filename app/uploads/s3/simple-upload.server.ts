import { DomainError } from "~/http/domain-error";
import { and, eq } from "drizzle-orm";
import { R2_MAX_PART_BYTES, SIGNED_UPLOAD_URL_TTL_S, UPLOAD_SESSION_EXPIRY_S } from "~/constants";
import type { UploadActor } from "../actor.server";
import { claimStoredUpload } from "../file-entries.server";
import { putObjectFromBody } from "../r2-streams.server";
import { uploadSessions, type UploadSessionRow } from "../tables";
import type { UploadServices } from "../services.server";
import { signUploadUrl, verifyUploadUrl } from "../signed-urls.server";
import { badRequest, notFound } from "../upload-error";
import { assertNotExpired, findSession, startUploadSession, toDate, type DeclaredUpload } from "../upload-sessions.server";
import { presignObjectPut } from "./r2-s3-api.server";

/**
 * Direct-to-storage single uploads (s3/simple/presign, PUT,
 * s3/entries). The presigned URL points at the Worker, which streams the
 * body into R2; when R2's S3 credentials are configured it is a real R2
 * presigned PUT instead, and s3/entries finds the object in the bucket
 * (docs/decisions/008-uploads-on-r2.md).
 */
export async function presignSimpleUpload(services: UploadServices, actor: UploadActor, declared: DeclaredUpload) {
  if (declared.size > R2_MAX_PART_BYTES) {
    throw new DomainError(422, "Files this large must be uploaded in parts.", { code: "use_multipart", field: "file" });
  }
  const session = await startUploadSession(services, actor, "simple", declared, { expiresInSeconds: UPLOAD_SESSION_EXPIRY_S });
  const expires = Math.floor(services.now() / 1000) + SIGNED_UPLOAD_URL_TTL_S;
  const url = services.r2Api
    ? await presignObjectPut(services.r2Api.config, session.path, SIGNED_UPLOAD_URL_TTL_S, new Date(services.now()))
    : await signUploadUrl(services.appKey, services.origin, { kind: "object", uploadId: session.id, key: session.path }, expires);
  return { url, key: session.path, acl: session.disk === "public" ? "public-read" : "private", uploadId: session.id, expires };
}

/** PUT to a signed object URL: exactly the declared number of bytes, streamed into R2. */
export async function receiveObject(services: UploadServices, request: Request): Promise<{ etag: string }> {
  const verified = await verifyUploadUrl(services.appKey, new URL(request.url), "object", Math.floor(services.now() / 1000));
  if (!verified.ok) {
    throw new DomainError(403, verified.reason === "invalid" ? "This upload link is not valid." : "This upload link has expired.", {
      code: verified.reason === "invalid" ? "invalid_signature" : "expired_signature",
    });
  }
  const session = await findSession(services.db, verified.target.uploadId);
  if (session?.kind !== "simple" || session.path !== verified.target.key) throw notFound();
  assertNotExpired(session, services);
  if (session.status !== "uploading") throw new DomainError(409, "This upload is already complete.", { code: "upload_complete" });
  const declared = request.headers.get("Content-Length");
  if (declared === null) throw new DomainError(411, "Send the file with a Content-Length header.", { code: "length_required" });
  if (!/^\d+$/.test(declared) || Number(declared) !== session.size) {
    throw badRequest("The file must be exactly :bytes bytes (got :got).", { bytes: session.size, got: declared }, "size_mismatch");
  }
  if (!request.body) throw badRequest("The file is empty.", {}, "size_mismatch");
  const object = await putObjectFromBody(services.bucket, session.path, session.size, request.body, {
    httpMetadata: { contentType: session.clientMime },
    customMetadata: { uploadSession: session.id },
  });
  await services.db
    .update(uploadSessions)
    .set({ status: "stored", updatedAt: toDate(services.now()) })
    .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.status, "uploading")));
  return { etag: object.httpEtag };
}

/** s3/entries: the actor's finished simple or multipart upload becomes a file entry. */
export async function createEntryFromStoredObject(services: UploadServices, actor: UploadActor, input: { key?: string; filename?: string; metadata?: Record<string, unknown> | null }) {
  const key = input.key ?? `files/${input.filename}`;
  const [session] = await services.db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.path, key), eq(uploadSessions.ownerId, actor.userId)))
    .limit(1);
  if (!session || session.kind === "tus") throw notFound();
  if (session.kind === "simple" && session.status === "uploading") {
    // Sent straight to R2 with a presigned URL: the object is there, or the upload is not done.
    assertNotExpired(session, services);
    if (!(await services.bucket.head(session.path))) {
      throw new DomainError(409, "The upload is not complete yet.", { code: "upload_incomplete" });
    }
    const [stored] = await services.db
      .update(uploadSessions)
      .set({ status: "stored", updatedAt: toDate(services.now()) })
      .where(and(eq(uploadSessions.id, session.id), eq(uploadSessions.status, "uploading")))
      .returning();
    return claimStoredUpload(services, actor, stored ?? session, input.metadata);
  }
  return claimStoredUpload(services, actor, session as UploadSessionRow, input.metadata);
}
