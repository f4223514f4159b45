import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { DomainError, domainErrorMessage } from "~/http/domain-error";
import type { Translate } from "~/i18n/translate";
import type { LibraryAnswer } from "./answer";
import { formErrorMap } from "./error-map";

/**
 * Server half of the form kit (see use-app-form.tsx): every action parses
 * its form with the same schema the browser used, and answers a failure with
 * conform's reply so the messages land on their fields.
 */

/** Parses the request's form data with `schema`. Use `async: true` for schemas with async checks. */
export async function parseFormSubmission<Schema extends z.ZodType>(
  source: Request | FormData,
  schema: Schema,
  t: Translate,
  options: { async?: boolean } = {},
): Promise<Submission<z.input<Schema>, string[], z.output<Schema>>> {
  // A body that is not a form (e.g. JSON posted by hand) reads as an empty one: the schema reports what is missing.
  const formData = source instanceof Request ? await source.formData().catch(() => new FormData()) : source;
  const error = formErrorMap(t);
  if (options.async) return parseWithZod(formData, { schema, error, async: true });
  return parseWithZod(formData, { schema, error });
}

export interface InvalidOptions {
  /** Messages for fields the server found wrong (e.g. "This email is already taken."). */
  fieldErrors?: Record<string, string[]>;
  /** Messages for the whole form; shown as a danger toast with JavaScript. */
  formErrors?: string[];
  /** HTTP status; 400 by default (422 is as good; never 200 for a failure). */
  status?: number;
}

/** Field names never sent back to the browser. */
const SECRET_FIELD = /password|secret|token|code/i;

/**
 * The answer to a failed submission: 400 with conform's reply. Values are
 * kept (so a page re-rendered without JavaScript still has them), except
 * passwords and other secrets.
 */
export function invalidSubmission(submission: Submission<any, string[], any>, options: InvalidOptions = {}) {
  const hideFields = Object.keys(submission.payload).filter((name) => SECRET_FIELD.test(name));
  const reply: SubmissionResult<string[]> = submission.reply({
    fieldErrors: options.fieldErrors,
    formErrors: options.formErrors,
    hideFields,
  });
  return data(reply, { status: options.status ?? 400 });
}

/**
 * A domain refusal as conform's reply (decision 044: the one form mapper):
 * with its status, on a field or for the whole form. The field is `as` when
 * given; with `fields` (the fields the form shows), the refusal's own field
 * when listed, else `as` or the whole form; with neither, the refusal's own
 * field. Anything that is not a DomainError is thrown on.
 */
export function refusedSubmission(submission: Submission<any, string[], any>, error: unknown, t: Translate, options: { fields?: readonly string[]; as?: string } = {}) {
  if (!(error instanceof DomainError)) throw error;
  const message = domainErrorMessage(t, error);
  const shown = error.field && (!options.fields || options.fields.includes(error.field)) ? error.field : null;
  const field = options.fields ? (shown ?? options.as ?? null) : (options.as ?? shown);
  return invalidSubmission(submission, field ? { fieldErrors: { [field]: [message] }, status: error.status } : { formErrors: [message], status: error.status });
}

/**
 * The same refusal as a fetcher form's answer ({ok, message, errors}, see
 * answer.ts): the message on its field, or on "form". Anything that is not
 * a DomainError is thrown on.
 */
export function refusedAnswer(error: unknown, t: Translate): { status: number; body: LibraryAnswer } {
  if (!(error instanceof DomainError)) throw error;
  const message = domainErrorMessage(t, error);
  return { status: error.status, body: { ok: false, message, errors: { [error.field ?? "form"]: [message] } } };
}

/** Reads the `intent` field of a route with several forms; null when absent or not a string. */
export function readIntent(formData: FormData, name = "intent"): string | null {
  const value = formData.get(name);
  return typeof value === "string" && value.length <= 100 ? value : null;
}
