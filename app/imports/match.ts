import { slugify } from "~/http/slug";
import type { ImportEntry } from "./formats";

export interface Candidate {
  id: number;
  name: string;
  year: number | null;
  type: "movie" | "series";
  popularity: number | null;
}

/**
 * A name folded for matching (decision 027): the title slug's folding —
 * diacritics, case and punctuation dropped, "&" read as "and" — so
 * "Léon: The Professional", "Leon - the professional" and "LÉON THE
 * PROFESSIONAL" are one key, and the catalogue's slug column is its index.
 */
export function foldName(name: string) {
  return slugify(name, "");
}

/** The folded names a row may be known by: its title and IMDb's Original Title. */
export function entryKeys(entry: Pick<ImportEntry, "name" | "originalName">): string[] {
  const keys = [foldName(entry.name)];
  if (entry.originalName) keys.push(foldName(entry.originalName));
  return [...new Set(keys.filter(Boolean))];
}

export type Resolution = { kind: "matched"; title: Candidate } | { kind: "ambiguous"; candidates: Candidate[] } | { kind: "unmatched"; candidates: Candidate[] };

/**
 * What an import row means among the titles whose folded name or original
 * name is one of the row's (ids were tried before): the row's type first when
 * it has one; then the same year, then a year either side (release years
 * differ by country). One title: matched. Several equally good: ambiguous, the
 * member chooses on the review screen (never a silent guess by popularity).
 * None in the years: unmatched, with the same-name titles as suggestions.
 */
export function resolveByName(entry: Pick<ImportEntry, "year" | "type">, candidates: readonly Candidate[]): Resolution {
  const typed = entry.type ? candidates.filter((c) => c.type === entry.type) : [];
  const pool = typed.length ? typed : [...candidates];
  const byPopularity = (list: Candidate[]) => [...list].sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0));
  const pick = (list: Candidate[]): Resolution | null => (list.length === 1 ? { kind: "matched", title: list[0]! } : list.length > 1 ? { kind: "ambiguous", candidates: byPopularity(list) } : null);
  if (entry.year === null) return pick(pool) ?? { kind: "unmatched", candidates: [] };
  return (
    pick(pool.filter((c) => c.year === entry.year)) ??
    pick(pool.filter((c) => c.year !== null && Math.abs(c.year - entry.year!) === 1)) ?? { kind: "unmatched", candidates: byPopularity(pool).slice(0, 5) }
  );
}
