import type Libsql from "libsql";

/**
 * A bulk load into a migrated SQLite file (scripts/seed-scale.ts, decision
 * 026 "Scale"): the secondary indexes and triggers of the tables being
 * filled are dropped before the rows go in and made again afterwards from
 * their own SQL as sqlite_master holds it, so the schema ends exactly as the
 * migrations left it (compare `schemaSnapshot` before and after). Building
 * an index once over sorted keys is much cheaper than updating it per row,
 * and an FTS index built once with FTS5's 'rebuild' than a trigger per row.
 */
type Db = InstanceType<typeof Libsql>;

export interface SchemaObject {
  type: "index" | "trigger";
  name: string;
  sql: string;
}

/** Every object of the schema with its exact SQL text, in a stable order (rowids and root pages left out). */
export function schemaSnapshot(db: Db): string {
  return JSON.stringify(db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all());
}

/**
 * Drops the secondary indexes and triggers of `tables` and returns them
 * with their SQL, in creation order. Constraint indexes (primary keys,
 * UNIQUE columns: no SQL of their own) stay, so they are still enforced
 * while loading; a UNIQUE index made afterwards fails on a duplicate.
 */
export function dropForBulkLoad(db: Db, tables: readonly string[]): SchemaObject[] {
  const objects = db
    .prepare(`SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => "?").join(", ")}) ORDER BY rowid`)
    .all(...tables) as SchemaObject[];
  db.exec("BEGIN");
  for (const object of objects) db.exec(`DROP ${object.type === "index" ? "INDEX" : "TRIGGER"} "${object.name.replace(/"/g, '""')}"`);
  db.exec("COMMIT");
  return objects;
}

/** Makes the dropped indexes, then the triggers, again from their own SQL, in one transaction. */
export function restoreAfterBulkLoad(db: Db, objects: readonly SchemaObject[]) {
  db.exec("BEGIN");
  try {
    for (const object of objects.filter((o) => o.type === "index")) db.exec(object.sql);
    for (const object of objects.filter((o) => o.type === "trigger")) db.exec(object.sql);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
