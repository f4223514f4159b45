import { and, asc, isNotNull, lt, or, sql } from "drizzle-orm";
import { titles } from "~/catalogue/tables";
import { TMDB_REFRESH_BATCH } from "~/constants";
import type { Database } from "~/db/client.server";
import type { Settings } from "~/settings/definitions";
import { TmdbError, type TmdbClient } from "./client.server";
import { importMovie, importSeries, type ImportOptions } from "./import.server";

/** TMDB statuses of a series that still airs (its new episodes come with a refresh). */
const AIRING = ["Returning Series", "In Production", "Planned", "Pilot"];

/**
 * The scheduled refresh (cron, decision 019): imported titles whose TMDB
 * data is older than the `tmdb.refresh_days` setting, and series still
 * airing once a day, oldest first, TMDB_REFRESH_BATCH per run. A title TMDB
 * deleted is stamped as synced (reported in the log, not retried every run).
 */
export async function refreshStaleTitles(db: Database, client: TmdbClient, options: ImportOptions, settings: Pick<Settings, "tmdb.refresh_days">, now = Date.now()) {
  const days = settings["tmdb.refresh_days"];
  if (days <= 0) return { refreshed: 0, missing: [] as number[], failed: 0 };
  const stale = new Date(now - days * 86_400_000);
  const dayAgo = new Date(now - 86_400_000);
  const due = await db
    .select({ id: titles.id, type: titles.type, tmdbId: titles.tmdbId })
    .from(titles)
    .where(
      and(
        isNotNull(titles.tmdbId),
        or(
          lt(titles.tmdbSyncedAt, stale),
          and(
            sql`${titles.type} = 'series'`,
            sql`${titles.status} IN (${sql.join(
              AIRING.map((s) => sql`${s}`),
              sql`, `,
            )})`,
            lt(titles.tmdbSyncedAt, dayAgo),
          ),
        ),
      ),
    )
    .orderBy(asc(titles.tmdbSyncedAt))
    .limit(TMDB_REFRESH_BATCH);
  let refreshed = 0;
  let failed = 0;
  const missing: number[] = [];
  for (const title of due) {
    try {
      if (title.type === "movie") await importMovie(db, client, title.tmdbId!, options);
      else await importSeries(db, client, title.tmdbId!, options);
      refreshed += 1;
    } catch (error) {
      if (error instanceof TmdbError && error.kind === "not-found") {
        missing.push(title.id);
        await db
          .update(titles)
          .set({ tmdbSyncedAt: new Date(now) })
          .where(sql`${titles.id} = ${title.id}`);
      } else failed += 1;
    }
  }
  return { refreshed, missing, failed };
}
