import type { ImportData } from "./formats";

/** What an import did: per kind, rows matched of rows read; lists created; rows no title matched. */
export interface ImportReport {
  source: ImportData["source"];
  ratings: { matched: number; total: number };
  watchlist: { matched: number; total: number };
  watched: { matched: number; total: number };
  lists: { name: string; id: number; matched: number; total: number }[];
  unmatched: { file: string; line: number; name: string; year: number | null }[];
  unmatchedCount: number;
}
