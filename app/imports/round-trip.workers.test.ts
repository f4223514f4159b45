import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/request/viewer";
import { titles } from "~/catalogue/tables";
import { openD1 } from "~/db/client.server";
import { parseCsv } from "../files/csv";
import { exportCsv, exportZipStream } from "./export.server";
import { readImportFile } from "./formats";
import { findJob, prepareImport, runImportNow, startImport, undoImport, type ImportStore } from "./import.server";

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
/** Members the exporter follows: a public profile, a private one (a request still pending), and a banned one. */
const followees: number[] = [];

beforeAll(async () => {
  const rows: (typeof titles.$inferInsert)[] = Array.from({ length: 12 }, (_, i) => ({
    id: BASE + i,
    type: "movie" as const,
    name: `Round Trip Reel ${i}`,
    slug: `round-trip-reel-${i}`,
    year: 1990 + i,
    popularity: i,
  }));
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
  await db.run(
    sql`INSERT INTO list_items (list_id, title_id, position, note, added_by) VALUES (${list}, ${BASE + 5}, 1, '+first', ${u}), (${list}, ${BASE + 20}, 5, 'second', ${u}), (${list}, ${BASE + 1}, 9, '', ${u})`,
  );
  await db.run(sql`INSERT INTO library_profiles (user_id, ratings_count, watchlist_count, watched_count) VALUES (${u}, 3, 2, 3)`);
  for (const [first, display] of [
    ["Odile", "=Odile the Projectionist"],
    ["Piet", null],
  ] as const) {
    followees.push(
      (await db.get<{ id: number }>(sql`INSERT INTO users (email, first_name, display_name) VALUES (${`followee-${first}-${Date.now()}@example.test`}, ${first}, ${display}) RETURNING id`))!.id,
    );
  }
  await db.run(sql`INSERT INTO library_profiles (user_id, private) VALUES (${followees[1]!}, 1)`);
  await db.run(sql`INSERT INTO follows (follower_id, followee_id, status, created_at) VALUES (${u}, ${followees[0]!}, 'active', 1333333333), (${u}, ${followees[1]!}, 'pending', 1444444444)`);
  await db.run(sql`INSERT INTO member_social (user_id, followers_count, following_count, requests_count) VALUES (${u}, 0, 1, 0), (${followees[0]!}, 1, 0, 0), (${followees[1]!}, 0, 0, 1)`);
});

async function library(u: number) {
  const [r, w, l, v, L, i, p, f, s] = await Promise.all([
    db.all(sql`SELECT title_id, rating, created_at, updated_at FROM ratings WHERE user_id = ${u} ORDER BY title_id`),
    db.all(sql`SELECT title_id, watched_on, watched_at FROM watch_history WHERE user_id = ${u} ORDER BY id`),
    db.all(sql`SELECT title_id, created_at FROM watchlist_items WHERE user_id = ${u} ORDER BY created_at`),
    db.all(sql`SELECT title_id, score, headline, body, spoiler, status, created_at FROM reviews WHERE user_id = ${u} ORDER BY title_id`),
    db.all(sql`SELECT name, description, public, items_count, created_at FROM lists WHERE user_id = ${u} ORDER BY id`),
    db.all(sql`SELECT i.title_id, i.note FROM list_items i JOIN lists l ON l.id = i.list_id WHERE l.user_id = ${u} ORDER BY l.id, i.position, i.id`),
    db.all(sql`SELECT ratings_count, watchlist_count, watched_count FROM library_profiles WHERE user_id = ${u}`),
    db.all(sql`SELECT followee_id, status, created_at FROM follows WHERE follower_id = ${u} ORDER BY followee_id`),
    db.all(sql`SELECT user_id, followers_count, following_count, requests_count FROM member_social WHERE user_id IN (${u}, ${followees[0]!}, ${followees[1]!}) ORDER BY user_id`),
  ]);
  return { r, w, l, v, L, i, p, f, s };
}

describe("export and import back", () => {
  it("every row comes back with its dates, ratings, texts and order", async () => {
    const before = await library(userId);
    const zip = new Uint8Array(await new Response(exportZipStream(db, userId)).arrayBuffer());
    expect(Object.keys(unzipSync(zip)).sort()).toEqual([
      "comments.csv",
      "diary.csv",
      "follows.csv",
      "letterboxd.csv",
      "lists/hyperlink-http-evil-example.csv",
      "ratings.csv",
      "reviews.csv",
      "watchlist.csv",
    ]);
    expect(before.f).toHaveLength(2);
    for (const table of ["ratings", "watch_history", "watchlist_items", "reviews", "lists"]) await db.run(sql`DELETE FROM ${sql.identifier(table)} WHERE user_id = ${userId}`);
    await db.run(sql`DELETE FROM follows WHERE follower_id = ${userId}`);
    await db.run(sql`UPDATE member_social SET followers_count = 0, following_count = 0, requests_count = 0`);
    await db.run(sql`UPDATE library_profiles SET ratings_count = 0, watchlist_count = 0, watched_count = 0 WHERE user_id = ${userId}`);
    const store = memoryStore();
    const jobId = await prepareImport(db, store, viewer(userId), "reelbase-export.zip", readImportFile("reelbase-export.zip", zip));
    const job = (await findJob(db, userId, jobId))!;
    expect(job.summary).toMatchObject({ groups: { ambiguous: 0, unmatched: 0 } });
    await startImport(db, store, null, viewer(userId), job, { reviewsPrivate: true });
    await runImportNow(db, store, jobId);
    expect(await library(userId)).toEqual(before);
    expect((await findJob(db, userId, jobId))!.summary).toMatchObject({ read: { follows: 2 }, added: { follows: 2 }, followsUnknown: 0 });
  });

  it("a follow names a member here only when the id and the name agree; undo removes exactly the follows it added", async () => {
    const zip = new Uint8Array(await new Response(exportZipStream(db, userId)).arrayBuffer());
    const followsCsv = strFromU8(unzipSync(zip)["follows.csv"]!);
    // The display name starting with "=" comes out defused and reads back unchanged.
    expect(parseCsv(followsCsv).flat()).toContain("'=Odile the Projectionist");
    const other = (await db.get<{ id: number }>(sql`INSERT INTO users (email, first_name) VALUES (${`restorer-${Date.now()}@example.test`}, 'Ruth') RETURNING id`))!.id;
    // Another site's export: the second member's id with a name that is not theirs here.
    const file = followsCsv.replace(/,Piet,/, ",Somebody Else,");
    const store = memoryStore();
    const jobId = await prepareImport(db, store, viewer(other), "follows.csv", readImportFile("follows.csv", new TextEncoder().encode(file)));
    expect((await findJob(db, other, jobId))!.summary).toMatchObject({ read: { follows: 2 }, followsUnknown: 1 });
    await startImport(db, store, null, viewer(other), (await findJob(db, other, jobId))!, { reviewsPrivate: true });
    await runImportNow(db, store, jobId);
    expect(await db.all(sql`SELECT followee_id, status, created_at FROM follows WHERE follower_id = ${other}`)).toEqual([{ followee_id: followees[0]!, status: "active", created_at: 1333333333 }]);
    expect(await db.get(sql`SELECT followers_count FROM member_social WHERE user_id = ${followees[0]!}`)).toEqual({ followers_count: 2 });
    await undoImport(db, (await findJob(db, other, jobId))!);
    expect(await db.all(sql`SELECT followee_id FROM follows WHERE follower_id = ${other}`)).toEqual([]);
    expect(await db.get(sql`SELECT followers_count FROM member_social WHERE user_id = ${followees[0]!}`)).toEqual({ followers_count: 1 });
    // The exporter's own follow of that member is untouched.
    expect(await db.all(sql`SELECT followee_id FROM follows WHERE follower_id = ${userId} AND followee_id = ${followees[0]!}`)).toHaveLength(1);
  });

  it("escapes formula cells in every CSV it writes", async () => {
    const files: Record<string, string> = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(await new Response(exportZipStream(db, userId)).arrayBuffer()))).map(([n, b]) => [n, strFromU8(b)]),
    );
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
