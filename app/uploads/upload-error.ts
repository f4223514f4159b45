import { DomainError } from "~/http/domain-error";
import type { RestrictionViolation } from "./restrictions";

/** Uploads' refusals carry a code (for clients and tests); the ones without their own say this. */
export const UPLOAD_ERROR_CODE = "upload_error";

/** A file the restrictions refuse: the error belongs to the `file` field. */
export function uploadRefusal(violation: RestrictionViolation, status = 422) {
  const code = violation.code === "too_large" ? "file_too_large" : violation.code === "empty" ? "file_empty" : "file_type_not_allowed";
  return new DomainError(status, violation.message, { values: violation.values, code, field: "file" });
}

export const notFound = () => new DomainError(404, "This upload does not exist or has expired.", { code: "upload_not_found" });

export const badRequest = (message: string, values: Record<string, string | number> = {}, code = "bad_request") => new DomainError(400, message, { values, code });
