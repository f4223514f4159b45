import type { Database } from "~/db/client.server";
import { TmdbError, type DiscoverParams, type TmdbClient } from "./client.server";
import { importMovie, importSeries, type ImportOptions } from "./import.server";

/**
 * One page of a bulk import from TMDB's discover: the page's 20 items, each
 * imported on its own (one item's failure does not stop the page; a deleted
 * item is counted as failed and not retried). Shared by the queue consumer
 * and `npm run tmdb:import -- discover`.
 */
export async function importDiscoverPage(db: Database, client: TmdbClient, options: ImportOptions, mediaType: "movie" | "tv", params: DiscoverParams, page: number) {
  const list = await client.discover(mediaType, params, page);
  let imported = 0;
  const failures: { id: number; message: string }[] = [];
  const names: string[] = [];
  for (const item of list.results) {
    try {
      const result = mediaType === "movie" ? await importMovie(db, client, item.id, options) : await importSeries(db, client, item.id, options);
      imported += 1;
      names.push(result.name);
    } catch (error) {
      // Rate limits and outages after every retry stop the page (it is retried as a whole); an item TMDB cannot give is skipped.
      if (error instanceof TmdbError && (error.kind === "rate-limited" || error.kind === "network" || error.kind === "unauthorized")) throw error;
      failures.push({ id: item.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { totalPages: list.total_pages, items: list.results.length, imported, failures, names };
}
