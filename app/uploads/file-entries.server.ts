import { DomainError } from "~/http/domain-error";
import { uploadRefusal } from "./upload-error";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Viewer } from "~/request/viewer";
import { hasPermission } from "~/request/viewer";
import type { Database } from "~/db/client.server";
import type { UploadActor } from "./actor.server";
import { restrictionsFor } from "./actor.server";
import { fileEntryUrl, fileKind, type FileEntryJson } from "./file-entries";
import { isGenericMime, sniffMime } from "./file-types";
import { readObjectHead } from "./r2-streams.server";
import { checkFile } from "./restrictions";
import { fileEntries, uploadSessions, type FileEntryRow, type UploadSessionRow } from "./tables";
import type { UploadServices } from "./services.server";
import { discardSession, toDate } from "./upload-sessions.server";

export function serializeFileEntry(row: FileEntryRow): FileEntryJson {
  return {
    id: row.id,
    name: row.name,
    file_name: row.fileName,
    mime: row.mime,
    type: fileKind(row.mime),
    size: row.size,
    extension: row.extension,
    disk: row.disk,
    url: fileEntryUrl(row.fileName),
    owner_id: row.ownerId,
    workspace_id: row.workspaceId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

/** The file name is the last segment of the R2 key (files/<fileName>). */
export const fileNameOfKey = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/**
 * Turns a finished upload into a file entry. The restrictions are checked
 * again against what R2 actually holds (its real size, and the type its first
 * bytes reveal); a file that fails is deleted. Calling it twice returns the
 * same entry, also when the calls run at once: the insert yields to an entry
 * another call already made for the same object (its path is unique), and
 * every caller answers with that one row (decision 021).
 */
export async function claimStoredUpload(services: UploadServices, actor: UploadActor, session: UploadSessionRow, extraMetadata?: Record<string, unknown> | null): Promise<FileEntryRow> {
  if (session.status === "claimed" && session.fileEntryId !== null) {
    const [existing] = await services.db.select().from(fileEntries).where(eq(fileEntries.id, session.fileEntryId));
    if (existing) return existing;
  }
  if (session.status !== "stored") {
    throw new DomainError(409, "The upload is not complete yet.", { code: "upload_incomplete" });
  }
  const object = await services.bucket.head(session.path);
  if (!object) {
    await discardSession(services, session);
    throw new DomainError(409, "The uploaded file could not be found. Please upload it again.", { code: "upload_missing" });
  }
  const head = await readObjectHead(services.bucket, session.path, object.size);
  const sniffed = sniffMime(head);
  const violation =
    object.size !== session.size ? null : checkFile({ name: session.clientName, size: object.size, mime: session.clientMime, sniffedMime: sniffed }, restrictionsFor(services.settings, actor));
  if (object.size !== session.size || violation) {
    await discardSession(services, session);
    if (violation) throw uploadRefusal(violation);
    throw new DomainError(422, "The uploaded file does not match the announced size.", { code: "size_mismatch", field: "file" });
  }

  const mime = isGenericMime(session.clientMime) && sniffed ? sniffed : session.clientMime;
  const metadata = session.metadata || extraMetadata ? { ...(session.metadata ?? {}), ...(extraMetadata ?? {}) } : null;
  const now = toDate(services.now());
  const [entry] = await services.db.batch([
    services.db
      .insert(fileEntries)
      .values({
        name: session.clientName,
        fileName: fileNameOfKey(session.path),
        mime,
        size: object.size,
        extension: session.clientExtension,
        disk: session.disk,
        path: session.path,
        etag: object.httpEtag,
        ownerId: session.ownerId,
        workspaceId: session.workspaceId,
        metadata,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: fileEntries.path })
      .returning(),
    // Keep the session briefly, pointing at its entry, so a repeated call answers the same.
    services.db
      .update(uploadSessions)
      .set({
        status: "claimed",
        fileEntryId: sql`(SELECT id FROM file_entries WHERE path = ${session.path})`,
        updatedAt: now,
      })
      .where(eq(uploadSessions.id, session.id)),
  ]);
  if (entry[0]) return entry[0];
  // Another call claimed it first: the same entry for everyone.
  const [existing] = await services.db.select().from(fileEntries).where(eq(fileEntries.path, session.path));
  if (!existing) throw new DomainError(409, "The upload is being claimed. Please try again.", { code: "upload_conflict" });
  return existing;
}

/** Inserts an entry for an object stored directly (no upload session). */
export async function insertFileEntry(db: Database, values: typeof fileEntries.$inferInsert): Promise<FileEntryRow> {
  const [row] = await db.insert(fileEntries).values(values).returning();
  return row;
}

export async function findEntryByFileName(db: Database, fileName: string): Promise<FileEntryRow | null> {
  if (!/^[a-f0-9]{32}$/.test(fileName)) return null;
  const [row] = await db.select().from(fileEntries).where(eq(fileEntries.fileName, fileName)).limit(1);
  return row ?? null;
}

/**
 * Who may read a file: anyone for the public disk (unless it is in the
 * trash); for the uploads disk its owner, members of its workspace, or
 * someone with files.view. Workspace 0 is everyone's personal space and
 * grants nothing to others; `isWorkspaceMember` is asked only when it matters.
 */
export async function canViewEntry(viewer: Viewer, entry: FileEntryRow, isWorkspaceMember: (userId: number, workspaceId: number) => Promise<boolean> = async () => false): Promise<boolean> {
  const isOwner = viewer.userId !== null && viewer.userId === entry.ownerId;
  const privileged = hasPermission(viewer, "files.view");
  if (entry.deletedAt) return isOwner || privileged;
  if (entry.disk === "public") return true;
  if (isOwner || privileged) return true;
  return viewer.userId !== null && entry.workspaceId !== 0 && (await isWorkspaceMember(viewer.userId, entry.workspaceId));
}

/**
 * Moves entries to the trash, or deletes them and their R2 objects for good.
 * All or nothing: one entry the actor may not delete refuses the request.
 */
export async function deleteFileEntries(services: UploadServices, actor: UploadActor, ids: number[], { forever }: { forever: boolean }): Promise<{ deleted: number[] }> {
  const unique = [...new Set(ids)];
  const rows = await services.db
    .select({ id: fileEntries.id, ownerId: fileEntries.ownerId, path: fileEntries.path, deletedAt: fileEntries.deletedAt })
    .from(fileEntries)
    .where(inArray(fileEntries.id, unique));
  if (rows.length !== unique.length) {
    throw new DomainError(404, "Some of these files do not exist.", { code: "entries_not_found", field: "entryIds" });
  }
  if (!actor.canDeleteAll && rows.some((row) => row.ownerId !== actor.userId)) {
    throw new DomainError(403, "You may only delete your own files.", { code: "forbidden", field: "entryIds" });
  }
  if (forever) {
    // R2 first: if it fails the entries stay and the call can be repeated.
    await services.bucket.delete(rows.map((row) => row.path));
    await services.db.delete(fileEntries).where(inArray(fileEntries.id, unique));
  } else {
    await services.db
      .update(fileEntries)
      .set({ deletedAt: toDate(services.now()), updatedAt: toDate(services.now()) })
      .where(and(inArray(fileEntries.id, unique), isNull(fileEntries.deletedAt)));
  }
  return { deleted: unique };
}

/**
 * A workspace's files, newest first, not in the trash: for workspace 0 the
 * user's own (the personal workspace is theirs alone), for any other every
 * member's. The caller has checked membership (api/v1 workspaceId).
 */
export async function listWorkspaceEntries(db: Database, { userId, workspaceId, page, perPage }: { userId: number; workspaceId: number; page: number; perPage: number }) {
  const where =
    workspaceId === 0
      ? and(eq(fileEntries.ownerId, userId), eq(fileEntries.workspaceId, 0), isNull(fileEntries.deletedAt))
      : and(eq(fileEntries.workspaceId, workspaceId), isNull(fileEntries.deletedAt));
  const offset = (page - 1) * perPage;
  const [rows, totals] = await db.batch([
    db.select().from(fileEntries).where(where).orderBy(desc(fileEntries.createdAt), desc(fileEntries.id)).limit(perPage).offset(offset),
    db.select({ total: count() }).from(fileEntries).where(where),
  ]);
  const total = Number(totals[0]?.total ?? 0);
  return {
    data: rows.map(serializeFileEntry),
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from: rows.length ? offset + 1 : null,
    to: rows.length ? offset + rows.length : null,
  };
}
