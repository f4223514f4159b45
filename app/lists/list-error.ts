/**
 * A refusal from the lists domain: an HTTP status, an English message (the
 * translation key) with its values, and the field it belongs to (for form and
 * API error maps). Route modules turn it into their answer.
 */
export class ListError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly values: Record<string, string | number> = {},
    readonly field: string | null = null,
  ) {
    super(messageKey);
    this.name = "ListError";
  }
}

/** The same answer for "does not exist" and "private and not yours", so ids cannot be probed. */
export const listNotFound = () => new ListError(404, "This list does not exist or is private.");
export const cannotEdit = () => new ListError(403, "You cannot edit this list.");
