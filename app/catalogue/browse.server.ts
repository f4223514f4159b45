import { and, asc, desc, eq, gte, isNotNull, lte, sql, type SQL } from "drizzle-orm";
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
 * The conditions and order of a titles list. Some sorts also narrow the list
 * (rating and release date leave out titles without one), so counting uses
 * the same conditions.
 */
export function titleQueryParts(filters: TitleFilters) {
  const where: SQL[] = [];
  if (filters.type) where.push(eq(titles.type, filters.type));
  if (filters.year_from !== undefined) where.push(gte(titles.year, filters.year_from));
  if (filters.year_to !== undefined) where.push(lte(titles.year, filters.year_to));
  if (filters.rating !== undefined) where.push(gte(titles.externalRating, filters.rating));
  if (filters.certification) where.push(eq(titles.certification, filters.certification));
  if (filters.genre) {
    // A correlated EXISTS lets SQLite walk the sort's index and stop after one
    // page, instead of collecting a whole (large) genre and sorting it.
    where.push(sql`EXISTS (SELECT 1 FROM title_genres tg JOIN genres g ON g.id = tg.genre_id
                   WHERE tg.title_id = ${titles.id} AND g.slug = ${filters.genre})`);
  }
  const direction = filters.dir ?? defaultDirection(filters.order);
  const by = direction === "asc" ? asc : desc;
  const order: SQL[] = [];
  switch (filters.order) {
    case "rating":
      // Unrated titles last whatever the direction.
      where.push(isNotNull(titles.externalRating));
      order.push(by(titles.externalRating));
      break;
    case "release_date":
      where.push(isNotNull(titles.releaseDate));
      // The same year range on release_date lets SQLite walk the release-date
      // index in order instead of sorting every title of those years.
      if (filters.year_from !== undefined) where.push(gte(titles.releaseDate, `${String(filters.year_from).padStart(4, "0")}-01-01`));
      if (filters.year_to !== undefined) where.push(lte(titles.releaseDate, `${String(filters.year_to).padStart(4, "0")}-12-31`));
      order.push(by(titles.releaseDate));
      break;
    case "name":
      order.push(by(titles.name));
      break;
    default:
      order.push(by(titles.popularity));
  }
  order.push(by(titles.id));
  return { where: where.length ? and(...where) : undefined, order };
}

export async function browseTitles(db: Database, filters: TitleFilters, pageSize: number) {
  if (filters.page > MAX_BROWSE_PAGE) return { items: [], hasNext: false };
  const { where, order } = titleQueryParts(filters);
  const rows = await db
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
  return { items: rows.slice(0, pageSize), hasNext: rows.length > pageSize };
}

/**
 * How many titles match (for the API's pagination.total). A genre filter is
 * counted from the genre index instead of a correlated lookup per title.
 */
export async function countTitles(db: Database, filters: TitleFilters) {
  const { where } = titleQueryParts({ ...filters, genre: undefined });
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
