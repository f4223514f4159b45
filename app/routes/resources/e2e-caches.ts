import { data } from "react-router";
import type { Route } from "./+types/e2e-caches";
import { invalidateGuestViewerCache } from "~/auth/viewer.server";
import { getWorker } from "~/request/context";
import { invalidateSettingsCache } from "~/settings/settings.server";

/**
 * POST /resources/e2e/flush-caches: drops this isolate's settings and guest
 * role caches, so an end-to-end test that changed settings in the database
 * (tests/e2e/fixtures/settings.ts) sees them on the next request instead of
 * after the 15 s cache lifetime. It exists only in a local Worker started for
 * the end-to-end tests (APP_ENV=local and the E2E=1 variable); everywhere
 * else it is a 404.
 */
export async function action({ context }: Route.ActionArgs) {
  const worker = getWorker(context);
  const e2e = (worker.env as unknown as Record<string, unknown>).E2E === "1";
  if (!worker.isLocal || !e2e) throw data(null, { status: 404 });
  invalidateSettingsCache();
  invalidateGuestViewerCache();
  return Response.json({ flushed: true });
}

export function loader() {
  throw data(null, { status: 404 });
}
