import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { log } from "~/observability/log.server";
import { TITLE_TYPES, type TitleType } from "./schema";
import { buildMatchExpression, escapeLike, normalizedQuery } from "./search-query";

export type SearchKind = TitleType | "person";
export const SEARCH_KINDS: readonly SearchKind[] = [...TITLE_TYPES, "person"];

export interface TitleHit {
  kind: "title";
  id: number;
  type: TitleType;
  name: string;
  originalName: string | null;
  slug: string;
  year: number | null;
  poster: string | null;
  popularity: number;
}

export interface PersonHit {
  kind: "person";
  id: number;
  name: string;
  slug: string;
  knownFor: string | null;
  profile: string | null;
  popularity: number;
}

export interface SearchResults {
  /** The words searched for, normalised ("" when there was nothing to search). */
  query: string;
  titles: TitleHit[];
  people: PersonHit[];
  /** More results exist past `offset + limit` (for "next page" links). */
  moreTitles: boolean;
  morePeople: boolean;
}

export interface SearchOptions {
  /** Per kind (titles, people). Default 8, at most 50. */
  limit?: number;
  /** Skip this many per kind (paging). At most 1,000. */
  offset?: number;
  /** Which kinds to search; default all: movie, series, person. */
  types?: readonly SearchKind[];
}

/**
 * Ranking in each group: whole name equals the query, then name starts with
 * it, then FTS relevance (bm25, the name column weighted over the original
 * name) in coarse steps, then popularity.
 */
const RELEVANCE_STEPS = 4;

/**
 * Full-text search over titles and people (FTS5, prefix matching). Any
 * input is safe: FTS syntax characters are treated as text, empty or
 * punctuation-only queries return no results, and the function does not
 * throw on odd input. Two statements at most (titles, people), run together.
 */
export async function searchCatalogue(db: Database, query: unknown, options: SearchOptions = {}): Promise<SearchResults> {
  const limit = clampInt(options.limit, 8, 1, 50);
  const offset = clampInt(options.offset, 0, 0, 1000);
  const types = (options.types ?? SEARCH_KINDS).filter((t): t is SearchKind => SEARCH_KINDS.includes(t));
  const titleTypes = types.filter((t): t is TitleType => t !== "person");
  const match = buildMatchExpression(query);
  const text = normalizedQuery(query);
  const empty: SearchResults = { query: text, titles: [], people: [], moreTitles: false, morePeople: false };
  if (!match) return empty;

  const startsWith = `${escapeLike(text)}%`;
  const wanted = limit + 1;
  try {
    const [titleRows, personRows] = await Promise.all([
      titleTypes.length
        ? db.all<TitleRow>(sql`
            SELECT t.id, t.type, t.name, t.original_name AS originalName, t.slug, t.year, t.poster, t.popularity
            FROM titles_fts f JOIN titles t ON t.id = f.rowid
            WHERE titles_fts MATCH ${match}
              ${titleTypes.length < TITLE_TYPES.length ? sql`AND t.type IN (${sql.join(titleTypes.map((type) => sql`${type}`), sql`, `)})` : sql``}
            ORDER BY ${relevanceOrder(sql`t.name`, text, startsWith, sql`bm25(titles_fts, 10.0, 3.0)`)}, t.popularity DESC, t.id
            LIMIT ${wanted} OFFSET ${offset}`)
        : Promise.resolve([] as TitleRow[]),
      types.includes("person")
        ? db.all<PersonRow>(sql`
            SELECT p.id, p.name, p.slug, p.known_for AS knownFor, p.profile, p.popularity
            FROM people_fts f JOIN people p ON p.id = f.rowid
            WHERE people_fts MATCH ${match}
            ORDER BY ${relevanceOrder(sql`p.name`, text, startsWith, sql`bm25(people_fts)`)}, p.popularity DESC, p.id
            LIMIT ${wanted} OFFSET ${offset}`)
        : Promise.resolve([] as PersonRow[]),
    ]);
    return {
      query: text,
      titles: titleRows.slice(0, limit).map((row) => ({ kind: "title", ...row })),
      people: personRows.slice(0, limit).map((row) => ({ kind: "person", ...row })),
      moreTitles: titleRows.length > limit,
      morePeople: personRows.length > limit,
    };
  } catch (error) {
    // The expression is built from letters and digits only, so an FTS error
    // here is a bug, not bad input: log it, but a search box must not 500.
    if (!/fts5|MATCH|syntax/i.test(String(error))) throw error;
    log("error", "catalogue search failed", { match, error: String(error) });
    return empty;
  }
}

type TitleRow = Omit<TitleHit, "kind">;
type PersonRow = Omit<PersonHit, "kind">;

function relevanceOrder(name: SQL, text: string, startsWith: string, bm25: SQL): SQL {
  // bm25 is negative, more negative = better; ROUND groups near-equal scores
  // so that popularity decides between them.
  return sql`(lower(${name}) = ${text}) DESC, (lower(${name}) LIKE ${startsWith} ESCAPE '\\') DESC, ROUND(${bm25} * ${RELEVANCE_STEPS} / 10.0)`;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(min, n));
}
