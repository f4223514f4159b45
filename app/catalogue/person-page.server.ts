import { eq, sql } from "drizzle-orm";
import { batchReads } from "~/db/batch-reads.server";
import type { Database } from "~/db/client.server";
import { PERSON_KNOWN_FOR_TITLES } from "~/constants";
import { people } from "./tables";

/** With "show all", a department still stops here (a prolific voice actor can have thousands). */
const MAX_CREDITS_PER_DEPARTMENT = 2000;

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

interface FilmographyRow {
  department: string;
  titleId: number;
  name: string;
  slug: string;
  type: "movie" | "series";
  year: number | null;
  roles: string;
  episodes: number;
  generated: number;
  total: number;
}

/**
 * Everything the person page shows, in one round trip of three reads (index
 * credits_person_idx): the person; their filmography grouped by department,
 * one entry per title, newest first, at most `perDepartment` entries per
 * department with each department's total; and "known for", their most
 * popular titles, preferring their known-for department. The grouping and
 * ranking happen in SQLite, so a person with thousands of credits sends a
 * page's worth of rows, not thousands.
 */
export async function loadPersonPage(db: Database, id: number, { perDepartment }: { perDepartment: number }) {
  const limit = Math.min(Math.max(1, perDepartment), MAX_CREDITS_PER_DEPARTMENT);
  const [found, filmographyRows, knownForRows] = await batchReads(db, [
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
        tmdbId: people.tmdbId,
        imdbId: people.imdbId,
        homepage: people.homepage,
      })
      .from(people)
      .where(eq(people.id, id))
      .limit(1),
    db.all<FilmographyRow>(sql`
      WITH per_title AS (
        SELECT c.department, c.title_id,
               json_group_array(DISTINCT CASE WHEN c.kind = 'cast' THEN c.character ELSE c.job END) AS roles,
               sum(c.episode_id IS NOT NULL) AS episodes,
               max(c.generated) AS generated
        FROM credits c
        WHERE c.person_id = ${id}
        GROUP BY c.department, c.title_id
      ), ranked AS (
        SELECT pt.department, pt.title_id AS titleId, t.name, t.slug, t.type, t.year, pt.roles, pt.episodes, pt.generated,
               row_number() OVER (PARTITION BY pt.department ORDER BY coalesce(t.year, 9999) DESC, t.name) AS rn,
               count(*) OVER (PARTITION BY pt.department) AS total
        FROM per_title pt JOIN titles t ON t.id = pt.title_id
      )
      SELECT department, titleId, name, slug, type, year, roles, episodes, generated, total
      FROM ranked WHERE rn <= ${limit}
      ORDER BY department, rn`),
    // "Known for" (decision 029): their best-known titles (popularity, then everyone's votes), preferring the
    // department they have most titles in; `titleCount` says whether that is more than the whole filmography.
    db.all<{
      id: number;
      name: string;
      slug: string;
      type: "movie" | "series";
      year: number | null;
      poster: string | null;
      rating: number | null;
      voteCount: number;
      externalRating: number | null;
      tmdbRating: number | null;
      titleCount: number;
    }>(sql`
      WITH mine AS (
        SELECT c.title_id, c.department FROM credits c WHERE c.person_id = ${id} GROUP BY c.title_id, c.department
      ), main AS (
        SELECT department FROM mine GROUP BY department ORDER BY count(*) DESC, department = 'Acting' DESC, department LIMIT 1
      )
      SELECT t.id, t.name, t.slug, t.type, t.year, t.poster, t.rating, t.vote_count AS voteCount, t.external_rating AS externalRating,
             t.tmdb_rating AS tmdbRating, count(*) OVER () AS titleCount
      FROM (SELECT title_id, max(department = (SELECT department FROM main)) AS preferred FROM mine GROUP BY title_id) k
      CROSS JOIN titles t ON t.id = k.title_id -- their titles, then each by primary key (CROSS JOIN keeps that order)
      ORDER BY k.preferred DESC, t.popularity DESC, coalesce(t.external_votes, 0) + t.vote_count DESC, t.id
      LIMIT ${PERSON_KNOWN_FOR_TITLES}`),
  ]);
  const row = found[0];
  if (!row) return null;
  const { tmdbId, imdbId, homepage, ...person } = row;

  const departments = new Map<string, { total: number; generated: boolean; credits: FilmographyEntry[] }>();
  let creditCount = 0;
  for (const row of filmographyRows) {
    let department = departments.get(row.department);
    if (!department) {
      department = { total: Number(row.total), generated: false, credits: [] };
      departments.set(row.department, department);
      creditCount += department.total;
    }
    const roles = (JSON.parse(row.roles) as (string | null)[]).filter((r): r is string => !!r);
    department.generated ||= Boolean(row.generated);
    department.credits.push({
      titleId: row.titleId,
      name: row.name,
      slug: row.slug,
      type: row.type,
      year: row.year,
      roles,
      episodeCount: Number(row.episodes),
      generated: Boolean(row.generated),
    });
  }
  // The department they are known for comes from their credits (the one with most titles), not a stored guess:
  // an invented person was "Known for: Camera" with no camera credit. Without credits, the stored value.
  const ranked = [...departments.entries()].sort(([a, x], [b, y]) => y.total - x.total || Number(b === "Acting") - Number(a === "Acting") || a.localeCompare(b));
  const department = ranked[0]?.[0] ?? person.knownFor;
  const order = (name: string) => (name === department ? 0 : name === "Acting" ? 1 : 2);
  const filmography = [...departments.entries()].sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b)).map(([department, value]) => ({ department, ...value }));
  // "Known for" only when it says more than the filmography: someone with four titles or fewer is their filmography.
  const titleCount = Number(knownForRows[0]?.titleCount ?? 0);
  const knownFor = titleCount > knownForRows.length ? knownForRows.map(({ titleCount: _, ...row }) => row) : [];
  return { person: { ...person, knownFor: department }, filmography, knownFor, creditCount, external: { tmdbId, imdbId, homepage } };
}
