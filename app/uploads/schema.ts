import { z } from "zod";
import { MULTIPART_MAX_PARTS, MULTIPART_SIGN_BATCH_SIZE, UPLOAD_METADATA_MAX_BYTES } from "~/constants";
import { UPLOAD_DISKS } from "./tables";

/**
 * Inputs of the upload API, one schema per call. The
 * browser uploader builds its payloads from the same types.
 */
const MAX_DECLARED_SIZE = 5 * 1024 ** 4;

export const uploadMetadataSchema = z
  .record(z.string().max(64), z.unknown())
  .nullish()
  .refine((value) => !value || new TextEncoder().encode(JSON.stringify(value)).byteLength <= UPLOAD_METADATA_MAX_BYTES, {
    message: "The metadata is too large.",
  });

const workspaceIdSchema = z.coerce.number().int().nonnegative().nullish();
const uploadIdSchema = z.string({ message: "The upload id is missing." }).regex(/^[A-Za-z0-9_-]{16,64}$/, "The upload id is not valid.");
const keySchema = z.string({ message: "The key is missing." }).min(1, "The key is missing.").max(200);

/** What a client declares before sending a file (presign, multipart create). */
export const declaredFileSchema = z.object({
  filename: z.string({ message: "The file name is missing." }).min(1, "The file name is missing.").max(1000),
  mime: z.string().max(255).nullish(),
  size: z
    .number({ message: "The file size must be a number of bytes." })
    .int("The file size must be a number of bytes.")
    .nonnegative("The file size must be a number of bytes.")
    .max(MAX_DECLARED_SIZE, "The file is too large."),
  extension: z.string().max(32).nullish(),
  disk: z.enum(UPLOAD_DISKS, { message: "The disk must be public or uploads." }).default("uploads"),
  metadata: uploadMetadataSchema,
  workspaceId: workspaceIdSchema,
});

export const multipartRefSchema = z.object({ key: keySchema, uploadId: uploadIdSchema });

const partNumberSchema = z
  .number({ message: "Part numbers must be whole numbers from 1 to 10000." })
  .int("Part numbers must be whole numbers from 1 to 10000.")
  .min(1, "Part numbers must be whole numbers from 1 to 10000.")
  .max(MULTIPART_MAX_PARTS, "Part numbers must be whole numbers from 1 to 10000.");

export const batchSignSchema = multipartRefSchema.extend({
  partNumbers: z
    .array(partNumberSchema, { message: "List the part numbers to sign." })
    .min(1, "List the part numbers to sign.")
    .max(MULTIPART_SIGN_BATCH_SIZE, `At most ${MULTIPART_SIGN_BATCH_SIZE} part URLs can be signed at once.`),
});

export const completeMultipartSchema = multipartRefSchema.extend({
  parts: z
    .array(
      z.object({
        PartNumber: partNumberSchema,
        ETag: z.string({ message: "Every part needs its ETag." }).min(1, "Every part needs its ETag.").max(200),
      }),
      { message: "List the uploaded parts." },
    )
    .min(1, "List the uploaded parts.")
    .max(MULTIPART_MAX_PARTS),
});

/** s3/entries: the stored file (its key, or the file name part of it) and what the client knows about it. */
export const s3EntrySchema = z
  .object({
    key: keySchema.optional(),
    filename: z.string().max(200).optional(),
    clientName: z.string().max(1000).nullish(),
    clientMime: z.string().max(255).nullish(),
    clientExtension: z.string().max(32).nullish(),
    size: z.number().int().nonnegative().nullish(),
    metadata: uploadMetadataSchema,
    workspaceId: workspaceIdSchema,
  })
  .refine((value) => value.key || value.filename, { message: "The key of the uploaded file is missing.", path: ["key"] });

export const tusEntrySchema = z.object({
  uploadKey: z.string({ message: "The upload key is missing." }).min(1, "The upload key is missing.").max(2000),
  metadata: uploadMetadataSchema,
  workspaceId: workspaceIdSchema,
});

export const deleteEntriesSchema = z.object({
  entryIds: z.array(z.number().int().positive(), { message: "Choose the files to delete." }).min(1, "Choose the files to delete.").max(100, "At most 100 files can be deleted at once."),
  deleteForever: z.boolean().default(false),
  /** Accepted for compatibility with the original client; entries are named by id. */
  paths: z.array(z.string().max(1000)).max(100).optional(),
});
