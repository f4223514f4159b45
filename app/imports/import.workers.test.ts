import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/request/viewer";
import { titles } from "~/catalogue/tables";
import { titleAliases } from "~/catalogue/search.tables";
import { slugify } from "~/http/slug";
import { openD1 } from "~/db/client.server";
import { ImportFileError, readImportFile } from "./formats";
import { findJob, prepareImport, readPlan, runImportNow, saveChoices, startImport, undoImport, type ImportStore } from "./import.server";

/**
 * Imports on real D1 inside workerd: matching (ids, folded names, original
 * names, year ±1), every date kept, writes in chunks under D1's 100 bound
 * parameters, stored counts exact (also with two imports at once), the same
 * file twice changing nothing, undo removing exactly what was added, and the
 * lists quota checked before any write. Every title here is invented.
 */
const { db } = openD1(env.DB, null);
const BASE = 940_000;
const MANY = 160;

/** The plan and chunk store (R2 in the Worker); a Map here. */
function memoryStore(): ImportStore {
  const files = new Map<string, string>();
  return {
    get: async (key) => (files.has(key) ? { text: async () => files.get(key)! } : null),
    put: async (key, value) => void files.set(key, value),
    delete: async (keys) => void (Array.isArray(keys) ? keys : [keys]).forEach((k) => files.delete(k)),
  };
}

let counter = 0;
async function createUser() {
  counter += 1;
  const email = `import-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  return (await db.get<{ id: number }>(sql`INSERT INTO users (email, first_name) VALUES (${email}, 'Test') RETURNING id`))!.id;
}

const viewer = (userId: number, lists: number | null = 10): Viewer => ({
  userId,
  roleIds: [],
  permissions: new Map([
    ["watchlist.use", []],
    ["ratings.create", []],
    ["lists.create", lists === null ? [] : [{ name: "count", value: lists }]],
  ]),
  isSubscribed: false,
});

const csv = (rows: (string | number)[][]) => `${rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(",")).join("\n")}\n`;

beforeAll(async () => {
  const rows: (typeof titles.$inferInsert)[] = Array.from({ length: MANY }, (_, i) => ({
    id: BASE + i,
    type: "movie" as const,
    name: `Importable Reel ${i}`,
    slug: `importable-reel-${i}`,
    year: 2000 + (i % 20),
    popularity: i,
  }));
  // Two titles of one name: the year decides; a series and a movie of one name and year: the type decides.
  rows.push({ id: BASE + 500, type: "movie", name: "Twin Harbour", slug: "twin-harbour", year: 1980, popularity: 1 });
  rows.push({ id: BASE + 501, type: "movie", name: "Twin Harbour", slug: "twin-harbour", year: 2010, popularity: 1 });
  rows.push({ id: BASE + 502, type: "series", name: "Quiet Lanterns", slug: "quiet-lanterns", year: 2015, popularity: 1 });
  rows.push({ id: BASE + 503, type: "movie", name: "Quiet Lanterns", slug: "quiet-lanterns", year: 2015, popularity: 1 });
  // Accents, an original name and ids (fictional).
  rows.push({ id: BASE + 504, type: "movie", name: "Le Destin de Mélisande Vairon", slug: "le-destin-de-melisande-vairon", year: 2003, popularity: 1 });
  rows.push({ id: BASE + 505, type: "movie", name: "Émile", slug: "emile", originalName: "Émile: Le Gardien", year: 1996, popularity: 1, imdbId: "tt9400505", tmdbId: 9400505 });
  rows.push({ id: BASE + 506, type: "movie", name: "Same Name Twice", slug: "same-name-twice", year: 2012, popularity: 5 });
  rows.push({ id: BASE + 507, type: "movie", name: "Same Name Twice", slug: "same-name-twice", year: 2012, popularity: 2 });
  // Alternative titles (fictional): a release title, and a name another title also carries as its own.
  rows.push({ id: BASE + 508, type: "movie", name: "Fe7ther", slug: "fe7ther", year: 1999, popularity: 3 });
  rows.push({ id: BASE + 509, type: "movie", name: "Die Gläserne Brücke", slug: "die-glaserne-brucke", year: 2008, popularity: 2 });
  rows.push({ id: BASE + 510, type: "movie", name: "Feather", slug: "feather", year: 1970, popularity: 9 });
  for (let i = 0; i < rows.length; i += 5) await db.insert(titles).values(rows.slice(i, i + 5));
  await db.insert(titleAliases).values([
    { titleId: BASE + 508, name: "Feather", kind: "alternative", nameKey: "feather" },
    { titleId: BASE + 509, name: "The Glass Bridge: Ünder Ice", kind: "translation", language: "en", nameKey: slugify("The Glass Bridge: Ünder Ice", "") },
  ]);
});

function letterboxdZip(count: number, stars = "4") {
  const films = Array.from({ length: count }, (_, i) => [`Importable Reel ${i}`, 2000 + (i % 20)] as const);
  return zipSync({
    "ratings.csv": strToU8(
      csv([
        ["Date", "Name", "Year", "Letterboxd URI", "Rating"],
        ...films.map(([n, y], i) => [`2019-03-${String((i % 28) + 1).padStart(2, "0")}`, n, y, "x", stars]),
        ["2019-01-01", "Twin Harbour", 2011, "x", "2.5"],
        ["2019-01-01", "Nowhere Reel", 1999, "x", "1"],
      ]),
    ),
    "watchlist.csv": strToU8(csv([["Date", "Name", "Year", "Letterboxd URI"], ...films.map(([n, y]) => ["2018-05-06", n, y, "x"])])),
    "diary.csv": strToU8(
      csv([
        ["Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Tags", "Watched Date"],
        ...films.map(([n, y]) => ["2019-02-03", n, y, "x", stars, "", "", "2019-02-02"]),
        ["2019-02-10", "Importable Reel 0", 2000, "x", "", "Yes", "", "2019-02-09"],
      ]),
    ),
    "lists/big.csv": strToU8(
      "Letterboxd list export v7\n" +
        csv([
          ["Date", "Name", "Tags", "URL", "Description"],
          ["2017-01-01", "Big list", "", "x", "All of them"],
        ]) +
        "\n" +
        csv([["Position", "Name", "Year", "URL", "Description"], ...films.map(([n, y], i) => [i + 1, n, y, "x", `note ${i}`])]),
    ),
  });
}

async function importNow(userId: number, name: string, bytes: Uint8Array, store = memoryStore(), v = viewer(userId)) {
  const jobId = await prepareImport(db, store, v, name, readImportFile(name, bytes));
  const job = (await findJob(db, userId, jobId))!;
  await startImport(db, store, null, v, job, { reviewsPrivate: true });
  await runImportNow(db, store, jobId);
  return { jobId, store };
}

/** Every library row of a member, as comparable values (dates included). */
async function snapshot(userId: number) {
  const [r, l, w, v, L, i, p] = await Promise.all([
    db.all(sql`SELECT title_id, rating, created_at, updated_at FROM ratings WHERE user_id = ${userId} ORDER BY title_id`),
    db.all(sql`SELECT title_id, created_at FROM watchlist_items WHERE user_id = ${userId} ORDER BY title_id`),
    db.all(sql`SELECT id, title_id, watched_on, watched_at FROM watch_history WHERE user_id = ${userId} ORDER BY id`),
    db.all(sql`SELECT id, title_id, body, created_at, status FROM reviews WHERE user_id = ${userId} ORDER BY id`),
    db.all(sql`SELECT id, name, items_count, description FROM lists WHERE user_id = ${userId} ORDER BY id`),
    db.all(sql`SELECT i.list_id, i.title_id, i.position, i.note FROM list_items i JOIN lists l ON l.id = i.list_id WHERE l.user_id = ${userId} ORDER BY i.id`),
    db.all(sql`SELECT ratings_count, watchlist_count, watched_count FROM library_profiles WHERE user_id = ${userId}`),
  ]);
  return { r, l, w, v, L, i, p };
}

const plan_ = async (query: string) => (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results.map((r) => r.detail).join(" | ");
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

describe("imports as jobs", () => {
  it("imports 160 films of each kind in chunks with the file's dates, counts exact; the same file again changes no row", async () => {
    const userId = await createUser();
    const { jobId } = await importNow(userId, "export.zip", letterboxdZip(MANY));
    const job = (await findJob(db, userId, jobId))!;
    expect(job.status).toBe("done");
    expect(job.summary).toMatchObject({ added: { ratings: MANY + 1, watchlist: MANY, watched: MANY + 2, lists: 1, listItems: MANY } });
    // 2011 is a year off 2010's Twin Harbour, not 1980's; its rating counts as watched on its date.
    const twin = await db.get<{ rating: number; created_at: number }>(sql`SELECT rating, created_at FROM ratings WHERE user_id = ${userId} AND title_id = ${BASE + 501}`);
    expect(twin!.rating).toBe(5);
    expect(day(twin!.created_at)).toBe("2019-01-01");
    expect(await db.all(sql`SELECT watched_on FROM watch_history WHERE user_id = ${userId} AND title_id = ${BASE + 501}`)).toEqual([{ watched_on: "2019-01-01" }]);
    // Diary dates (the rewatch too), the rating's and the watchlist's dates: never today.
    expect(await db.all(sql`SELECT watched_on FROM watch_history WHERE user_id = ${userId} AND title_id = ${BASE} ORDER BY watched_on`)).toEqual([
      { watched_on: "2019-02-02" },
      { watched_on: "2019-02-09" },
    ]);
    const first = await db.get<{ r: number; l: number }>(
      sql`SELECT (SELECT created_at FROM ratings WHERE user_id = ${userId} AND title_id = ${BASE + 2}) AS r, (SELECT created_at FROM watchlist_items WHERE user_id = ${userId} AND title_id = ${BASE + 2}) AS l`,
    );
    expect([day(first!.r), day(first!.l)]).toEqual(["2019-03-03", "2018-05-06"]);
    const profile = await db.get(sql`SELECT ratings_count, watchlist_count, watched_count FROM library_profiles WHERE user_id = ${userId}`);
    expect(profile).toEqual({ ratings_count: MANY + 1, watchlist_count: MANY, watched_count: MANY + 2 });
    const list = await db.get<{ items_count: number; last: string; created: number }>(
      sql`SELECT l.items_count, l.created_at AS created, (SELECT note FROM list_items WHERE list_id = l.id ORDER BY position DESC LIMIT 1) AS last FROM lists l WHERE l.user_id = ${userId}`,
    );
    expect(list).toMatchObject({ items_count: MANY, last: `note ${MANY - 1}` });
    expect(day(list!.created)).toBe("2017-01-01");

    const before = await snapshot(userId);
    const again = await importNow(userId, "export.zip", letterboxdZip(MANY));
    expect(await snapshot(userId)).toEqual(before);
    expect((await findJob(db, userId, again.jobId))!.summary).toMatchObject({ added: { ratings: 0, watchlist: 0, watched: 0, lists: 0, listItems: 0 } });
  });

  it("undo removes exactly what the import added; what the member had stays", async () => {
    const userId = await createUser();
    await db.run(sql`INSERT INTO ratings (user_id, title_id, rating, created_at, updated_at) VALUES (${userId}, ${BASE + 3}, 2, 1500000000, 1500000000)`);
    await db.run(sql`INSERT INTO watch_history (user_id, title_id, watched_on) VALUES (${userId}, ${BASE + 3}, '2016-06-06')`);
    await db.run(sql`INSERT INTO library_profiles (user_id, ratings_count, watched_count) VALUES (${userId}, 1, 1)`);
    const before = await snapshot(userId);
    const { jobId } = await importNow(userId, "export.zip", letterboxdZip(20));
    // The member's own rating of title 3 was kept (existing rows win).
    expect(await db.get(sql`SELECT rating FROM ratings WHERE user_id = ${userId} AND title_id = ${BASE + 3}`)).toEqual({ rating: 2 });
    await undoImport(db, (await findJob(db, userId, jobId))!);
    expect(await snapshot(userId)).toEqual(before);
    expect((await findJob(db, userId, jobId))!.status).toBe("undone");
    const wrong = await db.all(
      sql`SELECT t.id FROM titles t WHERE t.id BETWEEN ${BASE} AND ${BASE + 600} AND t.vote_count <> (SELECT count(*) FROM ratings r WHERE r.title_id = t.id AND r.episode_id IS NULL)`,
    );
    expect(wrong).toEqual([]);
  });

  it("two members importing at once leave every title's average and count equal to its votes", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await Promise.all([importNow(a, "a.zip", letterboxdZip(40, "5")), importNow(b, "b.zip", letterboxdZip(40, "1"))]);
    const wrong = await db.all(sql`
      SELECT t.id FROM titles t WHERE t.id BETWEEN ${BASE} AND ${BASE + 600}
        AND (t.vote_count <> (SELECT count(*) FROM ratings r WHERE r.title_id = t.id AND r.episode_id IS NULL)
          OR coalesce(t.rating, -1) <> coalesce((SELECT round(avg(rating), 4) FROM ratings r WHERE r.title_id = t.id AND r.episode_id IS NULL), -1))`);
    expect(wrong).toEqual([]);
  });

  it("matches ids first, then folded names and original names; ambiguous and missing titles wait for the member's choice", async () => {
    const userId = await createUser();
    const store = memoryStore();
    const file = csv([
      ["Const", "Your Rating", "Date Rated", "Title", "Original Title", "URL", "Title Type", "IMDb Rating", "Runtime (mins)", "Year", "Genres", "Num Votes", "Release Date", "Directors"],
      ["tt9400505", 9, "2015-04-05", "Emile the Keeper", "Émile: Le Gardien", "x", "Movie", 7, 90, 1996, "Drama", 10, "1996-01-01", "Nobody"],
      ["tt0000001", 8, "2015-04-06", "Melisande", "Le destin de Mélisande Vairon", "x", "Movie", 7, 90, 2004, "Drama", 10, "2004-01-01", "Nobody"],
      ["tt0000002", 7, "2015-04-07", "Quiet Lanterns", "", "x", "TV Series", 7, 50, 2015, "Drama", 10, "2015-01-01", ""],
      ["tt0000003", 6, "2015-04-08", "Same Name Twice", "", "x", "Movie", 7, 50, 2012, "Drama", 10, "2012-01-01", ""],
      ["tt0000004", 5, "2015-04-09", "Nowhere At All", "", "x", "Movie", 7, 50, 1990, "Drama", 10, "1990-01-01", ""],
    ]);
    const jobId = await prepareImport(db, store, viewer(userId), "ratings.csv", readImportFile("ratings.csv", strToU8(file)));
    const job = (await findJob(db, userId, jobId))!;
    const plan = await readPlan(store, job);
    const status = Object.fromEntries(plan.groups.map((g) => [g.name, [g.status, g.titleId]]));
    expect(status).toEqual({
      "Emile the Keeper": ["matched", BASE + 505],
      Melisande: ["matched", BASE + 504],
      "Quiet Lanterns": ["matched", BASE + 502],
      "Same Name Twice": ["ambiguous", null],
      "Nowhere At All": ["unmatched", null],
    });
    // Nothing is written before the member starts the import.
    expect(await db.get(sql`SELECT count(*) AS n FROM ratings WHERE user_id = ${userId}`)).toEqual({ n: 0 });
    const keyOf = (name: string) => plan.groups.find((g) => g.name === name)!.key;
    await saveChoices(db, store, job, { [keyOf("Same Name Twice")]: BASE + 507, [keyOf("Nowhere At All")]: BASE + 10 });
    await startImport(db, store, null, viewer(userId), (await findJob(db, userId, jobId))!, { reviewsPrivate: true });
    await runImportNow(db, store, jobId);
    const rows = await db.all<{ title_id: number; rating: number; created_at: number }>(sql`SELECT title_id, rating, created_at FROM ratings WHERE user_id = ${userId} ORDER BY rating DESC`);
    expect(rows.map((r) => [r.title_id, r.rating, day(r.created_at)])).toEqual([
      [BASE + 505, 9, "2015-04-05"],
      [BASE + 504, 8, "2015-04-06"],
      [BASE + 502, 7, "2015-04-07"],
      [BASE + 507, 6, "2015-04-08"],
      [BASE + 10, 5, "2015-04-09"],
    ]);
  });

  it("matches a row named by an alternative title (title_aliases), after ids and the title's own names, folded", async () => {
    const userId = await createUser();
    const store = memoryStore();
    const file = csv([
      ["Date", "Name", "Year", "Letterboxd URI", "Rating"],
      // "Feather" (1999) is no title's own name in that year, but Fe7ther's alternative title.
      ["2014-02-03", "Feather", 1999, "x", "4"],
      // The title's own name wins over an alias: 1970's Feather.
      ["2014-02-04", "Feather", 1970, "x", "3"],
      // Accents and punctuation folded, a year off.
      ["2014-02-05", "the glass bridge - under ice", 2009, "x", "2"],
    ]);
    const jobId = await prepareImport(db, store, viewer(userId), "ratings.csv", readImportFile("ratings.csv", strToU8(file)));
    const plan = await readPlan(store, (await findJob(db, userId, jobId))!);
    expect(plan.groups.map((g) => [g.name, g.year, g.status, g.titleId])).toEqual([
      ["Feather", 1999, "matched", BASE + 508],
      ["Feather", 1970, "matched", BASE + 510],
      ["the glass bridge - under ice", 2009, "matched", BASE + 509],
    ]);
    expect(await plan_("SELECT title_id FROM title_aliases WHERE name_key IS NOT NULL AND name_key IN ('a', 'b')")).toContain("title_aliases_name_key_idx");
  });

  it("reviews come in as the member's, with their dates and spoiler flags, private until published", async () => {
    const userId = await createUser();
    const zip = zipSync({
      "reviews.csv": strToU8(
        csv([
          ["Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Review", "Tags", "Watched Date"],
          ["2016-07-08", "Importable Reel 5", 2005, "x", "4.5", "", "(contains spoilers) The lighthouse keeper was the narrator.", "", "2016-07-07"],
          ["2016-07-09", "Importable Reel 6", 2006, "x", "3", "", "@SUM(1+1) quiet and slow", "", "2016-07-09"],
        ]),
      ),
      "ratings.csv": strToU8(
        csv([
          ["Date", "Name", "Year", "Letterboxd URI", "Rating"],
          ["2016-07-08", "Importable Reel 5", 2005, "x", "4.5"],
        ]),
      ),
    });
    await importNow(userId, "lb.zip", zip);
    const rows = await db.all<{ title_id: number; body: string; spoiler: number; status: string; created_at: number; score: number }>(
      sql`SELECT title_id, body, spoiler, status, created_at, score FROM reviews WHERE user_id = ${userId} ORDER BY title_id`,
    );
    expect(rows.map((r) => [r.title_id, r.body, r.spoiler, r.status, day(r.created_at), r.score])).toEqual([
      [BASE + 5, "The lighthouse keeper was the narrator.", 1, "draft", "2016-07-08", 9],
      [BASE + 6, "@SUM(1+1) quiet and slow", 0, "draft", "2016-07-09", 6],
    ]);
  });

  it("prefers the row's type (IMDb Title Type) among titles of one name and year", async () => {
    const userId = await createUser();
    await importNow(
      userId,
      "ratings.csv",
      strToU8(
        csv([
          ["Const", "Your Rating", "Title", "Title Type", "Year"],
          ["tt1", 9, "Quiet Lanterns", "TV Series", 2015],
        ]),
      ),
    );
    expect(await db.all(sql`SELECT title_id FROM ratings WHERE user_id = ${userId}`)).toEqual([{ title_id: BASE + 502 }]);
  });

  it("matching and undo read through indexes (no table scans)", async () => {
    const plan = async (query: string) => (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results.map((r) => r.detail).join(" | ");
    expect(await plan("SELECT id FROM titles WHERE slug IN ('a', 'b')")).toContain("titles_slug_idx");
    expect(await plan("SELECT id FROM titles WHERE imdb_id IS NOT NULL AND imdb_id IN ('tt1', 'tt2')")).toContain("titles_imdb_id_idx");
    expect(await plan("SELECT id FROM titles WHERE original_name IS NOT NULL AND lower(original_name) IN ('a', 'b')")).toContain("titles_original_name_lower_idx");
    expect(await plan("SELECT id FROM titles WHERE type = 'movie' AND tmdb_id IN (1, 2)")).toContain("titles_type_tmdb_id_idx");
    for (const table of ["ratings", "watchlist_items", "watch_history", "reviews", "lists"]) {
      expect(await plan(`SELECT 1 FROM ${table} WHERE user_id = 1 AND import_id = 2`)).toMatch(/USING (COVERING )?INDEX/);
    }
    expect(await plan("SELECT 1 FROM list_items WHERE import_id = 2 AND added_by = 1")).toContain("list_items_import_idx");
    expect(await plan("SELECT * FROM import_jobs WHERE user_id = 1 ORDER BY id DESC LIMIT 10")).toContain("import_jobs_user_idx");
  });

  it("refuses lists over the quota before writing anything", async () => {
    const userId = await createUser();
    await expect(importNow(userId, "export.zip", letterboxdZip(5), memoryStore(), viewer(userId, 0))).rejects.toThrow(ImportFileError);
    expect(await db.get(sql`SELECT (SELECT count(*) FROM ratings WHERE user_id = ${userId}) AS r, (SELECT count(*) FROM lists WHERE user_id = ${userId}) AS l`)).toEqual({ r: 0, l: 0 });
  });
});
