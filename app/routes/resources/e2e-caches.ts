import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/e2e-caches";
import { invalidateGuestViewerCache } from "~/auth/viewer.server";
import { bumpContentVersion } from "~/http/content-version.server";
import { clearGuestPageCache } from "~/request/guest-page-cache.server";
import { forgetBrowseOptions } from "~/catalogue/browse.server";
import { forgetHomeChannel } from "~/channels/channel-page.server";
import { forgetSearchVocabulary } from "~/catalogue/search.server";
import { getApp, getWorker } from "~/request/context";
import { requireE2eWorker } from "~/request/e2e-only.server";
import { settings as settingsTable } from "~/settings/tables";
import { inArray } from "drizzle-orm";
import { invalidateSettingsCache, saveSettings } from "~/settings/settings.server";
import { isSettingKey } from "~/settings/definitions";
import { forgetTmdbOutages } from "~/tmdb/client.server";

/**
 * Test support for the end-to-end suite, and nothing else: it exists only in
 * a local Worker started for the end-to-end tests (APP_ENV=local and the
 * E2E=1 variable, set by scripts/e2e-server.ts); everywhere else every
 * method is a 404.
 *
 * POST /resources/e2e/flush-caches   drops this isolate's settings, guest-role and guest page caches
 *                                    and the TMDB outage it remembers
 *                                    and bumps the content version (the Cache API's copies)
 * POST /resources/e2e/settings       {"key": value, "other.key": null} stores settings
 *                                    (validated like any settings write; null restores the
 *                                    default) and drops the caches
 *
 * Settings go through the Worker rather than into the SQLite file from the
 * test process: two processes writing the same local D1 file make workerd
 * fail with SQLITE_BUSY.
 */
const settingsBody = z.record(z.string(), z.unknown());

export async function action({ request, params, context }: Route.ActionArgs) {
  requireE2eWorker(getWorker(context));
  if (params.task === "settings") {
    const parsed = settingsBody.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return Response.json({ message: "Send a JSON object of settings." }, { status: 400 });
    const { db } = getApp(context);
    const reset = Object.keys(parsed.data).filter((key) => parsed.data[key] === null);
    const unknown = reset.filter((key) => !isSettingKey(key));
    if (unknown.length) return Response.json({ errors: Object.fromEntries(unknown.map((k) => [k, ["Unknown setting."]])) }, { status: 422 });
    const update = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== null));
    const result = await saveSettings(db, update);
    if (!result.ok) return Response.json({ errors: result.errors }, { status: 422 });
    if (reset.length) await db.delete(settingsTable).where(inArray(settingsTable.key, reset));
  } else if (params.task !== "flush-caches") {
    throw data(null, { status: 404 });
  }
  invalidateSettingsCache();
  forgetTmdbOutages();
  invalidateGuestViewerCache();
  clearGuestPageCache();
  forgetBrowseOptions();
  forgetHomeChannel();
  forgetSearchVocabulary();
  await bumpContentVersion(getWorker(context).env.DB);
  return Response.json({ ok: true });
}

export function loader() {
  throw data(null, { status: 404 });
}
