import { and, asc, desc, eq, gte, isNotNull, lte, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { defaultDirection, MAX_BROWSE_PAGE } from "./browse";
import type { PersonFilters, TitleFilters } from "./browse-filters.server";
import { genres, people, titles } from "./schema";

/**
 * Browse lists. No total count (a COUNT over a large filtered catalogue costs
 * more than the page itself); one extra row tells whether a next page exists.
 * Pages past MAX_BROWSE_PAGE are empty without touching the database.
 */

export function listGenres(db: Database) {
  return db.select({ id: genres.id, name: genres.name, slug: genres.slug }).from(genres).orderBy(asc(genres.name));
}

/**
 * Browse walks one index per sort (schema.ts, titles_browse_*_idx) that also
 * holds every filter column: SQLite tests type, year, rating and
 * certification on the index entry and reads a title's row only for the
 * entries that pass, so even a filter combination matching a handful of
 * titles costs one pass over a compact index, never a sort of a large
 * filtered set. Two things keep the planner on that index:
 * - filters on the other columns are written as `+column` (no index on them
 *   is usable), and
 * - the order continues with the index's remaining columns before the id, so
 *   the index order IS the requested order (ties on the sort column are rare;
 *   the id keeps pages stable).
 */
const BROWSE_INDEX_COLUMNS = {
  popularity: [titles.popularity, titles.type, titles.year, titles.externalRating, titles.certification],
  rating: [titles.externalRating, titles.type, titles.year, titles.certification],
  release_date: [titles.releaseDate, titles.type, titles.year, titles.externalRating, titles.certification],
  name: [titles.name, titles.type, titles.year, titles.externalRating, titles.certification],
} as const;

/** `+column`: the same value, but SQLite will not pick an index on the column for it. */
const noIndex = (column: AnyColumn) => sql`+${column}`;

/**
 * The conditions and order of a titles list. Some sorts also narrow the list
 * (rating and release date leave out titles without one).
 */
export function titleQueryParts(filters: TitleFilters) {
  const sortBy = filters.order;
  const where: SQL[] = [];
  if (filters.type) where.push(eq(noIndex(titles.type), filters.type));
  if (filters.year_from !== undefined) where.push(gte(noIndex(titles.year), filters.year_from));
  if (filters.year_to !== undefined) where.push(lte(noIndex(titles.year), filters.year_to));
  if (filters.rating !== undefined) {
    // On the rating sort this is a range of the walked index itself.
    where.push(sortBy === "rating" ? gte(titles.externalRating, filters.rating) : gte(noIndex(titles.externalRating), filters.rating));
  }
  if (filters.certification) where.push(eq(noIndex(titles.certification), filters.certification));
  if (filters.genre) {
    // Tested per walked title that passed the other filters: two small index lookups.
    where.push(sql`EXISTS (SELECT 1 FROM title_genres tg JOIN genres g ON g.id = tg.genre_id
                   WHERE tg.title_id = ${titles.id} AND g.slug = ${filters.genre})`);
  }
  if (sortBy === "rating") where.push(isNotNull(titles.externalRating));
  if (sortBy === "release_date") {
    where.push(isNotNull(titles.releaseDate));
    // The year range as a release-date range: a range of the walked index.
    if (filters.year_from !== undefined) where.push(gte(titles.releaseDate, `${String(filters.year_from).padStart(4, "0")}-01-01`));
    if (filters.year_to !== undefined) where.push(lte(titles.releaseDate, `${String(filters.year_to).padStart(4, "0")}-12-31`));
  }
  const direction = filters.dir ?? defaultDirection(sortBy);
  const by = direction === "asc" ? asc : desc;
  const order: SQL[] = [...BROWSE_INDEX_COLUMNS[sortBy].map((column) => by(column)), by(titles.id)];
  return { where: where.length ? and(...where) : undefined, order };
}

/** The same conditions for counting, where any index may help. */
function titleCountConditions(filters: TitleFilters) {
  const where: SQL[] = [];
  if (filters.type) where.push(eq(titles.type, filters.type));
  if (filters.year_from !== undefined) where.push(gte(titles.year, filters.year_from));
  if (filters.year_to !== undefined) where.push(lte(titles.year, filters.year_to));
  if (filters.rating !== undefined) where.push(gte(titles.externalRating, filters.rating));
  if (filters.certification) where.push(eq(titles.certification, filters.certification));
  if (filters.order === "rating") where.push(isNotNull(titles.externalRating));
  if (filters.order === "release_date") where.push(isNotNull(titles.releaseDate));
  return where.length ? and(...where) : undefined;
}

export async function browseTitles(db: Database, filters: TitleFilters, pageSize: number) {
  if (filters.page > MAX_BROWSE_PAGE) return { items: [], hasNext: false };
  const rows = await browseTitlesQuery(db, filters, pageSize);
  return { items: rows.slice(0, pageSize), hasNext: rows.length > pageSize };
}

/** The statement of one browse page (one extra row), also for EXPLAIN in scripts/bench/browse-queries.ts. */
export function browseTitlesQuery(db: Database, filters: TitleFilters, pageSize: number) {
  const { where, order } = titleQueryParts(filters);
  return db
    .select({
      id: titles.id,
      type: titles.type,
      name: titles.name,
      slug: titles.slug,
      year: titles.year,
      poster: titles.poster,
      rating: titles.rating,
      externalRating: titles.externalRating,
    })
    .from(titles)
    .where(where)
    .orderBy(...order)
    .limit(pageSize + 1)
    .offset((filters.page - 1) * pageSize);
}

/**
 * How many titles match (for the API's pagination.total). A genre filter is
 * counted from the genre index instead of a correlated lookup per title.
 */
export async function countTitles(db: Database, filters: TitleFilters) {
  const where = titleCountConditions(filters);
  const genre = filters.genre
    ? sql`${titles.id} IN (SELECT tg.title_id FROM title_genres tg WHERE tg.genre_id = (SELECT id FROM genres WHERE slug = ${filters.genre}))`
    : undefined;
  const [row] = await db
    .select({ total: sql<number>`count(*)` })
    .from(titles)
    .where(where && genre ? and(where, genre) : (where ?? genre));
  return Number(row?.total ?? 0);
}

export async function browsePeople(db: Database, filters: PersonFilters, pageSize: number) {
  if (filters.page > MAX_BROWSE_PAGE) return { items: [], hasNext: false };
  const where = personConditions(filters);
  const by = (filters.dir ?? defaultDirection(filters.order)) === "asc" ? asc : desc;
  const rows = await db
    .select({ id: people.id, name: people.name, slug: people.slug, profile: people.profile, knownFor: people.knownFor })
    .from(people)
    .where(where.length ? and(...where) : undefined)
    .orderBy(filters.order === "name" ? by(people.name) : by(people.popularity), by(people.id))
    .limit(pageSize + 1)
    .offset((filters.page - 1) * pageSize);
  return { items: rows.slice(0, pageSize), hasNext: rows.length > pageSize };
}

function personConditions(filters: Pick<PersonFilters, "department" | "gender">): SQL[] {
  const where: SQL[] = [];
  if (filters.department) where.push(eq(people.knownFor, filters.department));
  if (filters.gender) where.push(eq(people.gender, filters.gender));
  return where;
}

/** How many people match (for the API's pagination.total). */
export async function countPeople(db: Database, filters: Pick<PersonFilters, "department" | "gender">) {
  const where = personConditions(filters);
  const [row] = await db
    .select({ total: sql<number>`count(*)` })
    .from(people)
    .where(where.length ? and(...where) : undefined);
  return Number(row?.total ?? 0);
}
