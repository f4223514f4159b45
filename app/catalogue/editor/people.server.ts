import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { changedFields, newRowId, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import type { PersonInput } from "../schema";
import { credits, GENDERS, images, people, type Gender } from "../tables";
import { buildMatchExpression } from "../search-query";
import { slugify } from "../../http/slug";
import { adoptFiles, checkImageAddress, mediaOf, removeOrphanedMedia } from "./media-files.server";
import type { SaveResult } from "./titles.server";

export const PERSON_SORTS = ["popularity", "name", "created_at", "updated_at"] as const;
export type PersonSort = (typeof PERSON_SORTS)[number];

const SORT_COLUMNS = {
  popularity: people.popularity,
  name: people.name,
  created_at: people.createdAt,
  updated_at: people.updatedAt,
} as const;

export function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

/** One page of people with the total; search through the people FTS index. */
export async function listPeopleForAdmin(db: Database, query: { q: string; gender: Gender | null; knownFor: string | null; sort: PersonSort; dir: "asc" | "desc"; offset: number; limit: number }) {
  const where: SQL[] = [];
  if (query.gender) where.push(eq(people.gender, query.gender));
  if (query.knownFor) where.push(eq(people.knownFor, query.knownFor));
  if (query.q) {
    const numeric = /^\d{1,12}$/.test(query.q) ? Number(query.q) : null;
    const match = buildMatchExpression(query.q);
    const byText = match ? sql`${people.searchKey} IN (SELECT rowid FROM people_fts WHERE people_fts MATCH ${match})` : sql`0`;
    where.push(numeric !== null ? sql`(${people.id} = ${numeric} OR ${byText})` : byText);
  }
  const condition = where.length ? and(...where) : undefined;
  const column = SORT_COLUMNS[query.sort];
  const [rows, count] = await db.batch([
    db
      .select({
        id: people.id,
        name: people.name,
        slug: people.slug,
        knownFor: people.knownFor,
        profile: people.profile,
        popularity: people.popularity,
        birthDate: people.birthDate,
        // Qualified by hand: drizzle writes a lone "id" here, which inside the subquery would be credits.id.
        credits: sql<number>`(SELECT count(*) FROM credits c WHERE c.person_id = "people"."id")`.as("credit_count"),
      })
      .from(people)
      .where(condition)
      .orderBy(query.dir === "asc" ? sql`${column} ASC NULLS LAST` : sql`${column} DESC NULLS LAST`, desc(people.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: sql<number>`count(*)` }).from(people).where(condition),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function loadPersonForEditor(db: Database, id: number) {
  const [found, counts] = await db.batch([db.select().from(people).where(eq(people.id, id)).limit(1), db.select({ credits: sql<number>`count(*)` }).from(credits).where(eq(credits.personId, id))]);
  const person = found[0];
  return person ? { person, creditCount: Number(counts[0]?.credits ?? 0) } : null;
}

function personValues(input: PersonInput) {
  return {
    name: input.name,
    slug: slugify(input.name),
    biography: input.biography ?? null,
    birthDate: input.birthDate ?? null,
    deathDate: input.deathDate ?? null,
    birthPlace: input.birthPlace ?? null,
    gender: input.gender,
    knownFor: input.knownFor ?? null,
    profile: input.profile ?? null,
  };
}

async function checkProfile(deps: { db: Database; bucket: R2Bucket }, input: PersonInput, previous: string | null): Promise<Record<string, string[]>> {
  if (input.deathDate && input.birthDate && input.deathDate < input.birthDate) return { deathDate: ["The date of death is before the date of birth."] };
  if (!input.profile || input.profile === previous) return {};
  const check = await checkImageAddress(deps.db, deps.bucket, input.profile);
  return check.ok ? {} : { profile: [check.message] };
}

export async function createPerson(
  deps: { db: Database; bucket: R2Bucket },
  input: PersonInput,
  record?: ChangeRecorder,
): Promise<{ ok: true; id: number } | { ok: false; errors: Record<string, string[]> }> {
  const { db } = deps;
  const errors = await checkProfile(deps, input, null);
  if (Object.keys(errors).length) return { ok: false, errors };
  const values = { ...personValues(input), popularity: input.popularity ?? 0 };
  const statements: Statement[] = [db.insert(people).values(values).returning({ id: people.id })];
  if (record) statements.push(record({ subjectId: newRowId, label: input.name, before: null, after: values }));
  statements.push(...adoptFiles(db, [values.profile]));
  const [inserted] = (await runBatch(db, statements)) as [{ id: number }[]];
  return { ok: true, id: inserted[0].id };
}

export async function updatePerson(deps: { db: Database; bucket: R2Bucket }, id: number, input: PersonInput, record?: ChangeRecorder): Promise<SaveResult> {
  const { db } = deps;
  const current = await loadPersonForEditor(db, id);
  if (!current) return { ok: false, notFound: true };
  const errors = await checkProfile(deps, input, current.person.profile);
  if (Object.keys(errors).length) return { ok: false, errors };
  const next = { ...personValues(input), popularity: input.popularity ?? current.person.popularity };
  const diff = changedFields(current.person, next);
  if (!diff.changed) return { ok: true };
  const generatedFields = current.person.generatedFields.filter((field) => !(field in diff.after));
  const statements: Statement[] = [
    db
      .update(people)
      .set({ ...next, generatedFields, updatedAt: new Date() })
      .where(eq(people.id, id)),
    ...adoptFiles(db, [next.profile]),
  ];
  if (record) statements.push(record({ subjectId: id, label: next.name, before: diff.before, after: diff.after }));
  await runBatch(db, statements);
  if (current.person.profile && current.person.profile !== next.profile) await removeOrphanedMedia(deps, mediaOf([current.person.profile]));
  return { ok: true };
}

/** Deletes people with their credits (cascade) and their unused uploaded pictures. */
export async function deletePeople(deps: { db: Database; bucket: R2Bucket }, ids: number[], record?: ChangeRecorder) {
  const { db } = deps;
  if (ids.length === 0) return { deleted: [] as number[] };
  const [rows, imageRows] = await db.batch([
    db.select({ id: people.id, name: people.name, profile: people.profile, knownFor: people.knownFor }).from(people).where(inArray(people.id, ids)),
    db.select({ url: images.url }).from(images).where(inArray(images.personId, ids)),
  ]);
  if (rows.length === 0) return { deleted: [] as number[] };
  const found = rows.map((r) => r.id);
  const statements: Statement[] = [db.delete(people).where(inArray(people.id, found))];
  if (record) for (const row of rows) statements.push(record({ subjectId: row.id, label: row.name, before: { name: row.name, knownFor: row.knownFor }, after: null }));
  await runBatch(db, statements);
  await removeOrphanedMedia(deps, mediaOf([...rows.map((r) => r.profile), ...imageRows.map((i) => i.url)]));
  return { deleted: found };
}

/** Sets a person's profile picture (an uploaded file is checked and adopted). */
export async function setPersonProfile(deps: { db: Database; bucket: R2Bucket }, id: number, address: string | null, record?: ChangeRecorder): Promise<SaveResult> {
  const { db } = deps;
  const [person] = await db.select({ id: people.id, name: people.name, profile: people.profile, generatedFields: people.generatedFields }).from(people).where(eq(people.id, id));
  if (!person) return { ok: false, notFound: true };
  if (person.profile === address) return { ok: true };
  if (address) {
    const check = await checkImageAddress(db, deps.bucket, address);
    if (!check.ok) return { ok: false, errors: { profile: [check.message] } };
  }
  const statements: Statement[] = [
    db
      .update(people)
      .set({ profile: address, generatedFields: person.generatedFields.filter((f) => f !== "profile"), updatedAt: new Date() })
      .where(eq(people.id, id)),
    ...adoptFiles(db, [address]),
  ];
  if (record) statements.push(record({ subjectId: id, label: person.name, before: { profile: person.profile }, after: { profile: address } }));
  await runBatch(db, statements);
  if (person.profile) await removeOrphanedMedia(deps, mediaOf([person.profile]));
  return { ok: true };
}
