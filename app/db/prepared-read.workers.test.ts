import { env } from "cloudflare:workers";
import { and, asc, eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { openD1 } from "./client.server";
import { preparedRead } from "./prepared-read.server";

const shelf = sqliteTable("prepared_read_shelf", {
  id: integer("id").primaryKey(),
  shelf: text("shelf").notNull(),
  name: text("name").notNull(),
  tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
  addedAt: integer("added_at", { mode: "timestamp" }).notNull(),
});

beforeAll(async () => {
  await env.DB.exec("CREATE TABLE IF NOT EXISTS prepared_read_shelf (id INTEGER PRIMARY KEY, shelf TEXT NOT NULL, name TEXT NOT NULL, tags TEXT NOT NULL, added_at INTEGER NOT NULL)");
  const { db } = openD1(env.DB, null);
  await db
    .insert(shelf)
    .values([
      { id: 1, shelf: "a", name: "Harbour Lights", tags: ["quiet"], addedAt: new Date(1_700_000_000_000) },
      { id: 2, shelf: "a", name: "Paper Kites", tags: [], addedAt: new Date(1_700_000_100_000) },
      { id: 3, shelf: "b", name: "Glass Orchard", tags: ["loud", "long"], addedAt: new Date(1_700_000_200_000) },
    ])
    .onConflictDoNothing();
});

describe("preparedRead (decision 045)", () => {
  it("builds the SQL once, binds each call's values and maps rows as the builder does, without an extra statement", async () => {
    const build = vi.fn((db: Parameters<Parameters<typeof preparedRead>[0]>[0], { name, upTo, from }: { name: string; upTo: number; from: string }) =>
      db
        .select({ id: shelf.id, name: shelf.name, tags: shelf.tags, addedAt: shelf.addedAt, upper: sql<string>`upper(${shelf.name})`.mapWith(String) })
        .from(shelf)
        .where(and(eq(shelf.shelf, from), sql`${shelf.name} <> ${name}`))
        .orderBy(asc(shelf.id))
        .limit(upTo),
    );
    const read = preparedRead(build);
    const recorder = countingD1(env.DB);
    const { db } = openD1(recorder.env.DB, null);

    const [first, second, third] = await db.batch([read(db, { from: "a", name: "", upTo: 5 }), read(db, { from: "a", name: "Harbour Lights", upTo: 5 }), read(db, { from: "b", name: "", upTo: 1 })]);
    const [again] = await db.batch([read(db, { from: "b", name: "", upTo: 5 })]);

    expect(build).toHaveBeenCalledTimes(1);
    expect(first).toEqual([
      { id: 1, name: "Harbour Lights", tags: ["quiet"], addedAt: new Date(1_700_000_000_000), upper: "HARBOUR LIGHTS" },
      { id: 2, name: "Paper Kites", tags: [], addedAt: new Date(1_700_000_100_000), upper: "PAPER KITES" },
    ]);
    expect(second.map((row) => row.name)).toEqual(["Paper Kites"]);
    expect(third).toEqual([{ id: 3, name: "Glass Orchard", tags: ["loud", "long"], addedAt: new Date(1_700_000_200_000), upper: "GLASS ORCHARD" }]);
    expect(again.map((row) => row.id)).toEqual([3]);
    // Four reads in two batches: four statements, two round trips, nothing prepared for the template.
    expect(recorder.counts.statements).toBe(4);
    expect(recorder.roundTrips()).toBe(2);
    expect(recorder.recorded.map((statement) => statement.params)).toEqual([
      ["a", "", 5],
      ["a", "Harbour Lights", 5],
      ["b", "", 1],
      ["b", "", 5],
    ]);
  });

  it("refuses a call without one of the values the SQL needs", () => {
    const read = preparedRead((db, { id }: { id: number }) => db.select({ id: shelf.id }).from(shelf).where(eq(shelf.id, id)));
    const { db } = openD1(env.DB, null);
    expect(() => read(db, {} as { id: number })).toThrow(/id/);
  });
});
