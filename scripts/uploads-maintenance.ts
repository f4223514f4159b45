/**
 * Runs the scheduled uploads job now (the Cron Trigger runs it every 30
 * minutes): removes expired tus uploads and abandoned multipart/presigned
 * uploads (aborting their R2 multipart uploads), and deletes for good the
 * files in the trash for longer than TRASH_RETENTION_DAYS, objects first.
 *
 *   npm run uploads:maintenance                       local D1 and R2 under .wrangler/state
 *   npm run uploads:maintenance -- --persist-to DIR   local D1 and R2 under DIR
 *
 * It uses the real D1 and R2 bindings of the local state (wrangler's
 * platform proxy). In production the Cron Trigger does it; to run it at once
 * there, trigger the Worker's scheduled handler (wrangler dev
 * --test-scheduled locally, or the dashboard's cron "Trigger").
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { openD1 } from "../app/db/client.server";
import { runUploadMaintenance } from "../app/uploads/cleanup.server";

const { values } = parseArgs({ options: { "persist-to": { type: "string", default: ".wrangler/state" } } });
const proxy = await getPlatformProxy<{ DB: D1Database; FILES: R2Bucket }>({
  configPath: "wrangler.toml",
  persist: { path: resolve(values["persist-to"]!, "v3") },
  remoteBindings: false,
  envFiles: [],
});
try {
  const result = await runUploadMaintenance(openD1(proxy.env.DB, null).db, proxy.env.FILES);
  console.log(`Uploads maintained: ${result.expiredUploadsRemoved} expired uploads removed (${result.expiredUploadsFailed} failed), ${result.trashedEntriesPurged} trashed files deleted for good.`);
} finally {
  await proxy.dispose();
}
