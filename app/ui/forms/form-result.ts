import type { SubmissionResult } from "@conform-to/react";

/**
 * What an action may answer a form with:
 * - conform's `submission.reply()` (field -> messages, "" for the form);
 * - an errors map `{ errors: { field: message | messages } }`;
 * - a plain `{ message }` error;
 * - anything else (success data), which the form ignores.
 */
export type FormAnswer = SubmissionResult<string[]> | { errors?: Record<string, string | string[] | null | undefined>; message?: string } | Record<string, unknown> | null | undefined;

/** The form-level error key conform uses. */
const FORM_KEY = "";

function isSubmissionResult(answer: object): answer is SubmissionResult<string[]> {
  return "status" in answer && ("error" in answer || "initialValue" in answer || "intent" in answer);
}

function normaliseMessages(value: unknown): string[] {
  if (typeof value === "string") return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((m): m is string => typeof m === "string" && m.length > 0);
  return [];
}

/**
 * Turns any answer into the SubmissionResult conform reports on the form,
 * or undefined when it carries nothing for the form (e.g. success data).
 */
export function toSubmissionResult(answer: FormAnswer): SubmissionResult<string[]> | undefined {
  if (!answer || typeof answer !== "object") return undefined;
  if (isSubmissionResult(answer)) return answer;
  const errors = (answer as { errors?: unknown }).errors;
  const message = (answer as { message?: unknown }).message;
  if (errors && typeof errors === "object" && !Array.isArray(errors)) {
    const error: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(errors)) {
      const messages = normaliseMessages(value);
      if (messages.length) error[name] = messages;
    }
    if (typeof message === "string" && message && !error[FORM_KEY]) error[FORM_KEY] = [message];
    return { status: "error", error };
  }
  if (typeof message === "string" && message && (answer as { ok?: unknown }).ok !== true) {
    return { status: "error", error: { [FORM_KEY]: [message] } };
  }
  return undefined;
}

/** Field errors of a result, without the form-level ones. */
export function fieldErrorsOf(result: SubmissionResult<string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    if (name !== FORM_KEY && messages && messages.length) out[name] = messages;
  }
  return out;
}

/** The form-level messages of a result. */
export function formErrorsOf(result: SubmissionResult<string[]> | undefined): string[] {
  return result?.error?.[FORM_KEY] ?? [];
}

/**
 * The danger toast a failed answer calls for: none when errors landed on
 * fields (they show there), else the server's message, else the generic one.
 */
export function toastMessageFor(result: SubmissionResult<string[]> | undefined, fallback: string): string | null {
  if (result?.status !== "error") return null;
  if (Object.keys(fieldErrorsOf(result)).length > 0) return null;
  return formErrorsOf(result)[0] ?? fallback;
}

/** The first field in error, in the order the server reported them. */
export function firstErrorField(result: SubmissionResult<string[]> | undefined): string | null {
  return Object.keys(fieldErrorsOf(result))[0] ?? null;
}
