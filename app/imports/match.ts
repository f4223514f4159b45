import type { ImportEntry } from "./formats";

export interface Candidate {
  id: number;
  name: string;
  year: number | null;
  type: "movie" | "series";
  popularity: number | null;
}

export function matchKey(entry: Pick<ImportEntry, "name">) {
  return entry.name.toLowerCase();
}

/**
 * Picks the title an import row means among the titles of the same name
 * (case-insensitive): the same year first, then a year either side (release
 * years differ by country), preferring the row's type; among equals the
 * most popular. A row without a year matches only a name that is unique.
 */
export function pickTitle(entry: Pick<ImportEntry, "year" | "type">, candidates: readonly Candidate[]): Candidate | null {
  const typed = entry.type ? candidates.filter((c) => c.type === entry.type) : [];
  const pool = typed.length ? typed : candidates;
  const best = (list: Candidate[]) => list.sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0))[0] ?? null;
  if (entry.year === null) return pool.length === 1 ? pool[0]! : null;
  const exact = pool.filter((c) => c.year === entry.year);
  if (exact.length) return best(exact);
  return best(pool.filter((c) => c.year !== null && Math.abs(c.year - entry.year!) === 1));
}
