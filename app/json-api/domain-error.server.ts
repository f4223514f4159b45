import { DomainError, domainErrorMessage } from "~/http/domain-error";
import type { Translate } from "~/i18n/translate";
import { ApiError } from "./handler.server";

/** How a domain's field name is spelled in an api/v1 body (decision 036: snake_case on the wire). */
export type WireField = (field: string) => string;

/** "titleId" -> "title_id". */
export const snakeCase: WireField = (field) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A domain refusal as api/v1's JSON error: its status, the translated
 * message, the field's messages under the body's name for it, and a
 * Retry-After for a rate limit (decision 044: the one JSON mapper).
 */
export function apiErrorOf(t: Translate, error: DomainError, wireField: WireField = (field) => field): ApiError {
  const message = domainErrorMessage(t, error);
  const retryAfter = error.status === 429 && typeof error.values.seconds === "number" ? { "Retry-After": String(error.values.seconds) } : undefined;
  return new ApiError(error.status, message, error.field ? { [wireField(error.field)]: [message] } : undefined, error.headers ?? retryAfter);
}

/** Runs a domain call for api/v1: a DomainError becomes its JSON error; anything else goes on. */
export async function asApi<T>(t: Translate, run: () => Promise<T>, wireField?: WireField): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) throw apiErrorOf(t, error, wireField);
    throw error;
  }
}
