import { asc, desc, eq, inArray, ne, and, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newRowId, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import { genres } from "../tables";
import { slugify } from "../../http/slug";

export const GENRE_SORTS = ["name", "titles"] as const;

/** Genres with how many titles each has (counted from the genre index). */
export async function listGenresForAdmin(db: Database, query: { q: string; sort: (typeof GENRE_SORTS)[number]; dir: "asc" | "desc" }) {
  const count = sql<number>`(SELECT count(*) FROM title_genres g WHERE g.genre_id = ${genres.id})`;
  return db
    .select({ id: genres.id, name: genres.name, slug: genres.slug, titles: count.as("title_count") })
    .from(genres)
    .where(query.q ? sql`lower(${genres.name}) LIKE ${`%${query.q.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`} ESCAPE '\\'` : undefined)
    .orderBy(query.sort === "titles" ? (query.dir === "asc" ? asc(count) : desc(count)) : query.dir === "asc" ? asc(genres.name) : desc(genres.name))
    .limit(500);
}

type GenreResult = { ok: true; id: number } | { ok: false; errors: Record<string, string[]>; notFound?: true };

async function clash(db: Database, name: string, exceptId: number | null) {
  const slug = slugify(name);
  const [row] = await db
    .select({ id: genres.id })
    .from(genres)
    .where(and(sql`(lower(${genres.name}) = ${name.toLowerCase()} OR ${genres.slug} = ${slug})`, exceptId ? ne(genres.id, exceptId) : undefined))
    .limit(1);
  return row ? { name: ["A genre with this name already exists."] } : null;
}

export async function createGenre(db: Database, name: string, record?: ChangeRecorder): Promise<GenreResult> {
  const problem = await clash(db, name, null);
  if (problem) return { ok: false, errors: problem };
  const values = { name, slug: slugify(name) };
  const statements: Statement[] = [db.insert(genres).values(values).returning({ id: genres.id })];
  if (record) statements.push(record({ subjectId: newRowId, label: name, before: null, after: values }));
  const [inserted] = (await runBatch(db, statements)) as [{ id: number }[]];
  return { ok: true, id: inserted[0].id };
}

export async function renameGenre(db: Database, id: number, name: string, record?: ChangeRecorder): Promise<GenreResult> {
  const [current] = await db.select().from(genres).where(eq(genres.id, id));
  if (!current) return { ok: false, notFound: true, errors: {} };
  if (current.name === name) return { ok: true, id };
  const problem = await clash(db, name, id);
  if (problem) return { ok: false, errors: problem };
  const values = { name, slug: slugify(name) };
  const statements: Statement[] = [db.update(genres).set(values).where(eq(genres.id, id))];
  if (record) statements.push(record({ subjectId: id, label: name, before: { name: current.name, slug: current.slug }, after: values }));
  await runBatch(db, statements);
  return { ok: true, id };
}

/** Deletes genres; titles simply lose them (links cascade). */
export async function deleteGenres(db: Database, ids: number[], record?: ChangeRecorder) {
  if (ids.length === 0) return [];
  const rows = await db.select().from(genres).where(inArray(genres.id, ids));
  if (rows.length === 0) return [];
  const statements: Statement[] = [
    db.delete(genres).where(
      inArray(
        genres.id,
        rows.map((r) => r.id),
      ),
    ),
  ];
  if (record) for (const row of rows) statements.push(record({ subjectId: row.id, label: row.name, before: { name: row.name }, after: null }));
  await runBatch(db, statements);
  return rows.map((r) => r.id);
}
