import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "~/db/columns";
import { users } from "~/auth/users.tables";

/**
 * Uploaded files and the uploads still on their way.
 *
 * - `file_entries`: one stored file (id, name, file name,
 *   mime, size, extension, disk, path, owner, workspace). `path` is the R2
 *   key. `deleted_at` set = in the trash.
 * - `upload_sessions`: an upload that has started but not yet become a file
 *   entry: a tus upload, an S3-style multipart upload, or a presigned single
 *   PUT. It records what the client declared (checked against the upload
 *   restrictions before any byte is stored) and the R2 multipart upload id.
 * - `upload_parts`: parts already stored in R2 for a session. The R2 binding
 *   cannot list the parts of a multipart upload, so they are kept here for
 *   get-uploaded-parts, for resuming and for completing.
 *
 * See docs/decisions/008-uploads-on-r2.md.
 */

export const UPLOAD_DISKS = ["public", "uploads"] as const;
export type UploadDisk = (typeof UPLOAD_DISKS)[number];

export const UPLOAD_KINDS = ["tus", "multipart", "simple"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * uploading: bytes may still arrive; stored: the object is complete in R2
 * and waits for its file entry; claimed: the file entry exists (kept briefly
 * so a repeated "entries" call returns the same entry).
 */
export const UPLOAD_STATUSES = ["uploading", "stored", "claimed"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export const fileEntries = sqliteTable(
  "file_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The name people see (the client's file name, cleaned). */
    name: text("name").notNull(),
    /** Random stored name, unique; also the public URL segment. */
    fileName: text("file_name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    extension: text("extension").notNull().default(""),
    disk: text("disk", { enum: UPLOAD_DISKS }).notNull(),
    /** The R2 key of the content. */
    path: text("path").notNull(),
    /** R2's HTTP entity tag of the stored object, for cheap revalidation. */
    etag: text("etag"),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** 0 = the personal (default) workspace. */
    workspaceId: integer("workspace_id").notNull().default(0),
    /** Free-form JSON the uploader attached (at most a few KB). */
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: integer("deleted_at", { mode: "timestamp" }),
  },
  (t) => [
    uniqueIndex("file_entries_file_name_unique").on(t.fileName),
    uniqueIndex("file_entries_path_unique").on(t.path),
    // A user's files; their personal workspace (0) newest first from the index alone.
    index("file_entries_owner_idx").on(t.ownerId, t.workspaceId, t.deletedAt, t.createdAt),
    // A workspace's files, newest first (listWorkspaceEntries): filter and sort from the index alone.
    index("file_entries_workspace_idx").on(t.workspaceId, t.deletedAt, t.createdAt),
    index("file_entries_deleted_idx").on(t.deletedAt),
  ],
);

export const uploadSessions = sqliteTable(
  "upload_sessions",
  {
    /** Random, URL-safe: the tus upload key and the S3-style uploadId. */
    id: text("id").primaryKey(),
    kind: text("kind", { enum: UPLOAD_KINDS }).notNull(),
    status: text("status", { enum: UPLOAD_STATUSES }).notNull().default("uploading"),
    /** Set null (not cascaded) when the user goes, so the cleanup job still finds what to remove from R2. */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    workspaceId: integer("workspace_id").notNull().default(0),
    disk: text("disk", { enum: UPLOAD_DISKS }).notNull(),
    /** R2 key of the finished object. */
    path: text("path").notNull(),
    /** R2 multipart upload id (tus and multipart). */
    r2UploadId: text("r2_upload_id"),
    clientName: text("client_name").notNull(),
    clientMime: text("client_mime").notNull(),
    clientExtension: text("client_extension").notNull().default(""),
    /** Declared total size in bytes. */
    size: integer("size").notNull(),
    /** Every part but the last has exactly this many bytes (R2's rule). */
    partSize: integer("part_size").notNull().default(0),
    /** tus: bytes accepted so far (committed parts + the buffered tail). */
    offset: integer("offset").notNull().default(0),
    /** tus: bytes at the end of `offset` held in a temporary R2 object until a whole part is there. */
    tailSize: integer("tail_size").notNull().default(0),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    /** tus PATCH lock: one writer at a time (others get 423). */
    lockToken: text("lock_token"),
    lockedUntil: integer("locked_until", { mode: "timestamp" }),
    fileEntryId: integer("file_entry_id").references(() => fileEntries.id, { onDelete: "set null" }),
    /** After this the upload is abandoned: refused, then removed by the cleanup job. */
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("upload_sessions_expires_idx").on(t.expiresAt), index("upload_sessions_owner_idx").on(t.ownerId, t.status), uniqueIndex("upload_sessions_path_unique").on(t.path)],
);

export const uploadParts = sqliteTable(
  "upload_parts",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => uploadSessions.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    /** R2's etag for the part (unquoted). */
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.partNumber] })],
);

export type FileEntryRow = typeof fileEntries.$inferSelect;
export type UploadSessionRow = typeof uploadSessions.$inferSelect;
export type UploadPartRow = typeof uploadParts.$inferSelect;
