import { and, eq, inArray } from "drizzle-orm";
import { titles } from "~/catalogue/schema";
import { titlePath } from "~/catalogue/slug";
import { TMDB_SEARCH_FALLBACK_BELOW, TMDB_SEARCH_FALLBACK_LIMIT } from "~/constants";
import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/observability/log.server";
import type { Settings } from "~/settings/definitions";
import { TmdbError, type TmdbClient } from "./client.server";
import { importMovie, importSeries, type ImportOptions } from "./import.server";
import { TMDB_IMAGE_SIZES, tmdbImageUrl } from "./refs";

/**
 * "Search also asks TMDB" (setting tmdb.search_fallback): a search with few
 * local titles also lists TMDB's movie and series matches that are not in the
 * catalogue yet; opening one imports it (GET /tmdb/{movie|tv}/{id}, then a
 * redirect to the new title page). A TMDB failure only leaves the list out.
 */
export async function tmdbSearchMatches(
  db: Database,
  tmdb: { client: TmdbClient; options: ImportOptions } | null,
  settings: Pick<Settings, "tmdb.search_fallback">,
  query: string,
  localTitleCount: number,
) {
  if (!tmdb || !settings["tmdb.search_fallback"] || !query.trim() || localTitleCount >= TMDB_SEARCH_FALLBACK_BELOW) return [];
  try {
    const page = await tmdb.client.search("multi", query.trim());
    const items = page.results.filter((item) => item.media_type === "movie" || item.media_type === "tv").slice(0, TMDB_SEARCH_FALLBACK_LIMIT * 2);
    const known = items.length
      ? await db.select({ type: titles.type, tmdbId: titles.tmdbId }).from(titles).where(inArray(titles.tmdbId, items.map((i) => i.id)))
      : [];
    return items
      .filter((item) => !known.some((k) => k.tmdbId === item.id && (k.type === "movie") === (item.media_type === "movie")))
      .slice(0, TMDB_SEARCH_FALLBACK_LIMIT)
      .map((item) => ({
        type: item.media_type as "movie" | "tv",
        id: item.id,
        name: item.title ?? item.name ?? "",
        year: (item.release_date ?? item.first_air_date)?.slice(0, 4) ?? null,
        poster: tmdbImageUrl(tmdb.options.imageBase, TMDB_IMAGE_SIZES.posterCard, item.poster_path),
      }));
  } catch (error) {
    log("warn", "tmdb search fallback failed", errorFields(error));
    return [];
  }
}

/** Opens a TMDB match: the catalogue's title when imported already, else imports it. Null: TMDB has no such item. */
export async function openTmdbMatch(db: Database, tmdb: { client: TmdbClient; options: ImportOptions }, type: "movie" | "tv", id: number) {
  const titleType = type === "movie" ? "movie" : "series";
  const find = async () => (await db.select({ id: titles.id, slug: titles.slug }).from(titles).where(and(eq(titles.type, titleType), eq(titles.tmdbId, id))).limit(1))[0];
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
