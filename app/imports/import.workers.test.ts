import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/viewer";
import { titles } from "~/catalogue/schema";
import { openD1 } from "~/db/client.server";
import { exportCsv } from "./export.server";
import { ImportFileError, readImportFile } from "./formats";
import { runImport } from "./import.server";

/**
 * Imports on real D1 inside workerd: matching by name and year against the
 * catalogue, writes in chunks under D1's 100 bound parameters, stored counts
 * exact (also with two imports at once), the lists quota checked before any
 * write, and the export reading it back. Every title here is invented.
 */
const { db } = openD1(env.DB, null);
const BASE = 940_000;
const MANY = 160;

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

const csv = (rows: (string | number)[][]) => rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(",")).join("\n") + "\n";

beforeAll(async () => {
  const rows: (typeof titles.$inferInsert)[] = Array.from({ length: MANY }, (_, i) => ({ id: BASE + i, type: "movie" as const, name: `Importable Reel ${i}`, slug: `importable-reel-${i}`, year: 2000 + (i % 20), popularity: i }));
  // Two titles of one name: the year decides; a series and a movie of one name and year: the type decides.
  rows.push({ id: BASE + 500, type: "movie", name: "Twin Harbour", slug: "twin-harbour-a", year: 1980, popularity: 1 });
  rows.push({ id: BASE + 501, type: "movie", name: "Twin Harbour", slug: "twin-harbour-b", year: 2010, popularity: 1 });
  rows.push({ id: BASE + 502, type: "series", name: "Quiet Lanterns", slug: "quiet-lanterns-s", year: 2015, popularity: 1 });
  rows.push({ id: BASE + 503, type: "movie", name: "Quiet Lanterns", slug: "quiet-lanterns-m", year: 2015, popularity: 1 });
  for (let i = 0; i < rows.length; i += 5) await db.insert(titles).values(rows.slice(i, i + 5));
});

function letterboxdZip(count: number, stars = "4") {
  const films = Array.from({ length: count }, (_, i) => [`Importable Reel ${i}`, 2000 + (i % 20)] as const);
  return zipSync({
    "ratings.csv": strToU8(csv([["Date", "Name", "Year", "Letterboxd URI", "Rating"], ...films.map(([n, y]) => ["2024-01-01", n, y, "x", stars]), ["2024-01-01", "Twin Harbour", 2011, "x", "2.5"], ["2024-01-01", "Nowhere Reel", 1999, "x", "1"]])),
    "watchlist.csv": strToU8(csv([["Date", "Name", "Year", "Letterboxd URI"], ...films.map(([n, y]) => ["2024-01-01", n, y, "x"])])),
    "watched.csv": strToU8(csv([["Date", "Name", "Year", "Letterboxd URI"], ...films.map(([n, y]) => ["2024-02-02", n, y, "x"])])),
    "lists/big.csv": strToU8("Letterboxd list export v7\n" + csv([["Date", "Name", "Tags", "URL", "Description"], ["2024-01-01", "Big list", "", "x", "All of them"]]) + "\n" + csv([["Position", "Name", "Year", "URL", "Description"], ...films.map(([n, y], i) => [i + 1, n, y, "x", `note ${i}`])])),
  });
}

async function stored(userId: number) {
  return db.get<{ ratings: number; watchlist: number; history: number; rc: number; wc: number; hc: number }>(sql`
    SELECT (SELECT count(*) FROM ratings WHERE user_id = ${userId}) AS ratings, (SELECT count(*) FROM watchlist_items WHERE user_id = ${userId}) AS watchlist,
           (SELECT count(*) FROM watch_history WHERE user_id = ${userId}) AS history,
           p.ratings_count AS rc, p.watchlist_count AS wc, p.watched_count AS hc FROM library_profiles p WHERE p.user_id = ${userId}`);
}

describe("runImport", () => {
  it("imports 160 films of each kind in chunks, matches by name and year, keeps every stored count exact", async () => {
    const userId = await createUser();
    const report = await runImport(db, viewer(userId), readImportFile("export.zip", letterboxdZip(MANY)));
    expect(report.ratings).toEqual({ matched: MANY + 1, total: MANY + 2 });
    expect(report.watchlist).toEqual({ matched: MANY, total: MANY });
    expect(report.watched).toEqual({ matched: MANY, total: MANY });
    expect(report.lists).toMatchObject([{ name: "Big list", matched: MANY, total: MANY }]);
    expect(report.unmatched).toEqual([{ file: "ratings.csv", line: MANY + 3, name: "Nowhere Reel", year: 1999 }]);
    // 2011 is a year off 2010's Twin Harbour, not 1980's.
    expect(await db.get(sql`SELECT rating FROM ratings WHERE user_id = ${userId} AND title_id = ${BASE + 501}`)).toEqual({ rating: 5 });
    expect(await stored(userId)).toEqual({ ratings: MANY + 1, watchlist: MANY, history: MANY, rc: MANY + 1, wc: MANY, hc: MANY });
    const list = await db.get<{ items_count: number; n: number; last: string }>(
      sql`SELECT l.items_count, (SELECT count(*) FROM list_items WHERE list_id = l.id) AS n, (SELECT note FROM list_items WHERE list_id = l.id ORDER BY position DESC LIMIT 1) AS last FROM lists l WHERE l.user_id = ${userId}`,
    );
    expect(list).toEqual({ items_count: MANY, n: MANY, last: `note ${MANY - 1}` });

    // Importing again adds no viewings or watchlist rows (the list is a new one).
    await runImport(db, viewer(userId), readImportFile("export.zip", letterboxdZip(MANY)));
    expect(await stored(userId)).toMatchObject({ ratings: MANY + 1, watchlist: MANY, history: MANY });

    // The export reads it back: a header and a row per rating.
    const ratingsCsv = await exportCsv(db, userId, "ratings");
    expect(ratingsCsv.trim().split("\r\n")).toHaveLength(MANY + 2);
    expect(ratingsCsv).toContain(`${BASE + 501},Twin Harbour,2010,movie,,,5,`);
  });

  it("two members importing at once leave every title's average and count equal to its votes", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await Promise.all([
      runImport(db, viewer(a), readImportFile("a.zip", letterboxdZip(40, "5"))),
      runImport(db, viewer(b), readImportFile("b.zip", letterboxdZip(40, "1"))),
    ]);
    const wrong = await db.all(sql`
      SELECT t.id FROM titles t WHERE t.id BETWEEN ${BASE} AND ${BASE + 600}
        AND (t.vote_count <> (SELECT count(*) FROM ratings r WHERE r.title_id = t.id AND r.episode_id IS NULL)
          OR coalesce(t.rating, -1) <> coalesce((SELECT round(avg(rating), 4) FROM ratings r WHERE r.title_id = t.id AND r.episode_id IS NULL), -1))`);
    expect(wrong).toEqual([]);
  });

  it("prefers the row's type (IMDb Title Type) among titles of one name and year", async () => {
    const userId = await createUser();
    const data = readImportFile("ratings.csv", strToU8(csv([["Const", "Your Rating", "Title", "Title Type", "Year"], ["tt1", 9, "Quiet Lanterns", "TV Series", 2015]])));
    await runImport(db, viewer(userId), data);
    expect(await db.all(sql`SELECT title_id FROM ratings WHERE user_id = ${userId}`)).toEqual([{ title_id: BASE + 502 }]);
  });

  it("refuses lists over the quota before writing anything", async () => {
    const userId = await createUser();
    const data = readImportFile("export.zip", letterboxdZip(5));
    await expect(runImport(db, viewer(userId, 0), data)).rejects.toThrow(ImportFileError);
    expect(await db.get(sql`SELECT (SELECT count(*) FROM ratings WHERE user_id = ${userId}) AS r, (SELECT count(*) FROM lists WHERE user_id = ${userId}) AS l`)).toEqual({ r: 0, l: 0 });
  });
});
