import { and, eq, inArray } from "drizzle-orm";
import { titles } from "~/catalogue/tables";
import { titlePath } from "~/http/slug";
import { signValue, unsignValue, type AppKeys } from "~/auth/crypto.server";
import { TMDB_MATCH_TOKEN_TTL_S, TMDB_SEARCH_FALLBACK_BELOW, TMDB_SEARCH_FALLBACK_LIMIT } from "~/constants";
import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/log/log.server";
import type { Settings } from "~/settings/definitions";
import { TmdbError, type TmdbClient } from "./client.server";
import { importMovie, importSeries, type ImportOptions } from "./import.server";
import { TMDB_IMAGE_SIZES, tmdbImageUrl } from "./refs";

/**
 * "Search also asks TMDB" (setting tmdb.search_fallback): a search with few
 * local titles also lists TMDB's movie and series matches that are not in the
 * catalogue yet. Opening one asks for its import (decision 021): a POST to
 * /tmdb/{movie|tv}/{id} carrying the signed token the search gave for that
 * very match (so only ids TMDB's search returned can be imported), limited
 * per address, and the import itself runs on the TMDB queue. A TMDB failure
 * only leaves the list out.
 */
export async function tmdbSearchMatches(
  db: Database,
  tmdb: { client: TmdbClient; options: ImportOptions } | null,
  settings: Pick<Settings, "tmdb.search_fallback">,
  query: string,
  localTitleCount: number,
  /** The app's keys, derived only when there are matches to sign. */
  keysOf: () => Promise<AppKeys>,
) {
  if (!tmdb || !settings["tmdb.search_fallback"] || !query.trim() || localTitleCount >= TMDB_SEARCH_FALLBACK_BELOW) return [];
  try {
    const page = await tmdb.client.search("multi", query.trim());
    const items = page.results.filter((item) => item.media_type === "movie" || item.media_type === "tv").slice(0, TMDB_SEARCH_FALLBACK_LIMIT * 2);
    const known = items.length
      ? await db
          .select({ type: titles.type, tmdbId: titles.tmdbId })
          .from(titles)
          .where(
            inArray(
              titles.tmdbId,
              items.map((i) => i.id),
            ),
          )
      : [];
    const matches = items
      .filter((item) => !known.some((k) => k.tmdbId === item.id && (k.type === "movie") === (item.media_type === "movie")))
      .slice(0, TMDB_SEARCH_FALLBACK_LIMIT)
      .map((item) => ({
        type: item.media_type as "movie" | "tv",
        id: item.id,
        name: item.title ?? item.name ?? "",
        year: (item.release_date ?? item.first_air_date)?.slice(0, 4) ?? null,
        poster: tmdbImageUrl(tmdb.options.imageBase, TMDB_IMAGE_SIZES.posterCard, item.poster_path),
      }));
    const keys = matches.length ? await keysOf() : null;
    return await Promise.all(matches.map(async (match) => ({ ...match, token: await matchToken(keys!, match.type, match.id, Date.now()) })));
  } catch (error) {
    log("warn", "tmdb search fallback failed", errorFields(error));
    return [];
  }
}

/** Opens a TMDB match: the catalogue's title when imported already, else imports it. Null: TMDB has no such item. */
export async function openTmdbMatch(db: Database, tmdb: { client: TmdbClient; options: ImportOptions }, type: "movie" | "tv", id: number) {
  const titleType = type === "movie" ? "movie" : "series";
  const find = async () =>
    (
      await db
        .select({ id: titles.id, slug: titles.slug })
        .from(titles)
        .where(and(eq(titles.type, titleType), eq(titles.tmdbId, id)))
        .limit(1)
    )[0];
  const existing = await find();
  if (existing) return titlePath(existing);
  try {
    if (type === "movie") await importMovie(db, tmdb.client, id, tmdb.options);
    else await importSeries(db, tmdb.client, id, tmdb.options);
  } catch (error) {
    if (error instanceof TmdbError && error.kind === "not-found") return null;
    throw error;
  }
  const created = await find();
  return created ? titlePath(created) : null;
}

/** "movie-9001-<expiry>" signed with the app key: what the search page hands out for one match. */
export function matchToken(keys: AppKeys, type: "movie" | "tv", id: number, nowMs: number) {
  return signValue(keys, `tmdb-${type}-${id}-${Math.floor(nowMs / 1000) + TMDB_MATCH_TOKEN_TTL_S}`);
}

/** Whether a token is ours, unexpired and names exactly this match. */
export async function matchTokenValid(keys: AppKeys, token: unknown, type: string, id: number, nowMs: number) {
  if (typeof token !== "string") return false;
  const value = await unsignValue(keys, token);
  const parts = value ? /^tmdb-(movie|tv)-(\d{1,12})-(\d{1,12})$/.exec(value) : null;
  return !!parts && parts[1] === type && Number(parts[2]) === id && Number(parts[3]) * 1000 > nowMs;
}

/** The catalogue's path of a TMDB match already imported, else null. */
export async function importedMatchPath(db: Database, type: "movie" | "tv", id: number) {
  const [row] = await db
    .select({ id: titles.id, slug: titles.slug })
    .from(titles)
    .where(and(eq(titles.type, type === "movie" ? "movie" : "series"), eq(titles.tmdbId, id)))
    .limit(1);
  return row ? titlePath(row) : null;
}
