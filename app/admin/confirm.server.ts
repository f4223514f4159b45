import { data } from "react-router";
import type { ConfirmationRequest } from "./confirm";
import { readIds } from "./list-params";

export type { ConfirmationRequest };

/**
 * Destructive admin actions are confirmed before they run, with or without
 * JavaScript. With it, a dialog asks and the form is posted with
 * confirmed=yes. Without it the first post answers with this confirmation
 * request, which the page renders as a panel whose button posts the same
 * intent and ids again with confirmed=yes. The server is the one that
 * insists, so a hand-made post cannot skip the question either.
 */
export function isConfirmed(formData: FormData) {
  return formData.get("confirmed") === "yes";
}

export function askForConfirmation(request: Omit<ConfirmationRequest, "fields"> & { fields?: Record<string, string> }) {
  return data({ confirm: { ...request, fields: request.fields ?? {} } satisfies ConfirmationRequest });
}

/**
 * The action a list's form asks for: a row button posts row="<intent>:<id>",
 * the bulk bar posts intent plus checked ids.
 */
export function readListAction(formData: FormData, maxIds = 100): { intent: string | null; ids: number[] } {
  const row = formData.get("row");
  if (typeof row === "string") {
    const match = /^([a-z][a-z0-9-]{0,40}):(\d{1,15})$/.exec(row);
    if (match) return { intent: match[1], ids: [Number(match[2])] };
  }
  const intent = formData.get("intent");
  return { intent: typeof intent === "string" && intent.length <= 100 ? intent : null, ids: readIds(formData, maxIds) };
}
