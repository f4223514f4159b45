import { entityKind, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { d1ClientOf, type Database } from "./client.server";

/**
 * Reads that go to the database in one round trip (decision 045): every D1
 * call is a round trip, and a page's reads made one after another (or side
 * by side, which D1 still answers one by one) cost the Worker a call each.
 * Raw SQL is welcome beside query builders: drizzle's D1 batch binds a raw
 * statement's parameters through a prepared statement it does not make for
 * raw SQL, so on D1 each raw read is handed over with its own. On libSQL
 * (Node scripts, deployments off Cloudflare) drizzle's batch takes raw SQL as
 * it is. A batch is one transaction; for reads that only means one snapshot.
 */
export function batchReads<T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(db: Database, items: T) {
  const client = d1ClientOf(db);
  if (!client) return db.batch(items);
  const prepare = client.prepare.bind(client);
  const ready = items.map((item) => {
    const raw = item as unknown as RawRead;
    if (!isRaw(raw)) return item;
    const query = raw.getQuery();
    const stmt = prepare(query.sql);
    // What drizzle's D1 session reads from a prepared query in a batch: the statement, its query and how to map the result.
    return { _prepare: () => ({ stmt, getQuery: () => query, mapResult: (result: unknown, fromBatch?: boolean) => raw.mapResult(result, fromBatch) }) };
  });
  return db.batch(ready as unknown as T);
}

/** A read `db.all(sql...)` made: drizzle's SQLiteRaw, whose _prepare() returns itself (no statement). */
interface RawRead {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, fromBatch?: boolean): unknown;
  _prepare(): unknown;
}

function isRaw(item: RawRead): boolean {
  return (item.constructor as { [entityKind]?: string } | undefined)?.[entityKind] === "SQLiteRaw";
}

/** Raw SELECTs as rows, in one round trip. */
export async function allInOneTrip<R>(db: Database, statements: SQL[]): Promise<R[][]> {
  if (statements.length === 0) return [];
  const reads = statements.map((statement) => db.all<R>(statement)) as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
  return (await batchReads(db, reads)) as unknown as R[][];
}
