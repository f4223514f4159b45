import { and, eq, inArray } from "drizzle-orm";
import type { AppKeys } from "~/auth/crypto.server";
import { hasPermission, type Viewer } from "~/request/viewer";
import { titles } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/log/log.server";
import { TmdbError, type TmdbClient } from "~/tmdb/client.server";
import { importMovie, importSeries, type ImportOptions } from "~/tmdb/import.server";
import { matchToken, matchTokenValid } from "~/tmdb/search-fallback.server";
import { ImportFileError } from "./formats";
import { saveChoices, type ImportStore, type MatchGroup } from "./import.server";
import type { ImportJobRow } from "./tables";

/**
 * "Import from TMDB" for a row the import could not match (decision 027,
 * second pass): TMDB's search by the row's name and year, and the chosen
 * result imported into the catalogue and set as the row's choice. Offered
 * only with a TMDB key and to members with `titles.import`; only ids TMDB's
 * search returned to this page can be imported (each result carries a signed,
 * expiring token, as the search page's matches do), and the action is rate
 * limited per account (TMDB_IMPORT_PER_MINUTE_PER_ACCOUNT).
 */

export const TMDB_IMPORT_PERMISSION = "titles.import";

type Tmdb = { client: TmdbClient; options: ImportOptions };

export interface TmdbHit {
  type: "movie" | "tv";
  id: number;
  name: string;
  year: number | null;
  overview: string;
  /** The catalogue's title when this TMDB item is imported already. */
  titleId: number | null;
  token: string;
}

export function tmdbImportOffered(tmdb: Tmdb | null, viewer: Viewer): tmdb is Tmdb {
  return tmdb !== null && hasPermission(viewer, TMDB_IMPORT_PERMISSION);
}

const yearOf = (date: string | null | undefined) => (date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null);

/** TMDB's movies or series named like the row, in its year (else any year), the ones already in the catalogue marked. */
export async function searchTmdbForGroup(
  db: Database,
  tmdb: Tmdb,
  keys: AppKeys,
  group: Pick<MatchGroup, "name" | "year" | "type">,
  nowMs = Date.now(),
): Promise<{ hits: TmdbHit[]; error: string | null }> {
  const kind = group.type === "series" ? "tv" : group.type === "movie" ? "movie" : "multi";
  try {
    let page = await tmdb.client.search(kind, group.name, { year: group.year ?? undefined });
    // Release years differ by country: without a hit in the row's year, any year.
    if (!page.results.length && group.year) page = await tmdb.client.search(kind, group.name);
    const items = page.results
      .map((item) => ({ ...item, media_type: kind === "multi" ? item.media_type : kind }))
      .filter((item): item is typeof item & { media_type: "movie" | "tv" } => item.media_type === "movie" || item.media_type === "tv")
      .slice(0, 6);
    const known = items.length
      ? await db
          .select({ id: titles.id, type: titles.type, tmdbId: titles.tmdbId })
          .from(titles)
          .where(
            inArray(
              titles.tmdbId,
              items.map((i) => i.id),
            ),
          )
      : [];
    const hits = await Promise.all(
      items.map(async (item) => ({
        type: item.media_type,
        id: item.id,
        name: item.title ?? item.name ?? `#${item.id}`,
        year: yearOf(item.release_date ?? item.first_air_date),
        overview: (item.overview ?? "").slice(0, 240),
        titleId: known.find((k) => k.tmdbId === item.id && (k.type === "movie") === (item.media_type === "movie"))?.id ?? null,
        token: await matchToken(keys, item.media_type, item.id, nowMs),
      })),
    );
    return { hits, error: null };
  } catch (error) {
    if (error instanceof TmdbError) {
      log("warn", "tmdb search for an import row failed", errorFields(error));
      return { hits: [], error: "TMDB could not be searched just now. Try again in a moment, or search the catalogue." };
    }
    throw error;
  }
}

/** "movie:9001:<token>" from a result's button. */
export function parsePick(value: unknown): { type: "movie" | "tv"; id: number; token: string } | null {
  const m = typeof value === "string" ? /^(movie|tv):(\d{1,12}):(.{1,400})$/.exec(value) : null;
  const id = m ? Number(m[2]) : 0;
  return m && Number.isSafeInteger(id) && id > 0 ? { type: m[1] as "movie" | "tv", id, token: m[3]! } : null;
}

/**
 * Imports the picked TMDB item (or finds it in the catalogue) and makes it the
 * row's choice. The token must be one this member's review page was given for
 * exactly this item, unexpired. Returns the catalogue's title id.
 */
export async function importTmdbForGroup(
  db: Database,
  store: ImportStore,
  job: ImportJobRow,
  tmdb: Tmdb,
  keys: AppKeys,
  group: MatchGroup,
  pick: { type: "movie" | "tv"; id: number; token: string },
  nowMs = Date.now(),
) {
  if (job.status !== "review") throw new ImportFileError("This import has already started.");
  if (!(await matchTokenValid(keys, pick.token, pick.type, pick.id, nowMs))) throw new ImportFileError("This TMDB result has expired: search TMDB again.");
  const titleType = pick.type === "movie" ? "movie" : "series";
  const find = async () =>
    (
      await db
        .select({ id: titles.id })
        .from(titles)
        .where(and(eq(titles.type, titleType), eq(titles.tmdbId, pick.id)))
        .limit(1)
    )[0]?.id ?? null;
  let titleId = await find();
  if (titleId === null) {
    try {
      if (pick.type === "movie") await importMovie(db, tmdb.client, pick.id, tmdb.options);
      else await importSeries(db, tmdb.client, pick.id, tmdb.options);
    } catch (error) {
      if (error instanceof TmdbError) {
        log("warn", "tmdb import for an import row failed", { ...errorFields(error), tmdbId: pick.id });
        throw new ImportFileError(error.kind === "not-found" ? "TMDB no longer has this title." : "TMDB could not give this title just now. Try again in a moment.");
      }
      throw error;
    }
    titleId = await find();
    if (titleId === null) throw new ImportFileError("TMDB could not give this title just now. Try again in a moment.");
  }
  await saveChoices(db, store, job, { [group.key]: titleId });
  return titleId;
}
