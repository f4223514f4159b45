import { MULTIPART_MAX_PARTS, MULTIPART_MIN_PART_BYTES, MULTIPART_PREFERRED_PART_BYTES } from "~/constants";

/**
 * Part sizes. R2 (like S3) wants every part of a multipart upload but the
 * last to have the same size, at least 5 MiB, and at most 10,000 parts.
 * The browser and the server compute the same numbers from these functions.
 */

/** S3-style multipart: the larger of 20 MB and size / 10,000, never below 5 MB. */
export function multipartPartSize(size: number): number {
  return Math.max(MULTIPART_MIN_PART_BYTES, MULTIPART_PREFERRED_PART_BYTES, Math.ceil(size / MULTIPART_MAX_PARTS));
}

/**
 * tus: one R2 part per PATCH when the client sends the configured chunk size
 * (so nothing needs buffering), at least 5 MiB, and large enough that the
 * file fits in 10,000 parts.
 */
export function tusPartSize(size: number, chunkSize: number): number {
  return Math.max(MULTIPART_MIN_PART_BYTES, chunkSize, Math.ceil(size / MULTIPART_MAX_PARTS));
}

export function partCount(size: number, partSize: number): number {
  return size <= 0 ? 0 : Math.ceil(size / partSize);
}

/** The exact length part `partNumber` (1-based) must have, or null when there is no such part. */
export function expectedPartLength(size: number, partSize: number, partNumber: number): number | null {
  const count = partCount(size, partSize);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > count) return null;
  return partNumber < count ? partSize : size - (count - 1) * partSize;
}
