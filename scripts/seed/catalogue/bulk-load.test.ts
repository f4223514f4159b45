import Libsql from "libsql";
import { describe, expect, it } from "vitest";
import { dropForBulkLoad, restoreAfterBulkLoad, schemaSnapshot } from "./bulk-load";

/** A small schema shaped like the catalogue's: indexes, a UNIQUE constraint, an external-content FTS index kept by triggers. */
function migrated() {
  const db = new Libsql(":memory:");
  db.exec(`
    CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT UNIQUE, popularity REAL NOT NULL DEFAULT 0);
    CREATE INDEX items_popularity_idx ON items (popularity);
    CREATE UNIQUE INDEX items_name_lower_idx ON items (lower("name")) WHERE popularity >= 0;
    CREATE VIRTUAL TABLE items_fts USING fts5(name, content='items', content_rowid='id', prefix='1 2 3');
    CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
      INSERT INTO items_fts(rowid, name) VALUES (new.id, new.name);
    END;
    CREATE TABLE other (id INTEGER PRIMARY KEY, items_id INTEGER);
    CREATE INDEX other_items_idx ON other (items_id);
  `);
  return db;
}

const count = (db: InstanceType<typeof Libsql>, sql: string) => (db.prepare(sql).get() as { n: number }).n;

describe("bulk load: indexes and triggers after the rows", () => {
  it("drops only the loaded tables' own indexes and triggers, and restores the schema exactly", () => {
    const db = migrated();
    const before = schemaSnapshot(db);
    const dropped = dropForBulkLoad(db, ["items"]);
    expect(dropped.map((o) => o.name)).toEqual(["items_popularity_idx", "items_name_lower_idx", "items_fts_insert"]);
    expect(schemaSnapshot(db)).not.toEqual(before);
    // The UNIQUE constraint's own index stays and still refuses a duplicate during the load.
    const insert = db.prepare("INSERT INTO items (id, name, code, popularity) VALUES (?, ?, ?, ?)");
    for (let i = 1; i <= 200; i++) insert.run(i, `Harbour ${i}`, `c${i}`, i / 10);
    expect(() => insert.run(201, "Other", "c1", 1)).toThrow(/UNIQUE/);
    // No trigger while loading: the FTS index is empty until it is rebuilt.
    expect(count(db, "SELECT count(*) AS n FROM items_fts WHERE items_fts MATCH 'harbour'")).toBe(0);
    restoreAfterBulkLoad(db, dropped);
    db.exec("INSERT INTO items_fts(items_fts) VALUES('rebuild')");
    expect(schemaSnapshot(db)).toEqual(before);
    expect(count(db, "SELECT count(*) AS n FROM items_fts WHERE items_fts MATCH 'harbour'")).toBe(200);
    db.exec("INSERT INTO items_fts(items_fts) VALUES('integrity-check')");
    // The restored trigger keeps FTS from now on, and the restored indexes are used.
    insert.run(300, "Lighthouse", "c300", 1);
    expect(db.prepare("SELECT rowid FROM items_fts WHERE items_fts MATCH 'light*'").all()).toEqual([{ rowid: 300 }]);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM items ORDER BY popularity LIMIT 5").all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join("\n")).toContain("items_popularity_idx");
  });

  it("a restored UNIQUE index fails on duplicates the load let in, and leaves the index out", () => {
    const db = migrated();
    const dropped = dropForBulkLoad(db, ["items"]);
    db.exec("INSERT INTO items (id, name, code) VALUES (1, 'Same', 'a'), (2, 'same', 'b')");
    expect(() => restoreAfterBulkLoad(db, dropped)).toThrow(/UNIQUE/);
    expect(count(db, "SELECT count(*) AS n FROM sqlite_master WHERE name = 'items_popularity_idx'")).toBe(0);
  });
});
