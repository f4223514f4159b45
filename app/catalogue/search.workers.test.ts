import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { people, titles } from "./tables";
import { searchCatalogue } from "./search.server";
import { slugify } from "../http/slug";

const { db } = openD1(env.DB, null);

function title(name: string, popularity: number, extra: Partial<typeof titles.$inferInsert> = {}) {
  return { type: "movie" as const, name, slug: slugify(name), popularity, ...extra };
}

beforeAll(async () => {
  await db.delete(titles);
  await db.delete(people);
  // One row per statement: D1 allows 100 bound parameters per statement.
  const rows = [
    title("The Matrix", 90, { year: 1999 }),
    title("The Matrix Reloaded", 70, { year: 2003 }),
    title("Matrix", 5),
    title("Mathilde", 40),
    title("Amélie", 60, { originalName: "Le Fabuleux Destin d'Amélie Poulain" }),
    title("Star Wars", 95),
    title("Wars of the Stars", 10),
    title("Near Dark", 30),
    title("And Now for Something Completely Different", 20),
    title("Breaking Bad", 99, { type: "series" }),
    title("Bad Boys", 50),
  ];
  for (const row of rows) await db.insert(titles).values(row);
  await db.insert(people).values([
    { name: "Keanu Reeves", slug: "keanu-reeves", popularity: 80, knownFor: "Acting" },
    { name: "Carrie-Anne Moss", slug: "carrie-anne-moss", popularity: 60, knownFor: "Acting" },
    { name: "Mathieu Amalric", slug: "mathieu-amalric", popularity: 20, knownFor: "Acting" },
  ]);
});

describe("searchCatalogue", () => {
  it("matches word prefixes in titles and people", async () => {
    const result = await searchCatalogue(db, "mat");
    expect(result.titles.map((t) => t.name)).toEqual(expect.arrayContaining(["The Matrix", "The Matrix Reloaded", "Matrix", "Mathilde"]));
    expect(result.people.map((p) => p.name)).toEqual(["Mathieu Amalric"]);
    expect(result.titles[0]).toMatchObject({ kind: "title", type: "movie", slug: expect.any(String) });
  });

  it("ranks an exact name first, then names starting with the query, then popularity", async () => {
    const result = await searchCatalogue(db, "matrix");
    expect(result.titles.map((t) => t.name)).toEqual(["Matrix", "The Matrix", "The Matrix Reloaded"]);
    const stars = await searchCatalogue(db, "star");
    expect(stars.titles.map((t) => t.name)).toEqual(["Star Wars", "Wars of the Stars"]);
    const bad = await searchCatalogue(db, "bad");
    expect(bad.titles.map((t) => t.name)).toEqual(["Bad Boys", "Breaking Bad"]);
  });

  it("requires every word, in any order, and searches original names without accents", async () => {
    // "Wars of the Stars" starts with the words as typed ("star" as a prefix of "stars"); "Star Wars" holds them in another order.
    expect((await searchCatalogue(db, "wars star")).titles.map((t) => t.name)).toEqual(["Wars of the Stars", "Star Wars"]);
    expect((await searchCatalogue(db, "reloaded matrix")).titles.map((t) => t.name)).toEqual(["The Matrix Reloaded"]);
    // No title holds every word: the best partial matches (an extra word is forgiven).
    expect((await searchCatalogue(db, "reloaded matrix sequel")).titles.map((t) => t.name)).toEqual(["The Matrix Reloaded", "The Matrix", "Matrix"]);
    expect((await searchCatalogue(db, "amelie")).titles.map((t) => t.name)).toEqual(["Amélie"]);
    expect((await searchCatalogue(db, "fabuleux poulain")).titles.map((t) => t.name)).toEqual(["Amélie"]);
    expect((await searchCatalogue(db, "carrie anne")).people.map((p) => p.name)).toEqual(["Carrie-Anne Moss"]);
  });

  it("treats FTS syntax as text and never throws", async () => {
    const nasty = [
      '"',
      '"matrix',
      "matrix*",
      "*",
      "NEAR",
      "NEAR(matrix reloaded)",
      "matrix OR star",
      "matrix AND",
      "NOT matrix",
      "(matrix",
      "matrix)",
      "^matrix",
      "name:matrix",
      "matrix -reloaded",
      "{name}: x",
      "'; DROP TABLE titles; --",
      "\u0000\u0001",
      "a".repeat(5000),
      "🎬🎥",
    ];
    for (const query of nasty) {
      await expect(searchCatalogue(db, query), query).resolves.toMatchObject({ titles: expect.any(Array), people: expect.any(Array) });
    }
    expect((await searchCatalogue(db, '"matrix')).titles.length).toBe(3);
    expect((await searchCatalogue(db, "NEAR")).titles.map((t) => t.name)).toEqual(["Near Dark"]);
    expect((await searchCatalogue(db, "and")).titles.map((t) => t.name)).toEqual(["And Now for Something Completely Different"]);
    // OR is a word here, not an operator: nothing has "or" in its name, so the
    // best partial matches come (an extra word is forgiven), never an FTS union.
    const or = await searchCatalogue(db, "matrix OR star");
    expect(or.titles.slice(0, 3).map((t) => t.name)).toEqual(["Star Wars", "The Matrix", "The Matrix Reloaded"]);
    expect((await searchCatalogue(db, "matrix -reloaded")).titles.map((t) => t.name)).toEqual(["The Matrix Reloaded"]);
    const count = await env.DB.prepare("SELECT count(*) AS count FROM titles").first<number>("count");
    expect(count).toBe(11);
  });

  it("returns an empty result for empty, blank or punctuation-only queries", async () => {
    for (const query of ["", "   ", "!!!", "()", '""', null, undefined, 42, { a: 1 }]) {
      expect(await searchCatalogue(db, query)).toEqual({ query: "", titles: [], people: [], moreTitles: false, morePeople: false, didYouMean: null });
    }
    expect(await searchCatalogue(db, "zzzzqqq")).toMatchObject({ titles: [], people: [] });
  });

  it("filters by kind, limits and pages", async () => {
    expect((await searchCatalogue(db, "b", { types: ["series"] })).titles.map((t) => t.name)).toEqual(["Breaking Bad"]);
    expect((await searchCatalogue(db, "ma", { types: ["person"] })).titles).toEqual([]);
    const first = await searchCatalogue(db, "the", { limit: 2 });
    expect(first.titles).toHaveLength(2);
    expect(first.moreTitles).toBe(true);
    const second = await searchCatalogue(db, "the", { limit: 2, offset: 2 });
    expect(second.titles.map((t) => t.id)).not.toContain(first.titles[0].id);
    expect((await searchCatalogue(db, "the", { limit: 10_000 })).titles.length).toBeLessThanOrEqual(50);
    expect((await searchCatalogue(db, "the", { types: ["bogus" as never] })).titles).toEqual([]);
  });

  it("follows popularity changes (the index is kept in popularity order)", async () => {
    // A prefix: every match is of the same kind, so popularity decides.
    const names = async () => (await searchCatalogue(db, "mat")).titles.map((t) => t.name);
    expect(await names()).toEqual(["The Matrix", "The Matrix Reloaded", "Mathilde", "Matrix"]);
    await db.update(titles).set({ popularity: 95 }).where(eq(titles.name, "The Matrix Reloaded"));
    expect(await names()).toEqual(["The Matrix Reloaded", "The Matrix", "Mathilde", "Matrix"]);
    await db.update(titles).set({ popularity: 70 }).where(eq(titles.name, "The Matrix Reloaded"));
    expect(await names()).toEqual(["The Matrix", "The Matrix Reloaded", "Mathilde", "Matrix"]);
  });

  it("finds an exact name as typed, punctuation included", async () => {
    expect((await searchCatalogue(db, "Carrie-Anne Moss")).people.map((p) => p.name)).toEqual(["Carrie-Anne Moss"]);
    expect((await searchCatalogue(db, "  the   matrix ")).titles[0].name).toBe("The Matrix");
  });

  it("follows renames and deletions (triggers keep the index in sync)", async () => {
    const [row] = await db.select({ id: titles.id }).from(titles).where(eq(titles.name, "Mathilde"));
    await db.update(titles).set({ name: "Zathilde" }).where(eq(titles.id, row.id));
    // One letter apart: the old name now finds the new one as a typo of it, and says so.
    const old = await searchCatalogue(db, "mathilde");
    expect(old.titles.map((t) => t.id)).toEqual([row.id]);
    expect(old.didYouMean).toBe("zathilde");
    await db.update(titles).set({ name: "Quorbl" }).where(eq(titles.id, row.id));
    expect((await searchCatalogue(db, "mathilde")).titles).toEqual([]);
    expect((await searchCatalogue(db, "quorb")).titles.map((t) => t.id)).toEqual([row.id]);
    await db.update(titles).set({ name: "Zathilde" }).where(eq(titles.id, row.id));
    expect((await searchCatalogue(db, "zathil")).titles.map((t) => t.id)).toEqual([row.id]);
    // Counter updates do not touch the index.
    await db.update(titles).set({ views: 5 }).where(eq(titles.id, row.id));
    expect((await searchCatalogue(db, "zathil")).titles.map((t) => t.id)).toEqual([row.id]);
    await db.delete(titles).where(eq(titles.id, row.id));
    expect((await searchCatalogue(db, "zathil")).titles).toEqual([]);
    await env.DB.prepare("INSERT INTO titles_fts(titles_fts) VALUES('integrity-check')").run();
    await env.DB.prepare("INSERT INTO people_fts(people_fts) VALUES('integrity-check')").run();
  });
});
