import { data } from "react-router";
import type { WorkerContext } from "~/request/context";

/**
 * The one guard of the end-to-end test-support routes (/resources/e2e/*):
 * they exist only in a local Worker (APP_ENV=local) that scripts/e2e-server.ts
 * started with the E2E=1 variable. Anywhere else — production, staging, a
 * plain `npm start` — they answer 404, as if they were not there.
 */
export function isE2eWorker(worker: WorkerContext) {
  return worker.isLocal && (worker.env as unknown as { E2E?: string }).E2E === "1";
}

export function requireE2eWorker(worker: WorkerContext) {
  if (!isE2eWorker(worker)) throw data(null, { status: 404 });
}
