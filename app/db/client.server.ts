import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { createTableRelationsHelpers, extractTablesRelationalConfig, type RelationalSchemaConfig, type TablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect, type BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./tables";

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
 * drizzle() derives the relational config from the schema on every call,
 * running every table's index builders: about a tenth of a cached guest
 * page's CPU when done per request (decision 018). It depends only on the
 * schema, so each isolate derives it once and every database shares it
 * (drizzle only reads it).
 */
let relationalSchema: RelationalSchemaConfig<TablesRelationalConfig> | null = null;
function sharedRelationalSchema() {
  if (!relationalSchema) {
    const { tables, tableNamesMap } = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relationalSchema = { fullSchema: schema, schema: tables, tableNamesMap };
  }
  return relationalSchema;
}

/** What drizzle(client, { schema }) from drizzle-orm/d1 builds, with the shared relational config. */
function drizzleD1(client: D1Database): Database {
  const dialect = new SQLiteAsyncDialect();
  const relational = sharedRelationalSchema();
  const session = new SQLiteD1Session(client, dialect, relational, {});
  const db = new DrizzleD1Database("async", dialect, session, relational) as DrizzleD1Database & { $client: D1Database };
  db.$client = client;
  return db as unknown as Database;
}

/**
 * A database that is built on first use. The root middleware gives every
 * request one, but a guest page served from the page cache, or a request
 * answered from the per-isolate settings caches, never touches it: it then
 * costs neither the D1 session nor the drizzle instance.
 */
function lazyDatabase(open: () => Database): Database {
  let real: Database | null = null;
  const target = () => (real ??= open());
  return new Proxy({} as Database, {
    get(_, property) {
      const db = target();
      const value = Reflect.get(db, property, db);
      // Methods run on the real database; the constructor stays itself (drizzle's is() reads its entity kind).
      return typeof value === "function" && property !== "constructor" ? value.bind(db) : value;
    },
    has: (_, property) => Reflect.has(target(), property),
    set: (_, property, value) => Reflect.set(target(), property, value),
  });
}

/**
 * A D1 database bound to a Sessions API session. Reads may be served by a
 * read replica no older than `bookmark`; `getBookmark()` returns the position
 * to remember so the visitor's next request sees their own writes (null when
 * the request never used the database). Nothing is opened until the first query.
 */
export function openD1(binding: D1Database, bookmark: string | null) {
  let session: D1DatabaseSession | null = null;
  const db = lazyDatabase(() => {
    if (typeof binding.withSession === "function") session = binding.withSession(bookmark ?? "first-unconstrained");
    // drizzle only calls prepare() and batch(), which a D1 session also has.
    return drizzleD1((session ?? binding) as D1Database);
  });
  return {
    db,
    getBookmark: () => (session as D1DatabaseSession | null)?.getBookmark() ?? null,
  };
}

/**
 * A database that only builds SQL (preparedRead's templates, decision 045):
 * its client prepares nothing and runs nothing, so building a template sends
 * no statement to D1.
 */
let sqlBuilder: Database | null = null;
export function sqlOnlyDatabase(): Database {
  if (!sqlBuilder) {
    const refuse = () => {
      throw new Error("sqlOnlyDatabase builds SQL only; run statements on the request's database");
    };
    const statement = { bind: refuse, all: refuse, raw: refuse, run: refuse, first: refuse };
    sqlBuilder = drizzleD1({ prepare: () => statement, batch: refuse } as unknown as D1Database);
  }
  return sqlBuilder;
}

/** The D1 binding (or session) under a database, or null on libSQL (Node scripts, deployments off Cloudflare). */
export function d1ClientOf(db: Database): Pick<D1Database, "prepare"> | null {
  const client = (db as unknown as { $client?: { prepare?: unknown } }).$client;
  return typeof client?.prepare === "function" ? (client as Pick<D1Database, "prepare">) : null;
}

export { schema };
