import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/**
 * The database as domain code sees it: any drizzle SQLite database that runs
 * asynchronously, so the same queries work on D1 (in the Worker) and on libSQL
 * (Node scripts, or a deployment outside Cloudflare).
 */
export type Database = BaseSQLiteDatabase<"async", unknown, typeof schema> & {
  /** All statements commit together or not at all (D1 has no interactive transactions). */
  batch<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
};

/**
 * A D1 database bound to a Sessions API session. Reads may be served by a
 * read replica no older than `bookmark`; `getBookmark()` returns the position
 * to remember so the visitor's next request sees their own writes.
 */
export function openD1(binding: D1Database, bookmark: string | null) {
  const session =
    typeof binding.withSession === "function"
      ? binding.withSession(bookmark ?? "first-unconstrained")
      : null;
  // drizzle only calls prepare() and batch(), which a D1 session also has.
  const db = drizzle((session ?? binding) as D1Database, { schema });
  return {
    db: db as unknown as Database,
    getBookmark: () => session?.getBookmark() ?? null,
  };
}

export { schema };
