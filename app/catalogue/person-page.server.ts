import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { credits, people, titles } from "./schema";

/** A person with many thousands of credits (a prolific voice actor) still gets a bounded page. */
const MAX_CREDITS = 3000;

export interface FilmographyEntry {
  titleId: number;
  name: string;
  slug: string;
  type: "movie" | "series";
  year: number | null;
  /** Characters (cast) or jobs (crew), de-duplicated. */
  roles: string[];
  /** Episodes of a series this person is credited in (0: credited on the series itself). */
  episodeCount: number;
  generated: boolean;
}

/**
 * Everything the person page shows, in one D1 batch: the person and their
 * credits with the titles (index credits_person_idx). Credits are grouped by
 * department, one entry per title, newest first; "known for" is their most
 * popular titles, preferring their known-for department.
 */
export async function loadPersonPage(db: Database, id: number) {
  const [found, rows] = await db.batch([
    db
      .select({
        id: people.id,
        name: people.name,
        slug: people.slug,
        biography: people.biography,
        birthDate: people.birthDate,
        deathDate: people.deathDate,
        birthPlace: people.birthPlace,
        gender: people.gender,
        knownFor: people.knownFor,
        popularity: people.popularity,
        profile: people.profile,
        generatedFields: people.generatedFields,
      })
      .from(people)
      .where(eq(people.id, id))
      .limit(1),
    db
      .select({
        department: credits.department,
        job: credits.job,
        character: credits.character,
        kind: credits.kind,
        episodeId: credits.episodeId,
        generated: credits.generated,
        titleId: titles.id,
        name: titles.name,
        slug: titles.slug,
        type: titles.type,
        year: titles.year,
        poster: titles.poster,
        popularity: titles.popularity,
        rating: titles.rating,
        externalRating: titles.externalRating,
      })
      .from(credits)
      .innerJoin(titles, eq(titles.id, credits.titleId))
      .where(eq(credits.personId, id))
      .limit(MAX_CREDITS),
  ]);
  const person = found[0];
  if (!person) return null;

  const departments = new Map<string, Map<number, FilmographyEntry>>();
  for (const row of rows) {
    const byTitle = departments.get(row.department) ?? new Map<number, FilmographyEntry>();
    departments.set(row.department, byTitle);
    const entry =
      byTitle.get(row.titleId) ??
      ({ titleId: row.titleId, name: row.name, slug: row.slug, type: row.type, year: row.year, roles: [], episodeCount: 0, generated: false } satisfies FilmographyEntry);
    const role = row.kind === "cast" ? row.character : row.job;
    if (role && !entry.roles.includes(role)) entry.roles.push(role);
    if (row.episodeId !== null) entry.episodeCount++;
    entry.generated ||= row.generated;
    byTitle.set(row.titleId, entry);
  }
  const order = (name: string) => (name === person.knownFor ? 0 : name === "Acting" ? 1 : 2);
  const filmography = [...departments.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([department, entries]) => ({
      department,
      credits: [...entries.values()].sort((a, b) => (b.year ?? 9999) - (a.year ?? 9999) || a.name.localeCompare(b.name)),
    }));

  const seen = new Set<number>();
  const knownFor = [...rows]
    .sort((a, b) => Number(b.department === person.knownFor) - Number(a.department === person.knownFor) || b.popularity - a.popularity)
    .filter((row) => (seen.has(row.titleId) ? false : (seen.add(row.titleId), true)))
    .slice(0, 8)
    .map(({ titleId, name, slug, type, year, poster, rating, externalRating }) => ({ id: titleId, name, slug, type, year, poster, rating, externalRating }));

  return { person, filmography, knownFor, creditCount: rows.length };
}
export type PersonPage = NonNullable<Awaited<ReturnType<typeof loadPersonPage>>>;
