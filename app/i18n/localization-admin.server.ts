import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import { invalidateLocalizationsCache } from "./i18n.server";
import type { localizationSchema } from "./schema";
import { localizations } from "./tables";

/**
 * Languages and their translation lines in the admin area. Lines are keyed
 * by the English text in the code; the keys a language can translate are
 * every key any language has (English needs none). Single lines are merged
 * with json_patch, so two editors saving different lines never undo each
 * other, and any key (dots, quotes) is safe.
 */

export async function listLocalizationsForAdmin(db: Database) {
  return db
    .select({
      id: localizations.id,
      language: localizations.language,
      name: localizations.name,
      lines: sql<number>`(SELECT count(*) FROM json_each(${localizations.lines}))`.as("line_count"),
      updatedAt: localizations.updatedAt,
    })
    .from(localizations)
    .orderBy(asc(localizations.id));
}

export async function loadLocalization(db: Database, language: string) {
  const [row] = await db.select().from(localizations).where(eq(localizations.language, language));
  return row ?? null;
}

/** Every key some language translates, sorted, for the line editor. */
export async function allTranslationKeys(db: Database) {
  const rows = await db.select({ key: sql<string>`j.key` }).from(sql`localizations l, json_each(l.lines) j`).groupBy(sql`j.key`).orderBy(sql`j.key COLLATE NOCASE`);
  return rows.map((r) => r.key);
}

export type LocalizationResult = { ok: true } | { ok: false; errors: Record<string, string[]> };

export async function createLocalization(db: Database, input: z.infer<typeof localizationSchema>, record?: ChangeRecorder): Promise<LocalizationResult> {
  if (await loadLocalization(db, input.language)) return { ok: false, errors: { language: ["This language already exists."] } };
  const statements: Statement[] = [db.insert(localizations).values({ language: input.language, name: input.name, lines: {} })];
  if (record) statements.push(record({ subjectId: input.language, label: input.name, before: null, after: input }));
  await runBatch(db, statements);
  invalidateLocalizationsCache();
  return { ok: true };
}

export async function renameLocalization(db: Database, language: string, name: string, record?: ChangeRecorder): Promise<LocalizationResult> {
  const current = await loadLocalization(db, language);
  if (!current) return { ok: false, errors: { name: ["This language does not exist."] } };
  if (current.name === name) return { ok: true };
  const statements: Statement[] = [db.update(localizations).set({ name, updatedAt: new Date() }).where(eq(localizations.language, language))];
  if (record) statements.push(record({ subjectId: language, label: name, before: { name: current.name }, after: { name } }));
  await runBatch(db, statements);
  invalidateLocalizationsCache();
  return { ok: true };
}

/** Deletes a language; never the site's default (people would be left without one). */
export async function deleteLocalization(db: Database, language: string, defaultLanguage: string, record?: ChangeRecorder): Promise<{ ok: true } | { ok: false; message: string }> {
  if (language === defaultLanguage) return { ok: false, message: "The default language cannot be deleted. Choose another default first." };
  const current = await loadLocalization(db, language);
  if (!current) return { ok: false, message: "This language does not exist." };
  const statements: Statement[] = [db.delete(localizations).where(eq(localizations.language, language))];
  if (record) statements.push(record({ subjectId: language, label: current.name, before: { name: current.name, lines: Object.keys(current.lines).length }, after: null }));
  await runBatch(db, statements);
  invalidateLocalizationsCache();
  return { ok: true };
}

/** Sets (or, with an empty value, removes) translation lines, merged into what is stored. */
export async function saveLines(db: Database, language: string, lines: Record<string, string>, record?: ChangeRecorder): Promise<LocalizationResult> {
  const current = await loadLocalization(db, language);
  if (!current) return { ok: false, errors: { lines: ["This language does not exist."] } };
  const patch: Record<string, string | null> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(lines)) {
    const next = value.trim() === "" ? null : value;
    const old = current.lines[key] ?? null;
    if (old === next) continue;
    patch[key] = next;
    before[key] = old;
    after[key] = next;
  }
  if (Object.keys(patch).length === 0) return { ok: true };
  const statements: Statement[] = [
    db
      .update(localizations)
      .set({ lines: sql`json_patch(${localizations.lines}, ${JSON.stringify(patch)})`, updatedAt: new Date() })
      .where(eq(localizations.language, language)),
  ];
  if (record) {
    // Imports can touch thousands of lines: the log keeps the first hundred and the count.
    const keys = Object.keys(after);
    const pick = (source: Record<string, unknown>) => Object.fromEntries(keys.slice(0, 100).map((k) => [k, source[k]]));
    statements.push(record({ subjectId: language, label: `${current.name}: ${keys.length} line(s)`, before: pick(before), after: pick(after) }));
  }
  await runBatch(db, statements);
  invalidateLocalizationsCache();
  return { ok: true };
}

/** Replaces every line of a language with a file's (import with "replace"). */
export async function replaceLines(db: Database, language: string, lines: Record<string, string>, record?: ChangeRecorder): Promise<LocalizationResult> {
  const current = await loadLocalization(db, language);
  if (!current) return { ok: false, errors: { file: ["This language does not exist."] } };
  const cleaned = Object.fromEntries(Object.entries(lines).filter(([, v]) => v.trim() !== ""));
  const statements: Statement[] = [db.update(localizations).set({ lines: cleaned, updatedAt: new Date() }).where(eq(localizations.language, language))];
  if (record) {
    statements.push(record({ subjectId: language, label: `${current.name}: replaced`, before: { lines: Object.keys(current.lines).length }, after: { lines: Object.keys(cleaned).length } }));
  }
  await runBatch(db, statements);
  invalidateLocalizationsCache();
  return { ok: true };
}
