import { CHUNKED_UPLOAD_THRESHOLD_BYTES, MULTIPART_UPLOAD_THRESHOLD_BYTES, SINGLE_REQUEST_UPLOAD_MAX_FILE_BYTES } from "~/constants";

/**
 * How a file travels:
 * - direct upload to storage when the site enables it: S3-style multipart
 *   from 100 MB, a single presigned PUT below;
 * - otherwise resumable tus chunks from 4 MB (unless chunking is off);
 * - otherwise one POST to api/v1/file-entries.
 * Whatever the settings, a file too large for one request (Cloudflare
 * refuses bodies over 100 MB) goes in parts: tus when chunking is on,
 * multipart otherwise.
 */
export type UploadStrategy = "multipart" | "presigned" | "tus" | "direct";

export interface UploadSettings {
  chunk: boolean;
  chunkSize: number;
  directUpload: boolean;
}

export function chooseStrategy(size: number, settings: UploadSettings): UploadStrategy {
  if (settings.directUpload) return size >= MULTIPART_UPLOAD_THRESHOLD_BYTES ? "multipart" : fitInOneRequest("presigned", size, settings);
  if (settings.chunk && size >= CHUNKED_UPLOAD_THRESHOLD_BYTES) return "tus";
  return fitInOneRequest("direct", size, settings);
}

/** A single-request strategy for files that fit in one request; parts for larger ones. */
export function fitInOneRequest(strategy: UploadStrategy, size: number, settings: Pick<UploadSettings, "chunk">): UploadStrategy {
  if ((strategy !== "direct" && strategy !== "presigned") || size <= SINGLE_REQUEST_UPLOAD_MAX_FILE_BYTES) return strategy;
  return settings.chunk ? "tus" : "multipart";
}

/**
 * Uploads that run alone: a file from a folder, a
 * multipart upload, or a chunked upload larger than one chunk.
 */
export function runsAlone(item: { strategy: UploadStrategy; size: number; relativePath: string | null }, settings: Pick<UploadSettings, "chunkSize">): boolean {
  if (item.relativePath) return true;
  if (item.strategy === "multipart") return true;
  return item.strategy === "tus" && item.size > settings.chunkSize;
}
