import { DomainError } from "~/http/domain-error";
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { UploadActor } from "./actor.server";
import { restrictionsFor } from "./actor.server";
import { cleanFileName, cleanMime, extensionOf, isGenericMime, mimeFromExtension } from "./file-types";
import { deletePrefix } from "./r2-streams.server";
import { checkFile } from "./restrictions";
import { uploadParts, uploadSessions, type UploadDisk, type UploadKind, type UploadPartRow, type UploadSessionRow } from "./tables";
import type { UploadServices } from "./services.server";
import { notFound, uploadRefusal } from "./upload-error";

/** What a client says about a file before sending it. */
export interface DeclaredUpload {
  name: string;
  mime?: string | null;
  size: number;
  disk?: UploadDisk;
  metadata?: Record<string, unknown> | null;
}

const encoder = new TextEncoder();

function randomId(bytes: number): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  let binary = "";
  for (const byte of random) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** 32 URL-safe characters (192 bits): the tus upload key / S3-style uploadId. */
export const newUploadId = () => randomId(24);

/** 32 hex characters: the stored file name, unguessable, also the file's URL segment. */
export const newFileName = () => crypto.randomUUID().replace(/-/g, "");

/** Every stored file lives under files/; the disk (public or uploads) is an access rule kept in D1. */
export const objectKeyFor = (fileName: string) => `files/${fileName}`;

/** Where a tus upload keeps bytes that do not yet fill a part; the segment is the upload offset they end at. */
export const tailKeyFor = (sessionId: string, offset: number) => `.tus-tails/${sessionId}/${offset}`;
export const tailPrefixFor = (sessionId: string) => `.tus-tails/${sessionId}/`;

export const toDate = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** The name and type we will store: a clean name, and a real type (from the extension when the client's is generic). */
export function normaliseDeclared(declared: DeclaredUpload) {
  const name = cleanFileName(declared.name);
  const extension = extensionOf(name);
  let mime = cleanMime(declared.mime);
  if (isGenericMime(mime)) mime = mimeFromExtension(extension) ?? "application/octet-stream";
  return { name, extension, mime };
}

/**
 * Checks a declared file against the actor's restrictions and records the
 * upload; for tus and multipart also opens the R2 multipart upload. Nothing
 * is stored when the file is refused.
 */
export async function startUploadSession(
  services: UploadServices,
  actor: UploadActor,
  kind: UploadKind,
  declared: DeclaredUpload,
  { partSize = 0, expiresInSeconds }: { partSize?: number; expiresInSeconds: number },
): Promise<UploadSessionRow> {
  const { name, extension, mime } = normaliseDeclared(declared);
  const violation = checkFile({ name, size: declared.size, mime }, restrictionsFor(services.settings, actor));
  if (violation) throw uploadRefusal(violation);

  const id = newUploadId();
  const path = objectKeyFor(newFileName());
  let r2UploadId: string | null = null;
  if (kind !== "simple") {
    const upload = await services.bucket.createMultipartUpload(path, {
      httpMetadata: { contentType: mime },
      customMetadata: { uploadSession: id },
    });
    r2UploadId = upload.uploadId;
  }
  const now = services.now();
  try {
    const [row] = await services.db
      .insert(uploadSessions)
      .values({
        id,
        kind,
        ownerId: actor.userId,
        workspaceId: actor.workspaceId,
        disk: declared.disk ?? "uploads",
        path,
        r2UploadId,
        clientName: name,
        clientMime: mime,
        clientExtension: extension,
        size: declared.size,
        partSize,
        metadata: declared.metadata ?? null,
        expiresAt: toDate(now + expiresInSeconds * 1000),
        createdAt: toDate(now),
        updatedAt: toDate(now),
      })
      .returning();
    return row;
  } catch (error) {
    if (r2UploadId)
      await services.bucket
        .resumeMultipartUpload(path, r2UploadId)
        .abort()
        .catch(() => {});
    throw error;
  }
}

export async function findSession(db: Database, id: string): Promise<UploadSessionRow | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  const [row] = await db.select().from(uploadSessions).where(eq(uploadSessions.id, id)).limit(1);
  return row ?? null;
}

/** The actor's own upload of this kind, or a 404 (someone else's upload is not revealed). */
export async function findOwnSession(services: UploadServices, actor: UploadActor, id: string, kind: UploadKind, { key }: { key?: string } = {}): Promise<UploadSessionRow> {
  const row = await findSession(services.db, id);
  if (!row || row.kind !== kind || row.ownerId !== actor.userId || (key !== undefined && row.path !== key)) throw notFound();
  return row;
}

export function isExpired(row: Pick<UploadSessionRow, "expiresAt">, nowMs: number): boolean {
  return row.expiresAt.getTime() <= nowMs;
}

/** An upload past its expiry is gone for the client (410), even before the cleanup job removed it. */
export function assertNotExpired(row: UploadSessionRow, services: UploadServices) {
  if (isExpired(row, services.now())) {
    throw new DomainError(410, "This upload has expired. Please upload the file again.", { code: "upload_expired" });
  }
}

export function listParts(db: Database, sessionId: string): Promise<UploadPartRow[]> {
  return db.select().from(uploadParts).where(eq(uploadParts.sessionId, sessionId)).orderBy(asc(uploadParts.partNumber));
}

/** Records a part (a re-uploaded part number replaces the earlier one, as in R2) and extends the upload's life. */
export function recordPartStatements(db: Database, sessionId: string, part: { partNumber: number; etag: string; size: number }, { expiresAt, now }: { expiresAt: Date; now: Date }) {
  return [
    db
      .insert(uploadParts)
      .values({ sessionId, partNumber: part.partNumber, etag: part.etag, size: part.size })
      .onConflictDoUpdate({
        target: [uploadParts.sessionId, uploadParts.partNumber],
        set: { etag: part.etag, size: part.size },
      }),
    db.update(uploadSessions).set({ expiresAt, updatedAt: now }).where(eq(uploadSessions.id, sessionId)),
  ] as const;
}

/**
 * Removes an upload that will not become a file entry: aborts the R2
 * multipart upload, deletes tus tail buffers and any finished but unclaimed
 * object, then the row (its parts go with it).
 */
export async function discardSession(services: Pick<UploadServices, "db" | "bucket">, row: UploadSessionRow) {
  const { db, bucket } = services;
  if (row.status === "uploading" && row.r2UploadId) {
    await bucket
      .resumeMultipartUpload(row.path, row.r2UploadId)
      .abort()
      .catch(() => {
        // Already completed or aborted: nothing left to abort.
      });
  }
  if (row.kind === "tus") await deletePrefix(bucket, tailPrefixFor(row.id));
  if (row.status !== "claimed") await bucket.delete(row.path);
  await db.delete(uploadSessions).where(eq(uploadSessions.id, row.id));
}

/** Sessions past their expiry, oldest first (the cleanup job's work list). */
export function expiredSessions(db: Database, now: Date, limit: number) {
  return db.select().from(uploadSessions).where(lt(uploadSessions.expiresAt, now)).orderBy(asc(uploadSessions.expiresAt)).limit(limit);
}

/**
 * Takes the tus write lock when the upload is still at `offset` and nobody
 * holds it (or their lease ran out). Returns the token, or why not.
 */
export async function acquireLock(db: Database, id: string, offset: number, nowMs: number, leaseMs: number): Promise<{ token: string } | { conflict: "offset" | "locked" }> {
  const token = newUploadId();
  const now = toDate(nowMs);
  const taken = await db
    .update(uploadSessions)
    .set({ lockToken: token, lockedUntil: toDate(nowMs + leaseMs) })
    .where(and(eq(uploadSessions.id, id), eq(uploadSessions.offset, offset), eq(uploadSessions.status, "uploading"), or(isNull(uploadSessions.lockedUntil), lt(uploadSessions.lockedUntil, now))))
    .returning({ id: uploadSessions.id });
  if (taken.length === 1) return { token };
  const [current] = await db.select({ offset: uploadSessions.offset, status: uploadSessions.status }).from(uploadSessions).where(eq(uploadSessions.id, id));
  return { conflict: current && current.offset === offset && current.status === "uploading" ? "locked" : "offset" };
}

export async function releaseLock(db: Database, id: string, token: string) {
  await db
    .update(uploadSessions)
    .set({ lockToken: null, lockedUntil: null })
    .where(and(eq(uploadSessions.id, id), eq(uploadSessions.lockToken, token)));
}

/** Serialised metadata stays small: it is stored with every upload. */
export function metadataSize(metadata: Record<string, unknown> | null | undefined): number {
  return metadata ? encoder.encode(JSON.stringify(metadata)).byteLength : 0;
}
