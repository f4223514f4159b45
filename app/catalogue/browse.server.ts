import { titleCardColumns } from "./card-columns";
import { and, asc, desc, eq, gt, gte, lte, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { BROWSE_COUNT_GENRE_LINKS, BROWSE_OPTIONS_MAX_REGIONS, BROWSE_OPTIONS_TTL_MS } from "~/constants";
import { defaultDirection, MAX_BROWSE_PAGE, type TitleOrder } from "./browse";
import type { PersonFilters, TitleFilters } from "./browse-filters.server";
import { genres, people, titles } from "./tables";
import { titleWatchProviders, watchProviders } from "~/tmdb/tables";

/**
 * What a browse query reads: the URL's filters and, for the "where to watch"
 * provider filter, the visitor's region (account country, else the site's
 * `tmdb.region`; see watchRegionFor). The region is not a URL field, so a
 * shared link shows the same provider in the reader's own region.
 */
export type TitleQuery = TitleFilters & { region?: string };

/**
 * Browse lists. One extra row tells whether a next page exists; the browse
 * pages, api/v1/titles and api/v1/people also show how many match (a COUNT
 * in the same round trip, where any index may help, capped so its cost does
 * not grow with the catalogue). Pages past MAX_BROWSE_PAGE are empty.
 */

/**
 * The genres the filters offer: only those with titles, each with its count
 * (stored by triggers on title_genres, migration 0080; decision 042), so the
 * vocabulary shown is the one the data uses.
 */
export function listGenres(db: Database) {
  return db.select({ id: genres.id, name: genres.name, slug: genres.slug, count: genres.titlesCount }).from(genres).where(gt(genres.titlesCount, 0)).orderBy(asc(genres.name));
}

/**
 * Whether any title has a TMDB rating: without one, the TMDB filter and sorts
 * would have nothing behind them and are not offered (decision 042). The
 * largest value read from titles_browse_tmdb_rating_idx: one index step.
 */
export function tmdbRatingPresence(db: Database) {
  return db.select({ top: sql<number | null>`max(${titles.tmdbRating})`.as("top") }).from(titles);
}

/**
 * Browse walks one index per sort (tables.ts, titles_browse_*_idx) that also
 * holds the filter columns: SQLite tests type, year, rating, certification,
 * runtime and language on the index entry and reads a title's row only for
 * the entries that pass, so even a filter combination matching a handful of
 * titles costs one pass over a compact index, never a sort of a large
 * filtered set (decision 018). Two things keep the planner on that index:
 * - filters on the other columns are written as `+column` (no index on them
 *   is usable), and
 * - the order continues with the index's remaining columns before the id, so
 *   the index order IS the requested order (ties on the sort column are rare;
 *   the id keeps pages stable).
 * Sorting never removes a title: those without the sort's value (no IMDb
 * rating, no release date) come last in both directions. Descending, SQLite
 * puts NULLs last by itself; ascending walks the sort's "nulls last" index,
 * keyed by `column IS NULL` first (decision 020).
 */
const SORT_COLUMN = {
  popularity: titles.popularity,
  rating: titles.externalRating,
  tmdb_rating: titles.tmdbRating,
  release_date: titles.releaseDate,
  name: titles.name,
} as const;
/** Sorts whose column can be NULL: ascending, they walk `titles_browse_<sort>_nulls_last_idx`. */
const NULLABLE_SORTS: readonly TitleOrder[] = ["rating", "tmdb_rating", "release_date"];
/** The filter columns every browse index holds after its sort column, in index order. */
const INDEXED_FILTER_COLUMNS = [titles.type, titles.year, titles.externalRating, titles.certification, titles.runtime, titles.language, titles.tmdbRating];

/** `+column`: the same value, but SQLite will not pick an index on the column for it. */
const noIndex = (column: AnyColumn) => sql`+${column}`;

/** How a filter refers to a column: as is (counting, or the walked sort column), or with `+` (browsing). */
type ColumnRef = (column: AnyColumn) => SQL;
const asIs: ColumnRef = (column) => sql`${column}`;
interface FilterContext {
  col: ColumnRef;
  /** For COUNT(*): set-based lookups instead of per-title ones. */
  counting: boolean;
  region: string | undefined;
}

/**
 * The title filters, one entry each: its condition, or undefined when the
 * filter is not set. Adding a filter is one entry here, one field in
 * titleFiltersSchema and one control on the page; a filter on a column of
 * `titles` belongs in the browse indexes (INDEXED_FILTER_COLUMNS, migration)
 * when it should be tested on the index entry.
 */
const TITLE_FILTERS: ((filters: TitleQuery, ctx: FilterContext) => SQL | undefined)[] = [
  (f, { col }) => (f.type ? eq(col(titles.type), f.type) : undefined),
  (f, { col }) => (f.year_from !== undefined ? gte(col(titles.year), f.year_from) : undefined),
  (f, { col }) => (f.year_to !== undefined ? lte(col(titles.year), f.year_to) : undefined),
  (f, { col }) => (f.rating !== undefined ? gte(col(titles.externalRating), f.rating) : undefined),
  (f, { col }) => (f.tmdb_rating !== undefined ? gte(col(titles.tmdbRating), f.tmdb_rating) : undefined),
  (f, { col }) => (f.certification ? eq(col(titles.certification), f.certification) : undefined),
  (f, { col }) => (f.runtime_min !== undefined ? gte(col(titles.runtime), f.runtime_min) : undefined),
  (f, { col }) => (f.runtime_max !== undefined ? lte(col(titles.runtime), f.runtime_max) : undefined),
  (f, { col }) => (f.language ? eq(col(titles.language), f.language) : undefined),
  // Countries are a JSON list on the row: tested per title that passed the indexed filters.
  (f) => (f.country ? sql`EXISTS (SELECT 1 FROM json_each(${titles.countries}) WHERE json_each.value = ${f.country})` : undefined),
  (f, { counting }) => genreCondition(f, counting),
  (f, { counting, region }) => providerCondition(f, region, counting),
];

/**
 * Where to watch: titles on the provider (any kind: subscription, free, rent,
 * buy) in the visitor's region. Browsing tests each title that passed the
 * indexed filters by the primary key (title_id, region, ...); counting reads
 * title_watch_providers_provider_idx (provider_id, region) once. Without a
 * region (the API) the filter does not apply.
 */
function providerCondition(f: TitleQuery, region: string | undefined, counting: boolean): SQL | undefined {
  if (f.provider === undefined || !region) return undefined;
  const twp = titleWatchProviders;
  return counting
    ? sql`${titles.id} IN (SELECT ${twp.titleId} FROM ${twp} WHERE ${twp.providerId} = ${f.provider} AND ${twp.region} = ${region})`
    : sql`EXISTS (SELECT 1 FROM ${twp} WHERE ${twp.titleId} = ${titles.id} AND ${twp.region} = ${region} AND ${twp.providerId} = ${f.provider})`;
}

/**
 * The providers the "where to watch" filter offers: those with at least one
 * title in the region (one seek per provider on title_watch_providers_provider_idx;
 * the provider list is small and walked in its display order's index).
 */
export function listRegionProviders(db: Database, region: string) {
  const twp = titleWatchProviders;
  return db
    .select({ id: watchProviders.id, name: watchProviders.name })
    .from(watchProviders)
    .where(sql`EXISTS (SELECT 1 FROM ${twp} WHERE ${twp.providerId} = ${watchProviders.id} AND ${twp.region} = ${region})`)
    .orderBy(asc(watchProviders.displayPriority), asc(watchProviders.name), asc(watchProviders.id));
}

/**
 * Several genres: any of them (one EXISTS over title_genres' primary key), or
 * all of them (one per genre). Counting reads the genre index once instead.
 */
function genreCondition(f: TitleFilters, counting: boolean): SQL | undefined {
  if (f.genre.length === 0) return undefined;
  const ids = (slugs: string[]) =>
    sql`(SELECT g.id FROM genres g WHERE g.slug IN (${sql.join(
      slugs.map((slug) => sql`${slug}`),
      sql`, `,
    )}))`;
  if (counting) {
    // A join, so SQLite reads title_genres_genre_idx for the genres (an IN list of ids made it scan title_genres).
    const slugs = sql.join(
      f.genre.map((slug) => sql`${slug}`),
      sql`, `,
    );
    const inGenres = sql`SELECT tg.title_id FROM genres g JOIN title_genres tg ON tg.genre_id = g.id WHERE g.slug IN (${slugs})`;
    return f.genre_match === "all" && f.genre.length > 1 ? sql`${titles.id} IN (${inGenres} GROUP BY tg.title_id HAVING count(*) = ${f.genre.length})` : sql`${titles.id} IN (${inGenres})`;
  }
  const exists = (slugs: string[]) => sql`EXISTS (SELECT 1 FROM title_genres tg WHERE tg.title_id = ${titles.id} AND tg.genre_id IN ${ids(slugs)})`;
  return f.genre_match === "all" ? and(...f.genre.map((slug) => exists([slug]))) : exists(f.genre);
}

/** The conditions and order of a titles list (see above). */
export function titleQueryParts(filters: TitleQuery) {
  const sortBy = filters.order;
  const sortColumn = SORT_COLUMN[sortBy];
  // The rating filter on the rating sort is a range of the walked index itself.
  const col: ColumnRef = (column) => (column === sortColumn ? asIs(column) : noIndex(column));
  const where = TITLE_FILTERS.map((condition) => condition(filters, { col, counting: false, region: filters.region })).filter((c): c is SQL => c !== undefined);
  let excludesNulls = (sortBy === "rating" && filters.rating !== undefined) || (sortBy === "tmdb_rating" && filters.tmdb_rating !== undefined);
  if (sortBy === "release_date" && (filters.year_from !== undefined || filters.year_to !== undefined)) {
    // The year range as a release-date range: a range of the walked index.
    if (filters.year_from !== undefined) where.push(gte(titles.releaseDate, `${String(filters.year_from).padStart(4, "0")}-01-01`));
    if (filters.year_to !== undefined) where.push(lte(titles.releaseDate, `${String(filters.year_to).padStart(4, "0")}-12-31`));
    excludesNulls = true;
  }
  const direction = filters.dir ?? defaultDirection(sortBy);
  const by = direction === "asc" ? asc : desc;
  const columns = [sortColumn, ...INDEXED_FILTER_COLUMNS.filter((column) => column !== sortColumn)];
  const nullsLast = direction === "asc" && NULLABLE_SORTS.includes(sortBy) && !excludesNulls;
  const order: SQL[] = [...(nullsLast ? [asc(sql`(${sortColumn} IS NULL)`)] : []), ...columns.map((column) => by(column)), by(titles.id)];
  return { where: where.length ? and(...where) : undefined, order };
}

/** The same conditions for counting, where any index may help; sorting never narrows the list. */
function titleCountConditions(filters: TitleQuery) {
  const where = TITLE_FILTERS.map((condition) => condition(filters, { col: asIs, counting: true, region: filters.region })).filter((c): c is SQL => c !== undefined);
  return where.length ? and(...where) : undefined;
}

export async function browseTitles(db: Database, filters: TitleQuery, pageSize: number) {
  if (filters.page > MAX_BROWSE_PAGE) return { items: [], hasNext: false };
  const rows = await browseTitlesQuery(db, filters, pageSize);
  return { items: rows.slice(0, pageSize), hasNext: rows.length > pageSize };
}

/**
 * One page of titles with how many match and the number of pages, in one
 * round trip (the browse page and api/v1/titles). The count stops at the last
 * page's worth (MAX_BROWSE_PAGE x pageSize) and, with a genre, after
 * `genreLinks` of the genre's links; `more` says there may be more than
 * `total` (a lower bound then), and `pages` is then the deepest page.
 */
export async function browseTitlesWithCount(db: Database, filters: TitleQuery, pageSize: number, genreLinks = BROWSE_COUNT_GENRE_LINKS) {
  const cap = MAX_BROWSE_PAGE * pageSize + 1;
  const countQuery = cappedCountQuery(db, filters, cap, genreLinks);
  // Past the last page there is no list to read, but the page still says how many
  // match ("More than 9,600 results") and links back, so it keeps a count: the same
  // capped one as every other page (an exact count there would read every match on
  // a large catalogue, and no count would say "0 results" for filters that match).
  const [rows, [count]] = filters.page > MAX_BROWSE_PAGE ? [[], await countQuery] : await db.batch([browseTitlesQuery(db, filters, pageSize), countQuery]);
  return titlePageOf(rows, count, pageSize, genreLinks);
}

function titlePageOf<R>(rows: R[], count: { total: number; examined: number } | undefined, pageSize: number, genreLinks: number) {
  const cap = MAX_BROWSE_PAGE * pageSize + 1;
  const total = Number(count?.total ?? 0);
  // The genre links read reached the budget: what was counted is a lower bound, like reaching the cap.
  const more = total >= cap || Number(count?.examined ?? 0) >= genreLinks;
  return { items: rows.slice(0, pageSize), hasNext: rows.length > pageSize, total: Math.min(total, cap - 1), more, pages: more ? MAX_BROWSE_PAGE : pageCount(total, pageSize) };
}

interface BrowseOptions {
  genres: Awaited<ReturnType<typeof listGenres>>;
  providers: Awaited<ReturnType<typeof listRegionProviders>>;
  tmdbRatings: boolean;
}

/**
 * The filters browse offers, per region, kept by the isolate for BROWSE_OPTIONS_TTL_MS (decision 046):
 * they change only with the catalogue (an import, an admin edit), and a page read with them known is
 * two statements instead of five. The admin's writes forget them in the writing isolate
 * (`forgetBrowseOptions`); elsewhere they are at most that old, as a guest's page copy is.
 */
const offeredByRegion = new Map<string, { value: BrowseOptions; readAt: number }>();

export function forgetBrowseOptions() {
  offeredByRegion.clear();
}

function keepBrowseOptions(region: string, value: BrowseOptions) {
  offeredByRegion.delete(region);
  offeredByRegion.set(region, { value, readAt: Date.now() });
  // Regions are a few dozen at most; the oldest goes first should anything ask for more.
  if (offeredByRegion.size > BROWSE_OPTIONS_MAX_REGIONS) offeredByRegion.delete(offeredByRegion.keys().next().value as string);
}

/** The filters as the page offers them: an unknown genre, a provider not offered in the region, the TMDB filter and sort without TMDB ratings are dropped (decision 042). */
function offeredFilters(requested: TitleFilters, { genres: genreList, providers, tmdbRatings }: BrowseOptions): TitleFilters {
  const chosen = genreList.filter((g) => requested.genre.includes(g.slug));
  const provider = providers.some((p) => p.id === requested.provider) ? requested.provider : undefined;
  const withoutTmdb = !tmdbRatings && requested.order === "tmdb_rating" ? { order: "popularity" as const, dir: undefined } : {};
  return { ...requested, ...withoutTmdb, genre: chosen.map((g) => g.slug), provider, tmdb_rating: tmdbRatings ? requested.tmdb_rating : undefined };
}

/**
 * The title browse page's read: the filters it offers (genres with titles, the region's providers, whether
 * any title has a TMDB rating) and one page of titles. With the offered filters known to this isolate, the
 * filters are settled first and the page and its count are one round trip of two statements. Otherwise all
 * five go in one round trip (decision 045): the page is read with the filters as asked, and a filter the
 * page does not offer is ignored rather than producing a silent empty list (an unknown genre, a provider
 * not offered in the region, the TMDB filter and sort when no title has a TMDB rating, decision 042), and
 * only then is the page read again without it.
 */
export async function browseTitlesPage(db: Database, requested: TitleFilters, region: string, pageSize: number) {
  const known = offeredByRegion.get(region);
  if (known && Date.now() - known.readAt < BROWSE_OPTIONS_TTL_MS) {
    const filters = offeredFilters(requested, known.value);
    return { filters, ...known.value, result: await browseTitlesWithCount(db, { ...filters, region }, pageSize) };
  }
  const cap = MAX_BROWSE_PAGE * pageSize + 1;
  const asked: TitleQuery = { ...requested, region };
  const countQuery = cappedCountQuery(db, asked, cap, BROWSE_COUNT_GENRE_LINKS);
  const [genreList, providers, [tmdbTop], [count], rows = []] =
    requested.page > MAX_BROWSE_PAGE
      ? await db.batch([listGenres(db), listRegionProviders(db, region), tmdbRatingPresence(db), countQuery])
      : await db.batch([listGenres(db), listRegionProviders(db, region), tmdbRatingPresence(db), countQuery, browseTitlesQuery(db, asked, pageSize)]);
  const options: BrowseOptions = { genres: genreList, providers, tmdbRatings: tmdbTop?.top !== null && tmdbTop?.top !== undefined };
  keepBrowseOptions(region, options);
  const filters = offeredFilters(requested, options);
  const asAsked =
    filters.genre.join() === requested.genre.join() &&
    filters.provider === requested.provider &&
    filters.tmdb_rating === requested.tmdb_rating &&
    filters.order === requested.order &&
    filters.dir === requested.dir;
  const result = asAsked ? titlePageOf(rows, count, pageSize, BROWSE_COUNT_GENRE_LINKS) : await browseTitlesWithCount(db, { ...filters, region }, pageSize);
  return { filters, ...options, result };
}

/**
 * The browse page's count: matches up to `cap`, and `examined`, how many
 * genre links a genre filter read. With a genre filter the count is driven
 * from the genres' links (title_genres_genre_idx), at most `genreLinks` of
 * them, each checked against the other filters on its title: a broad genre
 * on a large catalogue no longer reads every link until `cap` matches
 * (decision 026, "Scale"). "All of these genres" drives from the first and
 * checks the others per title.
 */
function cappedCountQuery(db: Database, filters: TitleQuery, cap: number, genreLinks: number) {
  // Named columns: D1 hands rows back as objects, and an unnamed constant's key ("0") would be enumerated first.
  if (filters.genre.length === 0) return db.select({ total: sql<number>`count(*)`.as("total"), examined: sql<number>`0`.as("examined") }).from(cappedMatches(db, filters, cap));
  const all = filters.genre_match === "all" && filters.genre.length > 1;
  const driving = all ? filters.genre.slice(0, 1) : filters.genre;
  const slugs = sql.join(
    driving.map((slug) => sql`${slug}`),
    sql`, `,
  );
  // CROSS JOIN fixes the loop order (SQLite keeps it as written): genres, then their links by the genre index, then each link's title by its key.
  const links = sql`SELECT ${driving.length > 1 ? sql`DISTINCT ` : sql``}tg.title_id FROM genres g CROSS JOIN title_genres tg INDEXED BY title_genres_genre_idx ON tg.genre_id = g.id WHERE g.slug IN (${slugs}) LIMIT ${genreLinks}`;
  const rest = titleCountConditions({ ...filters, genre: [] });
  const others = all ? genreCondition({ ...filters, genre: filters.genre.slice(1) }, false) : undefined;
  const where = and(...[rest, others].filter((c): c is SQL => c !== undefined));
  const matches = sql`SELECT 1 FROM (${links}) c CROSS JOIN ${titles} ON ${titles.id} = c.title_id${where ? sql` WHERE ${where}` : sql``} LIMIT ${cap}`;
  return db.select({ total: sql<number>`(SELECT count(*) FROM (${matches}))`.as("total"), examined: sql<number>`(SELECT count(*) FROM (${links}))`.as("examined") }).from(sql`(SELECT 1) AS "one"`);
}

const pageCount = (total: number, pageSize: number) => Math.min(MAX_BROWSE_PAGE, Math.ceil(total / pageSize));

/** The statement of one browse page (one extra row), also for EXPLAIN in scripts/bench/browse-queries.ts. */
export function browseTitlesQuery(db: Database, filters: TitleQuery, pageSize: number) {
  const { where, order } = titleQueryParts(filters);
  return db
    .select({ ...titleCardColumns, tmdbRating: titles.tmdbRating })
    .from(titles)
    .where(where)
    .orderBy(...order)
    .limit(pageSize + 1)
    .offset((filters.page - 1) * pageSize);
}

/** The matches of `filters`, at most `cap` (a broad filter on a large catalogue does not count every title). */
function cappedMatches(db: Database, filters: TitleQuery, cap: number) {
  return db
    .select({ one: sql`1`.as("one") })
    .from(titles)
    .where(titleCountConditions(filters))
    .limit(cap)
    .as("matches");
}

/**
 * People browse: the same shape as titles (one index per sort holding the
 * department and gender, people_browse_*_idx, migration 0022), filters on
 * the other columns written `+column`.
 */
export function personQueryParts(filters: PersonFilters) {
  const sortColumn = filters.order === "name" ? people.name : people.popularity;
  const by = (filters.dir ?? defaultDirection(filters.order)) === "asc" ? asc : desc;
  const where = personConditions(filters, noIndex);
  return { where: where.length ? and(...where) : undefined, order: [by(sortColumn), by(people.knownFor), by(people.gender), by(people.id)] };
}

export function browsePeopleQuery(db: Database, filters: PersonFilters, pageSize: number) {
  const { where, order } = personQueryParts(filters);
  return db
    .select({ id: people.id, name: people.name, slug: people.slug, profile: people.profile, knownFor: people.knownFor })
    .from(people)
    .where(where)
    .orderBy(...order)
    .limit(pageSize + 1)
    .offset((filters.page - 1) * pageSize);
}

export async function browsePeople(db: Database, filters: PersonFilters, pageSize: number) {
  if (filters.page > MAX_BROWSE_PAGE) return { items: [], hasNext: false };
  const rows = await browsePeopleQuery(db, filters, pageSize);
  return { items: rows.slice(0, pageSize), hasNext: rows.length > pageSize };
}

/**
 * One page of people with how many match and the number of pages, in one
 * round trip (the people page and api/v1/people). The count stops at the last
 * page's worth (MAX_BROWSE_PAGE x pageSize), as for titles: `more` says there
 * may be more than `total` (a lower bound then), and `pages` is then the
 * deepest page. Past the last page the capped count runs alone (the page still
 * says how many match and links back).
 */
export async function browsePeopleWithCount(db: Database, filters: PersonFilters, pageSize: number) {
  const cap = MAX_BROWSE_PAGE * pageSize + 1;
  const countQuery = cappedPeopleCountQuery(db, filters, cap);
  const [rows, [count]] = filters.page > MAX_BROWSE_PAGE ? [[], await countQuery] : await db.batch([browsePeopleQuery(db, filters, pageSize), countQuery]);
  const total = Number(count?.total ?? 0);
  const more = total >= cap;
  return { items: rows.slice(0, pageSize), hasNext: rows.length > pageSize, total: Math.min(total, cap - 1), more, pages: more ? MAX_BROWSE_PAGE : pageCount(total, pageSize) };
}

/**
 * How many people match `filters`, at most `cap` (a broad filter on a large
 * catalogue does not count every person). One filter reads its own index
 * (people_known_for_idx, people_gender_idx), none the smallest one: every
 * entry read is a match, so the LIMIT bounds the read. No index leads with
 * both the department and the gender, and SQLite's choice for the two (the
 * department's index, then each person's row for the gender) reads every
 * person of a large department when few of them match (4 s for 1,800,000
 * people in a local test). The people browse index holds both, so the count
 * walks it: it stops at the cap, and at worst reads that compact index once,
 * like the list itself for the same filters (decision 026, "Scale").
 */
function cappedPeopleCountQuery(db: Database, filters: Pick<PersonFilters, "department" | "gender">, cap: number) {
  const where = personConditions(filters);
  if (where.length > 1) {
    const matches = sql`SELECT 1 FROM ${people} INDEXED BY people_browse_popularity_idx WHERE ${and(...where)} LIMIT ${cap}`;
    return db.select({ total: sql<number>`count(*)`.as("total") }).from(sql`(${matches}) AS "matches"`);
  }
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(people)
    .where(where.length ? and(...where) : undefined)
    .limit(cap)
    .as("matches");
  return db.select({ total: sql<number>`count(*)`.as("total") }).from(matches);
}

function personConditions(filters: Pick<PersonFilters, "department" | "gender">, col: ColumnRef = asIs): SQL[] {
  const where: SQL[] = [];
  if (filters.department) where.push(eq(col(people.knownFor), filters.department));
  if (filters.gender) where.push(eq(col(people.gender), filters.gender));
  return where;
}
