import { fillPlaceholders, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { d1ClientOf, sqlOnlyDatabase, type Database } from "./client.server";

/** What drizzle's D1 batch reads from an item's `_prepare()` (drizzle-orm/d1/session.js). */
interface PreparedForBatch {
  stmt: unknown;
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, fromBatch?: boolean): unknown;
}

/**
 * A read whose SQL is built once per isolate (decision 045). drizzle builds a
 * query's SQL from its builder on every request (walking the builder and its
 * columns, about a tenth of an uncached title page's CPU in the isolate); the
 * SQL of a page's reads never changes, only their values. `build` is called
 * once with placeholders standing for `args` (drizzle's `sql.placeholder`), so
 * it may use them only as SQL values (in conditions, `sql` templates, limits),
 * never in its own logic; each call then binds the request's values to that
 * SQL and maps the rows as the builder would.
 *
 * The result is for `db.batch` (or `batchReads`) only. On libSQL (Node
 * scripts, deployments off Cloudflare) it is the builder itself, built with
 * the values.
 */
export function preparedRead<A extends Record<string, unknown>, Q extends BatchItem<"sqlite">>(build: (db: Database, args: A) => Q): (db: Database, args: A) => Q {
  let template: { sql: string; params: unknown[]; mapResult: PreparedForBatch["mapResult"] } | null = null;
  return (db, args) => {
    const client = d1ClientOf(db);
    if (!client) return build(db, args);
    if (!template) {
      const placeholders = new Proxy({} as A, { get: (_, name) => sql.placeholder(String(name)) });
      const prepared = (build(sqlOnlyDatabase(), placeholders) as unknown as { _prepare(): PreparedForBatch })._prepare();
      const query = prepared.getQuery();
      template = { sql: query.sql, params: query.params, mapResult: (result, fromBatch) => prepared.mapResult(result, fromBatch) };
    }
    const { sql: text, params, mapResult } = template;
    const bound = fillPlaceholders(params, args);
    const stmt = client.prepare(text);
    const item: { _prepare(): PreparedForBatch } = { _prepare: () => ({ stmt, getQuery: () => ({ sql: text, params: bound }), mapResult }) };
    return item as unknown as Q;
  };
}
