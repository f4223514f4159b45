import { z } from "zod";
import { defineEndpoint, errorResponses, paginationSchema } from "~/api/contract";
import { paginationQuery } from "~/api/query";
import { batchSignSchema, completeMultipartSchema, declaredFileSchema, deleteEntriesSchema, multipartRefSchema, s3EntrySchema, tusEntrySchema } from "./schema";
import { UPLOAD_DISKS } from "./tables";

/**
 * The upload calls, described for the OpenAPI document
 * with the schemas their routes validate with (app/uploads/schema.ts).
 * The routes themselves are in app/routes/api/v1/uploads (decision 008).
 */

export const fileEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  file_name: z.string(),
  mime: z.string().nullable(),
  type: z.string(),
  size: z.number().int(),
  extension: z.string().nullable(),
  disk: z.enum(UPLOAD_DISKS),
  url: z.string(),
  owner_id: z.number().int().nullable(),
  workspace_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
const fileEntryResponse = z.object({ fileEntry: fileEntrySchema });
// 410: an expired upload; 502: storage did not answer (app/uploads/upload-error.ts users).
const uploadErrors = () => errorResponses(400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 502);
/** The tus calls' refusals (decision 036): 412 without `Tus-Resumable: 1.0.0`, 400 on a malformed header, 410 once expired. */
const tusErrors = (...extra: number[]) => errorResponses(400, 401, 403, 404, 409, 412, 413, 415, 422, 429, 502, ...extra);
/** Signed PUTs: 411 without Content-Length, 410 once the upload expired, 502 when storage fails. */
const signedPutErrors = () => ({ ...uploadErrors(), ...errorResponses(411) });
const workspaceQuery = z.object({ workspaceId: z.string().regex(/^\d+$/).optional().describe("The active workspace (0: personal).") });

// The upload routes read JSON bodies only (app/uploads/api.server.ts), so no form body is documented.
const base = { tag: "Uploads", access: "user" as const, permission: "files.create", forms: false };

export const createFileEntry = defineEndpoint({
  ...base,
  method: "post",
  scope: "uploads",
  path: "/file-entries",
  operationId: "createFileEntry",
  summary: "Upload a file directly",
  description:
    "multipart/form-data with `file`, optional `disk` (public or uploads), `metadata` (JSON) and `workspaceId`. Streamed to storage. One request carries at most 100 MB (Cloudflare's request body limit): larger bodies get 413 `request_too_large`; upload such files with tus or multipart.",
  bodyKind: "multipart",
  body: z.object({
    file: z.string().describe("The file (binary part)."),
    disk: z.enum(UPLOAD_DISKS).optional(),
    metadata: z.string().optional().describe("JSON object."),
    workspaceId: z.string().optional(),
  }),
  responses: { 201: { description: "The new file entry.", schema: fileEntryResponse }, ...uploadErrors() },
});

export const listFileEntries = defineEndpoint({
  ...base,
  permission: undefined,
  method: "get",
  scope: "files:read",
  path: "/file-entries",
  operationId: "listFileEntries",
  summary: "Files of the active workspace",
  description:
    "Newest first, without those in the trash. `workspaceId` 0 (or none): the caller's own files in their personal workspace; another id: every file of that workspace, for its members only (403 otherwise).",
  query: paginationQuery({ perPage: 50, maxPerPage: 100 }).extend({
    workspaceId: z
      .string()
      .regex(/^\d{1,15}$/)
      .optional()
      .describe("The active workspace (0: personal)."),
  }),
  responses: { 200: { description: "A page of file entries.", schema: paginationSchema(fileEntrySchema) }, ...errorResponses(401, 403, 422, 429) },
});

export const deleteFileEntries = defineEndpoint({
  ...base,
  permission: undefined,
  method: "post",
  scope: "uploads",
  path: "/file-entries/delete",
  operationId: "deleteFileEntries",
  summary: "Delete file entries",
  description: "Moves the entries to the trash, or deletes them and their files with `deleteForever`.",
  body: deleteEntriesSchema,
  responses: {
    200: { description: "What was deleted.", schema: z.object({ deleted: z.array(z.number().int()), deleteForever: z.boolean() }) },
    ...uploadErrors(),
  },
});

const tusHeaders = { "Tus-Resumable": { description: "1.0.0", schema: { type: "string" as const } } };
/** The request header every tus call but OPTIONS must send (412 otherwise). */
const tusResumable = z.object({ "Tus-Resumable": z.literal("1.0.0").describe("The tus protocol version: 1.0.0 (412 otherwise).") });

export const createTusUpload = defineEndpoint({
  ...base,
  method: "post",
  scope: "uploads",
  path: "/tus/upload",
  operationId: "createTusUpload",
  summary: "Start a resumable (tus 1.0.0) upload",
  description: "The tus creation extension: `Upload-Length` and `Upload-Metadata` headers (filename, filetype, disk); creation-with-upload accepted. Answers 201 with `Location`.",
  bodyKind: "tus",
  query: workspaceQuery,
  headers: tusResumable.extend({
    "Upload-Length": z
      .string()
      .regex(/^\d{1,16}$/)
      .describe("The file's size in bytes (400 when missing or not a whole number)."),
    "Upload-Metadata": z.string().optional().describe("tus metadata: comma-separated `key base64value` pairs (filename, filetype, disk, workspaceId); 400 when malformed."),
  }),
  responses: {
    201: { description: "Created; `Location` is the upload URL.", headers: { ...tusHeaders, Location: { description: "The upload's URL.", schema: { type: "string" } } } },
    ...tusErrors(),
  },
});

const tusParams = z.object({
  uploadId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .describe("The upload key from `Location`."),
});

/** GET's body: what HEAD says in headers, for clients that are not tus clients (decision 036). */
export const tusUploadStatusSchema = z.object({
  upload_id: z.string(),
  offset: z.number().int().describe("Bytes stored: resume from here."),
  length: z.number().int().describe("The declared Upload-Length."),
  expires_at: z.string().describe("When an unfinished upload is discarded (ISO 8601)."),
  complete: z.boolean().describe("true once every byte arrived; then turn it into a file entry with tus/entries."),
});

const offsetHeaders = {
  ...tusHeaders,
  "Upload-Offset": { description: "Bytes stored.", schema: { type: "integer" as const } },
  "Upload-Length": { description: "The declared length.", schema: { type: "integer" as const } },
  "Upload-Expires": { description: "When an unfinished upload is discarded (HTTP date).", schema: { type: "string" as const } },
};

export const headTusUpload = defineEndpoint({
  ...base,
  method: "get",
  scope: "uploads",
  path: "/tus/upload/{uploadId}",
  operationId: "getTusUploadOffset",
  summary: "Upload offset (tus HEAD, or GET as JSON)",
  description:
    "`HEAD` is the tus call (send `Tus-Resumable: 1.0.0`, 412 otherwise): `Upload-Offset` says how many bytes are stored, so an interrupted upload resumes there. `GET` answers the same headers and the same facts as JSON, and does not need `Tus-Resumable`. 404 for an upload that is not yours or does not exist, 410 once it expired.",
  params: tusParams,
  responses: {
    200: { description: "The offset (also in the `Upload-Offset` header).", headers: offsetHeaders, schema: tusUploadStatusSchema },
    ...tusErrors(410),
  },
});

export const patchTusUpload = defineEndpoint({
  ...base,
  method: "patch",
  scope: "uploads",
  path: "/tus/upload/{uploadId}",
  operationId: "appendTusUpload",
  summary: "Send bytes (tus PATCH)",
  description: "`Content-Type: application/offset+octet-stream` and `Upload-Offset`. 409 on a stale offset, 423 while another request writes.",
  params: tusParams,
  headers: tusResumable.extend({
    "Upload-Offset": z
      .string()
      .regex(/^\d{1,16}$/)
      .describe("The offset this data starts at: the server's current offset (409 otherwise; 400 when not a whole number)."),
  }),
  bodyKind: "tus",
  responses: {
    204: { description: "Stored; `Upload-Offset` is the new offset.", headers: { ...tusHeaders, "Upload-Offset": { description: "Bytes stored.", schema: { type: "integer" } } } },
    ...tusErrors(410, 423),
  },
});

export const deleteTusUpload = defineEndpoint({
  ...base,
  method: "delete",
  scope: "uploads",
  path: "/tus/upload/{uploadId}",
  operationId: "terminateTusUpload",
  summary: "Cancel a resumable upload (tus termination)",
  params: tusParams,
  headers: tusResumable,
  responses: { 204: { description: "Cancelled." }, ...tusErrors() },
});

export const createTusEntry = defineEndpoint({
  ...base,
  method: "post",
  scope: "uploads",
  path: "/tus/entries",
  operationId: "createTusEntry",
  summary: "Turn a finished tus upload into a file entry",
  body: tusEntrySchema,
  responses: { 201: { description: "The file entry.", schema: fileEntryResponse }, ...uploadErrors() },
});

export const presignSimpleUpload = defineEndpoint({
  ...base,
  method: "post",
  scope: "uploads",
  path: "/s3/simple/presign",
  operationId: "presignSimpleUpload",
  summary: "Presign a single PUT upload",
  body: declaredFileSchema,
  responses: {
    200: {
      description: "PUT the file to `url` (it answers an ETag), then call s3/entries. `url` is the Worker's own signed endpoint, or an R2 presigned URL when R2's S3 credentials are configured.",
      schema: z.object({ url: z.string(), key: z.string(), acl: z.string(), uploadId: z.string(), expires: z.number().int() }),
    },
    ...uploadErrors(),
  },
});

const signedQuery = z.object({
  uploadId: z.string().optional(),
  key: z.string().optional(),
  partNumber: z.string().optional(),
  expires: z.string().optional(),
  signature: z.string().optional(),
});

export const putSimpleObject = defineEndpoint({
  ...base,
  access: "public",
  permission: undefined,
  method: "put",
  scope: "uploads",
  path: "/s3/simple/object",
  operationId: "putSimpleObject",
  summary: "Upload to a presigned URL",
  description: "The URL from s3/simple/presign, signed and expiring; the signature is the credential.",
  methodOverride: false,
  query: signedQuery,
  bodyKind: "binary",
  responses: { 200: { description: "Stored; the `ETag` header identifies the object." }, ...signedPutErrors() },
});

const multipart = (operation: string, summary: string, body: z.ZodType, response: z.ZodType, description?: string) =>
  defineEndpoint({
    ...base,
    method: "post",
    scope: "uploads",
    path: `/s3/multipart/${operation}`,
    operationId: `multipart${operation.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}`,
    summary,
    description,
    query: workspaceQuery,
    body,
    responses: { 200: { description: "Done.", schema: response }, ...uploadErrors() },
  });

export const multipartEndpoints = [
  multipart("create", "Start a multipart upload", declaredFileSchema, z.object({ uploadId: z.string(), key: z.string(), partSize: z.number().int(), partCount: z.number().int() })),
  multipart(
    "get-uploaded-parts",
    "List the parts already uploaded",
    multipartRefSchema,
    z.object({ parts: z.array(z.object({ PartNumber: z.number().int(), ETag: z.string(), Size: z.number().int() })) }),
    "For resuming: every part stored so far.",
  ),
  multipart(
    "batch-sign-part-urls",
    "Sign part URLs",
    batchSignSchema,
    z.object({ urls: z.array(z.object({ partNumber: z.number().int(), url: z.string(), size: z.number().int() })), expires: z.number().int() }),
    "At most 10 per call; PUT each part to its URL and keep the ETag header. The URLs point at the Worker's part endpoint, or are R2 presigned UploadPart URLs when R2's S3 credentials are configured.",
  ),
  multipart("complete", "Complete a multipart upload", completeMultipartSchema, z.object({ key: z.string(), size: z.number().int() })),
  multipart("abort", "Abort a multipart upload", multipartRefSchema, z.object({ aborted: z.boolean() })),
];

export const putMultipartPart = defineEndpoint({
  ...base,
  access: "public",
  permission: undefined,
  method: "put",
  scope: "uploads",
  path: "/s3/multipart/part",
  operationId: "putMultipartPart",
  summary: "Upload one part to a signed part URL",
  description: "A URL from batch-sign-part-urls; the body must be exactly the part's size.",
  methodOverride: false,
  query: signedQuery,
  bodyKind: "binary",
  responses: { 200: { description: "Stored; the `ETag` header is the part's ETag." }, ...signedPutErrors() },
});

export const createS3Entry = defineEndpoint({
  ...base,
  method: "post",
  scope: "uploads",
  path: "/s3/entries",
  operationId: "createS3Entry",
  summary: "Turn a finished presigned or multipart upload into a file entry",
  body: s3EntrySchema,
  responses: { 201: { description: "The file entry.", schema: fileEntryResponse }, ...uploadErrors() },
});

export const uploadEndpoints = [
  listFileEntries,
  createFileEntry,
  deleteFileEntries,
  createTusUpload,
  headTusUpload,
  patchTusUpload,
  deleteTusUpload,
  createTusEntry,
  presignSimpleUpload,
  putSimpleObject,
  ...multipartEndpoints,
  putMultipartPart,
  createS3Entry,
];
