import type { Translate, TranslationValues } from "~/i18n/translate";

export interface DomainErrorOptions {
  /** The placeholder values of `messageKey`. */
  values?: TranslationValues;
  /** The form field (as the domain names it) the refusal belongs to; none: the form as a whole. */
  field?: string | null;
  /** A stable machine-readable reason, for API clients and tests. */
  code?: string;
  /** Response headers the answer must carry (Retry-After of a rate limit). */
  headers?: Record<string, string>;
}

/**
 * A refusal the member can act on, thrown by any domain service: an HTTP
 * status, an English message (the translation key) with its values, and the
 * field it belongs to. Every domain throws this one type through its named
 * constructors (listNotFound(), notAMember(), ...); page forms answer it with
 * refusedSubmission (ui/forms) and api/v1 with asApi (json-api), decision 044.
 */
export class DomainError extends Error {
  readonly values: TranslationValues;
  readonly field: string | null;
  readonly code: string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    readonly messageKey: string,
    options: DomainErrorOptions = {},
  ) {
    super(messageKey);
    this.name = "DomainError";
    this.values = options.values ?? {};
    this.field = options.field ?? null;
    this.code = options.code;
    this.headers = options.headers;
  }
}

/** The refusal as the message people read (translated). */
export function domainErrorMessage(t: Translate, error: DomainError) {
  return t(error.messageKey, error.values);
}
