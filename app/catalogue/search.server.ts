import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { log } from "~/observability/log.server";
import { TITLE_TYPES, type TitleType } from "./schema";
import { buildMatchExpression, buildStartsWithExpression, normalizedQuery } from "./search-query";

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
 * Full-text search over titles and people (FTS5, prefix matching). Ranking
 * in each group: the whole name equals the query, then the name starts with
 * it, then every word appears somewhere; within each tier the most popular
 * first. The FTS indexes are keyed by popularity (search_key, migration
 * 0011), so each tier reads only as many index rows as it returns: a
 * one-letter query on 100,000 titles costs about what a rare word does.
 *
 * Any input is safe: FTS syntax characters are treated as text, empty or
 * punctuation-only queries return no results, and the function does not
 * throw on odd input. One statement per group (titles, people), run together.
 */
export async function searchCatalogue(db: Database, query: unknown, options: SearchOptions = {}): Promise<SearchResults> {
  const limit = clampInt(options.limit, 8, 1, 50);
  const offset = clampInt(options.offset, 0, 0, 1000);
  const types = (options.types ?? SEARCH_KINDS).filter((t): t is SearchKind => SEARCH_KINDS.includes(t));
  const titleTypes = types.filter((t): t is TitleType => t !== "person");
  const all = buildMatchExpression(query);
  const starts = buildStartsWithExpression(query);
  const text = normalizedQuery(query);
  const empty: SearchResults = { query: text, titles: [], people: [], moreTitles: false, morePeople: false };
  if (!all || !starts) return empty;

  // Exact names: the normalised words, and the query as typed (so "spider-man" finds "Spider-Man").
  const typed = typeof query === "string" ? query.trim().replace(/\s+/g, " ").toLowerCase().slice(0, 200) : text;
  const need = offset + limit + 1;
  const tiers = { all, starts, exact: [text, typed], need };
  try {
    const [titleRows, personRows] = await Promise.all([
      titleTypes.length ? db.all<TitleRow & Tiered>(titleSearch(tiers, titleTypes)) : Promise.resolve([]),
      types.includes("person") ? db.all<PersonRow & Tiered>(personSearch(tiers)) : Promise.resolve([]),
    ]);
    const titleHits = mergeTiers(titleRows).slice(offset, offset + limit + 1);
    const personHits = mergeTiers(personRows).slice(offset, offset + limit + 1);
    return {
      query: text,
      titles: titleHits.slice(0, limit).map(({ tier: _, ...row }) => ({ kind: "title", ...row })),
      people: personHits.slice(0, limit).map(({ tier: _, ...row }) => ({ kind: "person", ...row })),
      moreTitles: titleHits.length > limit,
      morePeople: personHits.length > limit,
    };
  } catch (error) {
    // The expressions are built from letters and digits only, so an FTS
    // error here is a bug, not bad input: log it, but a search box must not 500.
    if (!/fts5|MATCH|syntax/i.test(String(error))) throw error;
    log("error", "catalogue search failed", { match: all, error: String(error) });
    return empty;
  }
}

type TitleRow = Omit<TitleHit, "kind">;
type PersonRow = Omit<PersonHit, "kind">;
type Tiered = { tier: number };
type Tiers = { all: string; starts: string; exact: string[]; need: number };

/** Tier order, then the order each tier came in (popularity); each id once. */
function mergeTiers<R extends Tiered & { id: number }>(rows: R[]): R[] {
  const seen = new Set<number>();
  const merged: R[] = [];
  for (const tier of [0, 1, 2]) {
    for (const row of rows) {
      if (row.tier !== tier || seen.has(row.id)) continue;
      seen.add(row.id);
      merged.push(row);
    }
  }
  return merged;
}

/*
 * Each tier reads at most a few times `need` rows: a later tier repeats the
 * rows of the earlier ones (an exact name also starts with the query), so it
 * fetches enough to have `need` new ones after removing them.
 */
function titleSearch({ all, starts, exact, need }: Tiers, types: TitleType[]): SQL {
  const columns = sql`t.id, t.type, t.name, t.original_name AS originalName, t.slug, t.year, t.poster, t.popularity`;
  const typeFilter = types.length < TITLE_TYPES.length ? sql`AND t.type IN (${sql.join(types.map((type) => sql`${type}`), sql`, `)})` : sql``;
  return sql`
    SELECT * FROM (SELECT 0 AS tier, ${columns} FROM titles t
      WHERE lower(t.name) IN (${exact[0]}, ${exact[1]}) ${typeFilter} ORDER BY t.search_key LIMIT ${need})
    UNION ALL
    SELECT * FROM (SELECT 1 AS tier, ${columns} FROM titles_fts f JOIN titles t ON t.search_key = f.rowid
      WHERE titles_fts MATCH ${starts} ${typeFilter} ORDER BY f.rowid LIMIT ${need * 2})
    UNION ALL
    SELECT * FROM (SELECT 2 AS tier, ${columns} FROM titles_fts f JOIN titles t ON t.search_key = f.rowid
      WHERE titles_fts MATCH ${all} ${typeFilter} ORDER BY f.rowid LIMIT ${need * 4})`;
}

function personSearch({ all, starts, exact, need }: Tiers): SQL {
  const columns = sql`p.id, p.name, p.slug, p.known_for AS knownFor, p.profile, p.popularity`;
  return sql`
    SELECT * FROM (SELECT 0 AS tier, ${columns} FROM people p
      WHERE lower(p.name) IN (${exact[0]}, ${exact[1]}) ORDER BY p.search_key LIMIT ${need})
    UNION ALL
    SELECT * FROM (SELECT 1 AS tier, ${columns} FROM people_fts f JOIN people p ON p.search_key = f.rowid
      WHERE people_fts MATCH ${starts} ORDER BY f.rowid LIMIT ${need * 2})
    UNION ALL
    SELECT * FROM (SELECT 2 AS tier, ${columns} FROM people_fts f JOIN people p ON p.search_key = f.rowid
      WHERE people_fts MATCH ${all} ORDER BY f.rowid LIMIT ${need * 4})`;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(min, n));
}
