import { titleCardColumns } from "~/catalogue/card-columns";
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { titles } from "~/catalogue/tables";
import { LIBRARY_PAGE_SIZE, WATCHLIST_COMING_SOON_DAYS, WATCHLIST_COMING_SOON_ITEMS } from "~/constants";
import { listGenres } from "~/catalogue/browse.server";
import { batchReads } from "~/db/batch-reads.server";
import type { Database } from "~/db/client.server";
import { refreshProfileCounts } from "../counts/counts.server";
import { today, type WatchlistSort } from "./rules";
import { watchlistItems } from "./tables";
import { titleWatchProviders, watchProviders } from "~/tmdb/tables";
import { resolveTarget } from "./targets.server";

/** Every account has one watchlist of titles (a season's or an episode's page adds its series). */
export async function addToWatchlist(db: Database, userId: number, titleId: number) {
  const target = await resolveTarget(db, { titleId });
  await db.batch([db.insert(watchlistItems).values({ userId, titleId }).onConflictDoNothing(), refreshProfileCounts(db, userId)]);
  return { titleId, titleName: target.titleName, inWatchlist: true };
}

export async function removeFromWatchlist(db: Database, userId: number, titleId: number) {
  const target = await resolveTarget(db, { titleId });
  await db.batch([db.delete(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.titleId, titleId))), refreshProfileCounts(db, userId)]);
  return { titleId, titleName: target.titleName, inWatchlist: false };
}

export interface WatchlistQuery {
  sort?: WatchlistSort;
  type?: "movie" | "series";
  genre?: string;
  release?: "released" | "unreleased";
  /** Where to watch in `region`: on any provider, or on this one (TMDB watch provider id). */
  provider?: "any" | number;
  /** The member's where-to-watch region (watchRegionFor); without it the provider filter does not apply. */
  region?: string;
  page?: number;
  perPage?: number;
}

const cardColumns = {
  ...titleCardColumns,
  tmdbRating: titles.tmdbRating,
  releaseDate: titles.releaseDate,
  addedAt: watchlistItems.createdAt,
};

/**
 * The watchlist page: the member's rows (primary key / added index) joined to
 * their titles; other sorts order that member's set (one watchlist, small).
 */
function watchlistQuery(db: Database, userId: number, query: WatchlistQuery) {
  const perPage = query.perPage ?? LIBRARY_PAGE_SIZE;
  const page = query.page ?? 1;
  const day = today();
  const filters: (SQL | undefined)[] = [eq(watchlistItems.userId, userId)];
  if (query.type) filters.push(eq(titles.type, query.type));
  if (query.genre) filters.push(sql`EXISTS (SELECT 1 FROM title_genres g JOIN genres ON genres.id = g.genre_id WHERE g.title_id = ${titles.id} AND genres.slug = ${query.genre})`);
  if (query.release === "released") filters.push(lte(titles.releaseDate, day));
  if (query.release === "unreleased") filters.push(or(gt(titles.releaseDate, day), isNull(titles.releaseDate)));
  if (query.provider !== undefined && query.region) {
    // One primary-key seek (title_id, region) per title of the member's watchlist.
    const twp = titleWatchProviders;
    const one = query.provider === "any" ? sql`` : sql` AND ${twp.providerId} = ${query.provider}`;
    filters.push(sql`EXISTS (SELECT 1 FROM ${twp} WHERE ${twp.titleId} = ${titles.id} AND ${twp.region} = ${query.region}${one})`);
  }
  const order =
    query.sort === "release_date"
      ? [sql`${titles.releaseDate} IS NULL`, desc(titles.releaseDate)]
      : query.sort === "rating"
        ? [sql`coalesce(${titles.rating}, ${titles.externalRating}) IS NULL`, desc(sql`coalesce(${titles.rating}, ${titles.externalRating})`)]
        : query.sort === "name"
          ? [asc(titles.name)]
          : [desc(watchlistItems.createdAt)];
  return db
    .select({
      ...cardColumns,
      // Watched since it was listed, or before (decision 030): the page marks it and offers to remove it (the member's title index).
      watched: sql<number>`EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${userId} AND h.title_id = ${titles.id})`,
    })
    .from(watchlistItems)
    .innerJoin(titles, eq(titles.id, watchlistItems.titleId))
    .where(and(...filters))
    .orderBy(...order, desc(titles.id))
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
}

function watchlistPageOf(rows: Awaited<ReturnType<typeof watchlistQuery>>, query: WatchlistQuery) {
  const perPage = query.perPage ?? LIBRARY_PAGE_SIZE;
  return { items: rows.slice(0, perPage).map((row) => ({ ...row, watched: Boolean(row.watched) })), hasMore: rows.length > perPage, page: query.page ?? 1 };
}

export async function listWatchlist(db: Database, userId: number, query: WatchlistQuery = {}) {
  return watchlistPageOf(await watchlistQuery(db, userId, query), query);
}

/**
 * The watchlist page: its filters' genres and "where to watch" providers with
 * one page of the member's titles, in one round trip (decision 048).
 */
export async function loadWatchlistPage(db: Database, userId: number, query: WatchlistQuery & { region: string }) {
  const [genres, providers, rows] = await batchReads(db, [listGenres(db), watchlistProviders(db, userId, query.region), watchlistQuery(db, userId, query)]);
  return { genres, providers, result: watchlistPageOf(rows, query) };
}

/**
 * The providers the watchlist's "where to watch" filter offers: those that
 * have at least one of the member's watchlisted titles in the region (a walk
 * of that member's watchlist rows, one primary-key seek each).
 */
export function watchlistProviders(db: Database, userId: number, region: string) {
  const twp = titleWatchProviders;
  return db
    .selectDistinct({ id: watchProviders.id, name: watchProviders.name, displayPriority: watchProviders.displayPriority })
    .from(watchlistItems)
    .innerJoin(twp, and(eq(twp.titleId, watchlistItems.titleId), eq(twp.region, region)))
    .innerJoin(watchProviders, eq(watchProviders.id, twp.providerId))
    .where(eq(watchlistItems.userId, userId))
    .orderBy(asc(watchProviders.displayPriority), asc(watchProviders.name), asc(watchProviders.id));
}

/** "Coming soon from your watchlist": titles releasing from today on, soonest first. */
export async function comingSoonFromWatchlist(db: Database, userId: number, limit = WATCHLIST_COMING_SOON_ITEMS) {
  const from = today();
  const until = today(new Date(Date.now() + WATCHLIST_COMING_SOON_DAYS * 86_400_000));
  return db
    .select(cardColumns)
    .from(watchlistItems)
    .innerJoin(titles, eq(titles.id, watchlistItems.titleId))
    .where(and(eq(watchlistItems.userId, userId), sql`${titles.releaseDate} >= ${from}`, lte(titles.releaseDate, until)))
    .orderBy(asc(titles.releaseDate))
    .limit(limit);
}

/** Which of these titles are on the member's watchlist (cards): one primary-key lookup per id. */
export async function watchlistedAmong(db: Database, userId: number, titleIds: number[]) {
  if (titleIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ titleId: watchlistItems.titleId })
    .from(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), inArray(watchlistItems.titleId, titleIds.slice(0, 90))));
  return new Set(rows.map((r) => r.titleId));
}
