import { data } from "react-router";
import type { WorkerContext } from "~/request/context";

/**
 * A deliberate failure, to see the debug error viewer at work (and to test it):
 * /_dev/error (a page) and /_dev/error.json (an API-style answer). Only on a
 * local Worker, or one started for the end-to-end tests (E2E=1), which also
 * check that a production build never shows the trace.
 */
export class ForcedError extends Error {
  constructor(where: string) {
    super(`Forced error for the debug error viewer (${where})`);
    this.name = "ForcedError";
  }
}

export function requireForcedErrorsAllowed(worker: WorkerContext) {
  const e2e = (worker.env as unknown as { E2E?: string }).E2E === "1";
  if (!worker.isLocal && !e2e) throw data(null, { status: 404 });
}

/** A few frames of our own code above the throw, as a real bug would have. */
export function failDeliberately(where: string): never {
  return loadSomethingThatBreaks(where);
}

function loadSomethingThatBreaks(where: string): never {
  throw new ForcedError(where);
}
