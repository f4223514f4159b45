import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { changedFields, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import type { CreditInput } from "../schema";
import { credits, episodes, people, titles } from "../tables";
import { searchCatalogue } from "../search.server";
import type { SaveResult } from "./titles.server";

/** A title's cast and crew as the editor lists them (title-level and episode credits). */
export function listCreditsForEditor(db: Database, titleId: number) {
  return db
    .select({
      id: credits.id,
      kind: credits.kind,
      personId: credits.personId,
      personName: people.name,
      personSlug: people.slug,
      profile: people.profile,
      character: credits.character,
      department: credits.department,
      job: credits.job,
      position: credits.position,
      episodeId: credits.episodeId,
      seasonNumber: episodes.seasonNumber,
      episodeNumber: episodes.episodeNumber,
    })
    .from(credits)
    .innerJoin(people, eq(people.id, credits.personId))
    .leftJoin(episodes, eq(episodes.id, credits.episodeId))
    .where(eq(credits.titleId, titleId))
    .orderBy(asc(credits.kind), sql`${credits.episodeId} IS NOT NULL`, asc(credits.episodeId), asc(credits.department), asc(credits.position), asc(credits.id))
    .limit(3000);
}

/** People for the credit form's search (the public search index, most popular first). */
export async function searchPeopleForCredits(db: Database, query: string, limit = 10) {
  const results = await searchCatalogue(db, query, { types: ["person"], limit });
  return results.people.map((p) => ({ id: p.id, name: p.name, knownFor: p.knownFor, profile: p.profile }));
}

async function checkTargets(db: Database, titleId: number, input: CreditInput) {
  const [[title], [person], episode] = await db.batch([
    db.select({ id: titles.id, name: titles.name }).from(titles).where(eq(titles.id, titleId)),
    db.select({ id: people.id, name: people.name }).from(people).where(eq(people.id, input.personId)),
    db
      .select({ id: episodes.id })
      .from(episodes)
      .where(and(eq(episodes.id, input.episodeId ?? 0), eq(episodes.titleId, titleId))),
  ]);
  const errors: Record<string, string[]> = {};
  if (!person) errors.personId = ["Choose a person."];
  if (input.episodeId && episode.length === 0) errors.episodeId = ["Choose an episode of this series."];
  return { title, person, errors };
}

function creditValues(input: CreditInput) {
  return input.kind === "cast"
    ? { kind: "cast" as const, character: input.character ?? null, department: "Acting", job: "Actor" }
    : { kind: "crew" as const, character: null, department: input.department!, job: input.job! };
}

/** Adds a credit at the end of its list (cast billing order, or within the crew department). */
export async function addCredit(db: Database, titleId: number, input: CreditInput, record?: ChangeRecorder): Promise<SaveResult> {
  const { title, person, errors } = await checkTargets(db, titleId, input);
  if (!title) return { ok: false, notFound: true };
  if (Object.keys(errors).length) return { ok: false, errors };
  const values = { ...creditValues(input), titleId, personId: input.personId, episodeId: input.episodeId ?? null };
  const sameList = values.kind === "cast" ? sql`kind = 'cast'` : sql`kind = 'crew' AND department = ${values.department}`;
  const statements: Statement[] = [
    db.insert(credits).values({
      ...values,
      position: sql`(SELECT coalesce(max(position), -1) + 1 FROM credits WHERE title_id = ${titleId} AND ${sameList})`,
    }),
    db.update(titles).set({ updatedAt: new Date() }).where(eq(titles.id, titleId)),
  ];
  if (record) statements.push(record({ subjectId: titleId, label: title.name, before: null, after: { credit: person!.name, ...creditValues(input) } }));
  await runBatch(db, statements);
  return { ok: true };
}

export async function updateCredit(db: Database, titleId: number, creditId: number, input: CreditInput, record?: ChangeRecorder): Promise<SaveResult> {
  const [current] = await db
    .select()
    .from(credits)
    .where(and(eq(credits.id, creditId), eq(credits.titleId, titleId)));
  if (!current) return { ok: false, notFound: true };
  const { title, person, errors } = await checkTargets(db, titleId, input);
  if (!title) return { ok: false, notFound: true };
  if (Object.keys(errors).length) return { ok: false, errors };
  const values = { ...creditValues(input), personId: input.personId, episodeId: input.episodeId ?? null };
  const diff = changedFields(current, values);
  if (!diff.changed) return { ok: true };
  const statements: Statement[] = [
    // A credit edited by hand is a fact now, not generated demo content.
    db
      .update(credits)
      .set({ ...values, generated: false })
      .where(eq(credits.id, creditId)),
    db.update(titles).set({ updatedAt: new Date() }).where(eq(titles.id, titleId)),
  ];
  if (record) statements.push(record({ subjectId: titleId, label: `${title.name} · ${person!.name}`, before: diff.before, after: diff.after }));
  await runBatch(db, statements);
  return { ok: true };
}

export async function deleteCredit(db: Database, titleId: number, creditId: number, record?: ChangeRecorder) {
  const [row] = await db
    .select({ id: credits.id, kind: credits.kind, character: credits.character, job: credits.job, person: people.name, title: titles.name })
    .from(credits)
    .innerJoin(people, eq(people.id, credits.personId))
    .innerJoin(titles, eq(titles.id, credits.titleId))
    .where(and(eq(credits.id, creditId), eq(credits.titleId, titleId)));
  if (!row) return false;
  const statements: Statement[] = [db.delete(credits).where(eq(credits.id, creditId))];
  if (record) statements.push(record({ subjectId: titleId, label: row.title, before: { credit: row.person, kind: row.kind, character: row.character, job: row.job }, after: null }));
  await runBatch(db, statements);
  return true;
}

/**
 * Moves a credit one place up or down its list (the cast's billing order,
 * or its crew department), swapping positions with its neighbour.
 */
export async function moveCredit(db: Database, titleId: number, creditId: number, direction: "up" | "down", record?: ChangeRecorder) {
  const rows = await listCreditsForEditor(db, titleId);
  const credit = rows.find((c) => c.id === creditId);
  if (!credit) return false;
  const list = rows.filter((c) => c.kind === credit.kind && c.episodeId === credit.episodeId && (credit.kind === "cast" || c.department === credit.department));
  const index = list.findIndex((c) => c.id === creditId);
  const other = list[direction === "up" ? index - 1 : index + 1];
  if (!other) return true;
  // Positions may repeat (seeded data): renumber the whole list in its new order.
  const order = list.map((c) => c.id);
  const a = order.indexOf(credit.id);
  const b = order.indexOf(other.id);
  [order[a], order[b]] = [order[b], order[a]];
  const statements: Statement[] = order.map((id, position) => db.update(credits).set({ position }).where(eq(credits.id, id)));
  if (record) statements.push(record({ subjectId: titleId, label: credit.personName, before: { position: a }, after: { position: b } }));
  await runBatch(db, statements);
  return true;
}
