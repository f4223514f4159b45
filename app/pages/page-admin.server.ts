import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { changedFields, isUniqueViolation, newRowId, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import type { CustomPageInput } from "./pages.server";
import { customPages } from "./tables";
import { sanitizeHtml } from "./sanitize-html.server";

/**
 * Custom pages in the admin area. Unlike the seed's upsert, a slug that
 * another page already has is an error on the slug field, never an
 * overwrite. Bodies are sanitised before they are stored (and again when
 * rendered, see pages.server.ts).
 */

export const PAGE_SORTS = ["updated_at", "title", "slug", "created_at"] as const;

export async function listPagesForAdmin(db: Database, query: { q: string; hidden: boolean | null; sort: (typeof PAGE_SORTS)[number]; dir: "asc" | "desc"; offset: number; limit: number }) {
  const where: SQL[] = [];
  if (query.hidden !== null) where.push(eq(customPages.hidden, query.hidden));
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`;
    where.push(sql`(lower(${customPages.title}) LIKE ${like} ESCAPE '\\' OR ${customPages.slug} LIKE ${like} ESCAPE '\\')`);
  }
  const condition = where.length ? and(...where) : undefined;
  const column = { updated_at: customPages.updatedAt, title: customPages.title, slug: customPages.slug, created_at: customPages.id }[query.sort];
  const [rows, count] = await db.batch([
    db
      .select({ id: customPages.id, title: customPages.title, slug: customPages.slug, hidden: customPages.hidden, type: customPages.type, updatedAt: customPages.updatedAt })
      .from(customPages)
      .where(condition)
      .orderBy(query.dir === "asc" ? asc(column) : desc(column), desc(customPages.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: sql<number>`count(*)` }).from(customPages).where(condition),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function loadPageForEditor(db: Database, id: number) {
  const [row] = await db.select().from(customPages).where(eq(customPages.id, id));
  return row ?? null;
}

/** Pages to choose from (the homepage's custom page), by title. */
export function listPageChoices(db: Database) {
  return db.select({ id: customPages.id, title: customPages.title, slug: customPages.slug }).from(customPages).orderBy(asc(customPages.title)).limit(500);
}

type PageFields = Omit<Required<CustomPageInput>, "seoTitle" | "seoDescription"> & { seoTitle?: string | null; seoDescription?: string | null };

function pageValues(input: PageFields) {
  return {
    title: input.title,
    slug: input.slug,
    body: sanitizeHtml(input.body),
    seoTitle: input.seoTitle || null,
    seoDescription: input.seoDescription || null,
    type: input.type || "default",
    hidden: input.hidden,
  };
}

async function slugTaken(db: Database, slug: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: customPages.id })
    .from(customPages)
    .where(and(eq(customPages.slug, slug), exceptId === null ? undefined : ne(customPages.id, exceptId)));
  return Boolean(row);
}

export type PageSaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, string[]>; notFound?: true };

export async function createPage(db: Database, input: PageFields, record?: ChangeRecorder): Promise<PageSaveResult> {
  if (await slugTaken(db, input.slug, null)) return { ok: false, errors: { slug: ["Another page already uses this slug."] } };
  const values = pageValues(input);
  const statements: Statement[] = [db.insert(customPages).values(values).returning({ id: customPages.id })];
  if (record) statements.push(record({ subjectId: newRowId, label: values.title, before: null, after: values }));
  try {
    const [inserted] = (await runBatch(db, statements)) as [{ id: number }[]];
    return { ok: true, id: inserted[0].id };
  } catch (error) {
    // Two editors racing for one slug: the unique index decides, the loser gets the field error.
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: ["Another page already uses this slug."] } };
    throw error;
  }
}

export async function updatePage(db: Database, id: number, input: PageFields, record?: ChangeRecorder): Promise<PageSaveResult> {
  const current = await loadPageForEditor(db, id);
  if (!current) return { ok: false, notFound: true, errors: {} };
  if (input.slug !== current.slug && (await slugTaken(db, input.slug, id))) return { ok: false, errors: { slug: ["Another page already uses this slug."] } };
  const values = pageValues(input);
  const diff = changedFields(current, values);
  if (!diff.changed) return { ok: true, id };
  const statements: Statement[] = [
    db
      .update(customPages)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(customPages.id, id)),
  ];
  if (record) statements.push(record({ subjectId: id, label: values.title, before: diff.before, after: diff.after }));
  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: ["Another page already uses this slug."] } };
    throw error;
  }
  return { ok: true, id };
}

export async function deletePages(db: Database, ids: number[], record?: ChangeRecorder) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: customPages.id, title: customPages.title, slug: customPages.slug }).from(customPages).where(inArray(customPages.id, ids));
  if (rows.length === 0) return [];
  const statements: Statement[] = [
    db.delete(customPages).where(
      inArray(
        customPages.id,
        rows.map((r) => r.id),
      ),
    ),
  ];
  if (record) for (const row of rows) statements.push(record({ subjectId: row.id, label: row.title, before: { title: row.title, slug: row.slug }, after: null }));
  await runBatch(db, statements);
  return rows.map((r) => r.id);
}

/** Shows or hides pages (bulk action). */
export async function setPagesHidden(db: Database, ids: number[], hidden: boolean, record?: ChangeRecorder) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: customPages.id, title: customPages.title })
    .from(customPages)
    .where(and(inArray(customPages.id, ids), eq(customPages.hidden, !hidden)));
  if (rows.length === 0) return [];
  const statements: Statement[] = [
    db
      .update(customPages)
      .set({ hidden, updatedAt: new Date() })
      .where(
        inArray(
          customPages.id,
          rows.map((r) => r.id),
        ),
      ),
  ];
  if (record) for (const row of rows) statements.push(record({ subjectId: row.id, label: row.title, before: { hidden: !hidden }, after: { hidden } }));
  await runBatch(db, statements);
  return rows.map((r) => r.id);
}
