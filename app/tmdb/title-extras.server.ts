import type { BatchResponse } from "drizzle-orm/batch";
import { and, asc, eq } from "drizzle-orm";
import { titles } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";
import { preparedRead } from "~/db/prepared-read.server";
import { imdbWebUrl, TMDB_IMAGE_SIZES, tmdbImageUrl, tmdbWebUrl } from "./refs";
import { titleWatchProviders, watchProviders, WATCH_KINDS, type WatchKind } from "./tables";

/**
 * What the title and person pages show from TMDB besides the catalogue's
 * own columns: where to watch in the visitor's region (account country,
 * else the site's default region: guests all share the default, so their
 * copy of the page stays shareable) and the external links. One batch.
 */

export type ExternalLink = { kind: "imdb" | "tmdb" | "homepage"; url: string };

export async function loadTitleTmdbExtras(db: Database, titleId: number, region: string, imageBase: string) {
  return titleTmdbExtrasFrom(await db.batch(titleTmdbExtrasQueries(db, titleId, region)), region, imageBase);
}

const tmdbFactsOf = preparedRead((db, { titleId }: { titleId: number }) =>
  db
    .select({ type: titles.type, tmdbId: titles.tmdbId, imdbId: titles.imdbId, homepage: titles.homepage, tmdbRating: titles.tmdbRating, tmdbVotes: titles.tmdbVotes })
    .from(titles)
    .where(eq(titles.id, titleId))
    .limit(1),
);

const watchProvidersOf = preparedRead((db, { titleId, region }: { titleId: number; region: string }) =>
  db
    .select({ kind: titleWatchProviders.kind, link: titleWatchProviders.link, id: watchProviders.id, name: watchProviders.name, logoPath: watchProviders.logoPath })
    .from(titleWatchProviders)
    .innerJoin(watchProviders, eq(watchProviders.id, titleWatchProviders.providerId))
    .where(and(eq(titleWatchProviders.titleId, titleId), eq(titleWatchProviders.region, region)))
    .orderBy(asc(titleWatchProviders.position), asc(watchProviders.name)),
);

/** The reads behind a title's TMDB extras, for a batch of the caller's (the title page's one batch); their SQL is built once per isolate (decision 045). */
export function titleTmdbExtrasQueries(db: Database, titleId: number, region: string) {
  return [tmdbFactsOf(db, { titleId }), watchProvidersOf(db, { titleId, region })] as const;
}

/** What titleTmdbExtrasQueries read, as the page shows it (null for an unknown title). */
export function titleTmdbExtrasFrom([facts, rows]: BatchResponse<ReturnType<typeof titleTmdbExtrasQueries>>, region: string, imageBase: string) {
  const title = facts[0];
  if (!title) return null;
  const groups = WATCH_KINDS.map((kind) => ({
    kind,
    providers: rows.filter((r) => r.kind === kind).map((r) => ({ id: r.id, name: r.name, logo: tmdbImageUrl(imageBase, TMDB_IMAGE_SIZES.logo, r.logoPath) })),
  })).filter((g) => g.providers.length > 0);
  const links: ExternalLink[] = [];
  if (title.imdbId && /^tt\d+$/.test(title.imdbId)) links.push({ kind: "imdb", url: imdbWebUrl(title.imdbId) });
  if (title.tmdbId) links.push({ kind: "tmdb", url: tmdbWebUrl(title.type === "series" ? "tv" : "movie", title.tmdbId) });
  if (title.homepage && /^https?:\/\//.test(title.homepage)) links.push({ kind: "homepage", url: title.homepage });
  return {
    fromTmdb: title.tmdbId !== null,
    tmdbRating: title.tmdbRating,
    tmdbVotes: title.tmdbVotes,
    watch: { region, link: rows.find((r) => r.link)?.link ?? null, groups: groups as { kind: WatchKind; providers: { id: number; name: string; logo: string | null }[] }[] },
    links,
  };
}
export type TitleTmdbExtras = NonNullable<Awaited<ReturnType<typeof loadTitleTmdbExtras>>>;

/** The IMDb, TMDB and homepage links of an imported person (read with the person page, one round trip). */
export function personLinks(row: { tmdbId: number | null; imdbId: string | null; homepage: string | null }) {
  const links: ExternalLink[] = [];
  if (row.imdbId && /^nm\d+$/.test(row.imdbId)) links.push({ kind: "imdb", url: imdbWebUrl(row.imdbId) });
  if (row.tmdbId) links.push({ kind: "tmdb", url: tmdbWebUrl("person", row.tmdbId) });
  if (row.homepage && /^https?:\/\//.test(row.homepage)) links.push({ kind: "homepage", url: row.homepage });
  return { fromTmdb: row.tmdbId !== null, links };
}

/** The visitor's where-to-watch region: their account country, else the site's default. */
export function watchRegionFor(user: { country: string | null } | null, defaultRegion: string) {
  const country = user?.country?.toUpperCase();
  return country && /^[A-Z]{2}$/.test(country) ? country : defaultRegion;
}
