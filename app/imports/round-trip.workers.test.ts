import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/viewer";
import { titles } from "~/catalogue/schema";
import { openD1 } from "~/db/client.server";
import { parseCsv } from "./csv";
import { exportCsv, exportZipStream } from "./export.server";
import { readImportFile } from "./formats";
import { findJob, prepareImport, runImportNow, startImport, type ImportStore } from "./import.server";

/**
 * Export everything, delete the member's library, import the export: every
 * row is back with the same dates, ratings, texts and order. And no CSV the
 * site writes lets a spreadsheet run a cell (a list named =HYPERLINK(…), a
 * review starting with @SUM(…)). Titles and texts are invented.
 */
const { db } = openD1(env.DB, null);
const BASE = 950_000;
const EVIL_LIST = '=HYPERLINK("http://evil.example")';
const EVIL_REVIEW = "@SUM(1+1) and then the credits rolled.";

function memoryStore(): ImportStore {
  const files = new Map<string, string>();
  return {
    get: async (key) => (files.has(key) ? { text: async () => files.get(key)! } : null),
    put: async (key, value) => void files.set(key, value),
    delete: async (keys) => void (Array.isArray(keys) ? keys : [keys]).forEach((k) => files.delete(k)),
  };
}

const viewer = (userId: number): Viewer => ({
  userId,
  roleIds: [],
  permissions: new Map([
    ["watchlist.use", []],
    ["ratings.create", []],
    ["lists.create", [{ name: "count", value: 10 }]],
  ]),
  isSubscribed: false,
});

let userId = 0;

beforeAll(async () => {
  const rows: (typeof titles.$inferInsert)[] = Array.from({ length: 12 }, (_, i) => ({ id: BASE + i, type: "movie" as const, name: `Round Trip Reel ${i}`, slug: `round-trip-reel-${i}`, year: 1990 + i, popularity: i }));
  rows.push({ id: BASE + 20, type: "movie", name: "Pâtisserie Élodie", slug: "patisserie-elodie", year: 2004, popularity: 1 });
  for (let i = 0; i < rows.length; i += 5) await db.insert(titles).values(rows.slice(i, i + 5));
  userId = (await db.get<{ id: number }>(sql`INSERT INTO users (email, first_name) VALUES (${`round-trip-${Date.now()}@example.test`}, 'Rita') RETURNING id`))!.id;
  const u = userId;
  for (const statement of [
    sql`INSERT INTO ratings (user_id, title_id, rating, created_at, updated_at) VALUES (${u}, ${BASE}, 9, 1262347200, 1262347200), (${u}, ${BASE + 1}, 3, 1300000000, 1300000000), (${u}, ${BASE + 20}, 10, 1400000000, 1400000000)`,
    sql`INSERT INTO watch_history (user_id, title_id, watched_on, watched_at, created_at) VALUES (${u}, ${BASE}, '2009-12-31', NULL, 1262300000), (${u}, ${BASE}, '2010-01-01', '2010-01-01T21:15:00.000Z', 1262380000), (${u}, ${BASE + 2}, '2012-05-05', NULL, 1336200000)`,
    sql`INSERT INTO watchlist_items (user_id, title_id, created_at) VALUES (${u}, ${BASE + 3}, 1500000000), (${u}, ${BASE + 4}, 1400000000)`,
    sql`INSERT INTO reviews (user_id, title_id, episode_id, score, headline, body, body_html, spoiler, status, created_at, updated_at) VALUES
      (${u}, ${BASE}, 0, 9, 'A quiet triumph', ${EVIL_REVIEW}, '<p>x</p>', 1, 'published', 1262400000, 1262400000),
      (${u}, ${BASE + 20}, 0, 10, 'Sugar and ash', 'Line one.\nLine "two", with commas.', '<p>x</p>', 0, 'published', 1400000500, 1400000500)`,
    sql`INSERT INTO lists (user_id, name, slug, description, public, items_count, created_at, updated_at) VALUES (${u}, ${EVIL_LIST}, 'evil', '-minus description', 1, 3, 1200000000, 1200000000)`,
  ])
    await db.run(statement);
  const list = (await db.get<{ id: number }>(sql`SELECT id FROM lists WHERE user_id = ${u}`))!.id;
  await db.run(sql`INSERT INTO list_items (list_id, title_id, position, note, added_by) VALUES (${list}, ${BASE + 5}, 1, '+first', ${u}), (${list}, ${BASE + 20}, 5, 'second', ${u}), (${list}, ${BASE + 1}, 9, '', ${u})`);
  await db.run(sql`INSERT INTO library_profiles (user_id, ratings_count, watchlist_count, watched_count) VALUES (${u}, 3, 2, 3)`);
});

async function library(u: number) {
  const [r, w, l, v, L, i, p] = await Promise.all([
    db.all(sql`SELECT title_id, rating, created_at, updated_at FROM ratings WHERE user_id = ${u} ORDER BY title_id`),
    db.all(sql`SELECT title_id, watched_on, watched_at FROM watch_history WHERE user_id = ${u} ORDER BY id`),
    db.all(sql`SELECT title_id, created_at FROM watchlist_items WHERE user_id = ${u} ORDER BY created_at`),
    db.all(sql`SELECT title_id, score, headline, body, spoiler, status, created_at FROM reviews WHERE user_id = ${u} ORDER BY title_id`),
    db.all(sql`SELECT name, description, public, items_count, created_at FROM lists WHERE user_id = ${u} ORDER BY id`),
    db.all(sql`SELECT i.title_id, i.note FROM list_items i JOIN lists l ON l.id = i.list_id WHERE l.user_id = ${u} ORDER BY l.id, i.position, i.id`),
    db.all(sql`SELECT ratings_count, watchlist_count, watched_count FROM library_profiles WHERE user_id = ${u}`),
  ]);
  return { r, w, l, v, L, i, p };
}

describe("export and import back", () => {
  it("every row comes back with its dates, ratings, texts and order", async () => {
    const before = await library(userId);
    const zip = new Uint8Array(await new Response(exportZipStream(db, userId)).arrayBuffer());
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(["comments.csv", "diary.csv", "letterboxd.csv", "lists/hyperlink-http-evil-example.csv", "ratings.csv", "reviews.csv", "watchlist.csv"]);
    for (const table of ["ratings", "watch_history", "watchlist_items", "reviews", "lists"]) await db.run(sql`DELETE FROM ${sql.identifier(table)} WHERE user_id = ${userId}`);
    await db.run(sql`UPDATE library_profiles SET ratings_count = 0, watchlist_count = 0, watched_count = 0 WHERE user_id = ${userId}`);
    const store = memoryStore();
    const jobId = await prepareImport(db, store, viewer(userId), "reelbase-export.zip", readImportFile("reelbase-export.zip", zip));
    const job = (await findJob(db, userId, jobId))!;
    expect(job.summary).toMatchObject({ groups: { ambiguous: 0, unmatched: 0 } });
    await startImport(db, store, null, viewer(userId), job, { reviewsPrivate: true });
    await runImportNow(db, store, jobId);
    expect(await library(userId)).toEqual(before);
  });

  it("escapes formula cells in every CSV it writes", async () => {
    const files: Record<string, string> = Object.fromEntries(Object.entries(unzipSync(new Uint8Array(await new Response(exportZipStream(db, userId)).arrayBuffer()))).map(([n, b]) => [n, strFromU8(b)]));
    for (const kind of ["ratings", "diary", "watchlist", "reviews", "lists", "comments", "letterboxd"] as const) files[`single:${kind}`] = await exportCsv(db, userId, kind);
    const cells = (text: string) => parseCsv(text).flat();
    for (const [name, text] of Object.entries(files)) {
      for (const cell of cells(text)) expect(/^[=+\-@\t\r]/.test(cell), `${name}: ${cell}`).toBe(false);
    }
    expect(cells(files["single:lists"]!)).toContain(`'${EVIL_LIST}`);
    expect(cells(files["lists/hyperlink-http-evil-example.csv"]!)).toContain(`'${EVIL_LIST}`);
    expect(cells(files["single:reviews"]!)).toContain(`'${EVIL_REVIEW}`);
    expect(cells(files["single:letterboxd"]!)).toContain(`'${EVIL_REVIEW}`);
  });
});
