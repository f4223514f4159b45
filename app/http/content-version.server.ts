import { CONTENT_VERSION_REFRESH_MS } from "~/constants";
import { errorFields, log } from "~/log/log.server";

/**
 * The version of what public pages show (decision 026). Guests' page copies,
 * in this isolate and in the Cache API, are keyed by it; every admin write
 * bumps it, so a copy made before an edit is never found again. Each isolate
 * reads it at most once per CONTENT_VERSION_REFRESH_MS (one tiny statement),
 * so an edit shows on every isolate's and data centre's copies within that,
 * without a purge API.
 */

let known: { version: number; readAt: number } | null = null;
/** Bumped by every local change, so a read that started before it cannot put back the old version. */
let generation = 0;

/** Forget this isolate's copy (the next request reads it again). */
export function forgetContentVersion() {
  generation++;
  known = null;
}

/**
 * The current content version; null when it cannot be read (the caches are
 * then bypassed rather than risk serving a copy older than an edit).
 * Requests never share a read in flight: a D1 read belongs to the request
 * that started it, and when that request ends first (a visitor who closed
 * the connection), another request awaiting the same read fails with
 * "Cannot perform I/O on behalf of a different request" (a 500: seen in the
 * catalogue bench, 36 of 8,478 requests right after the previous row's
 * connections closed). At a refresh, the requests of that moment each read
 * one tiny row; then the known version serves them all.
 */
export function contentVersion(db: D1Database, now = Date.now()): number | Promise<number | null> {
  if (known && now - known.readAt < CONTENT_VERSION_REFRESH_MS) return known.version;
  const started = generation;
  return db
    .prepare("SELECT version FROM content_version WHERE id = 1")
    .first<{ version: number }>()
    .then(
      (row) => {
        if (!row) return null;
        if (started === generation) known = { version: row.version, readAt: Date.now() };
        return row.version;
      },
      (error: unknown) => {
        log("warn", "content version unreadable: page caches bypassed", errorFields(error));
        return null;
      },
    );
}

/** After a write that changes public pages: a new version for every copy, known at once in this isolate. */
export async function bumpContentVersion(db: D1Database): Promise<number | null> {
  const row = await db.prepare("UPDATE content_version SET version = version + 1, updated_at = unixepoch() WHERE id = 1 RETURNING version").first<{ version: number }>();
  generation++;
  known = row ? { version: row.version, readAt: Date.now() } : null;
  return row?.version ?? null;
}
