import type { RestrictionViolation } from "./restrictions";

/**
 * A refusal the client should hear about: an HTTP status and an English
 * message (the translation key) with its placeholder values. Route modules
 * turn it into a JSON error; the tus server into a plain-text one.
 */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    /** English text with :placeholders; translated when the response is made. */
    readonly messageKey: string,
    readonly values: Record<string, string | number> = {},
    /** Stable machine-readable reason, for clients and tests. */
    readonly code = "upload_error",
    /** Set when the error belongs to the uploaded file (the `file` field of the errors map). */
    readonly field: string | null = null,
  ) {
    super(messageKey);
    this.name = "UploadError";
  }

  static fromViolation(violation: RestrictionViolation, status = 422) {
    const code = violation.code === "too_large" ? "file_too_large" : violation.code === "empty" ? "file_empty" : "file_type_not_allowed";
    return new UploadError(status, violation.message, violation.values, code, "file");
  }
}

export const notFound = () => new UploadError(404, "This upload does not exist or has expired.", {}, "upload_not_found");

export const badRequest = (message: string, values: Record<string, string | number> = {}, code = "bad_request") => new UploadError(400, message, values, code);
