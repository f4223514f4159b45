import type { ImportData } from "./formats";

/** What an import added: per kind, rows added of rows read; lists created; titles no row matched (api/v1's answer). */
export interface ImportReport {
  jobId: number;
  source: ImportData["source"];
  ratings: { matched: number; total: number };
  watchlist: { matched: number; total: number };
  watched: { matched: number; total: number };
  reviews: { matched: number; total: number };
  lists: { name: string; id: number; matched: number; total: number }[];
  unmatched: { file: string; line: number; name: string; year: number | null }[];
  unmatchedCount: number;
}
