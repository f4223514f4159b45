import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { beforeAll, expect, it } from "vitest";
import type { Viewer } from "~/request/viewer";
import { openD1 } from "~/db/client.server";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { readImportFile } from "./formats";
import { findJob, prepareImport, runImportNow, startImport, type ImportStore } from "./import.server";

/**
 * Bench (decision 027's figures): a 100,000-row Letterboxd ZIP (25,000
 * ratings, 25,000 watchlist rows, 50,000 diary viewings over 25,000 invented
 * titles): read, matched and written chunk by chunk; the time and the D1
 * statements per row are printed and bounded.
 */
const TITLES = 25_000;
const BASE = 2_000_000;
const { db: plain } = openD1(env.DB, null);

beforeAll(async () => {
  for (let i = 0; i < TITLES; i += 500) {
    const values = Array.from({ length: Math.min(500, TITLES - i) }, (_, k) => `(${BASE + i + k}, 'movie', 'Bench Reel ${i + k}', 'bench-reel-${i + k}', ${1950 + ((i + k) % 60)}, 0)`).join(",");
    await env.DB.prepare(`INSERT INTO titles (id, type, name, slug, year, popularity) VALUES ${values}`).run();
  }
}, 300_000);

it("imports 100,000 rows: time and D1 statements per row", async () => {
  const csv = (header: string, rows: string[]) => strToU8(`${header}\r\n${rows.join("\r\n")}\r\n`);
  const films = Array.from({ length: TITLES }, (_, i) => [`Bench Reel ${i}`, 1950 + (i % 60)] as const);
  const zip = zipSync({
    "ratings.csv": csv(
      "Date,Name,Year,Letterboxd URI,Rating",
      films.map(([n, y], i) => `2020-01-${String((i % 28) + 1).padStart(2, "0")},${n},${y},x,${(i % 10) / 2 + 0.5}`),
    ),
    "watchlist.csv": csv(
      "Date,Name,Year,Letterboxd URI",
      films.map(([n, y]) => `2021-02-03,${n},${y},x`),
    ),
    "diary.csv": csv(
      "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date",
      films.flatMap(([n, y]) => [`2019-05-06,${n},${y},x,,,,2019-05-05`, `2019-07-08,${n},${y},x,,Yes,,2019-07-07`]),
    ),
  });
  const userId = (await plain.get<{ id: number }>(sql`INSERT INTO users (email, first_name) VALUES (${`bench-${Date.now()}@example.test`}, 'Bench') RETURNING id`))!.id;
  const viewer: Viewer = {
    userId,
    roleIds: [],
    permissions: new Map([
      ["watchlist.use", []],
      ["ratings.create", []],
    ]),
    isSubscribed: false,
  };
  const files = new Map<string, string>();
  const store: ImportStore = { get: async (k) => (files.has(k) ? { text: async () => files.get(k)! } : null), put: async (k, v) => void files.set(k, v), delete: async () => undefined };
  const d1 = countingD1(env.DB);
  const { db } = openD1(d1.env.DB, null);

  const started = performance.now();
  const data = readImportFile("bench.zip", zip);
  const read = performance.now();
  const jobId = await prepareImport(db, store, viewer, "bench.zip", data);
  const matched = performance.now();
  const statementsBeforeWrite = d1.counts.statements;
  await startImport(db, store, null, viewer, (await findJob(db, userId, jobId))!, { reviewsPrivate: true });
  await runImportNow(db, store, jobId);
  const done = performance.now();

  const rows = data.ratings.length + data.watchlist.length + data.watched.length;
  const written = await plain.get<{ r: number; w: number; h: number }>(
    sql`SELECT (SELECT count(*) FROM ratings WHERE user_id = ${userId}) AS r, (SELECT count(*) FROM watchlist_items WHERE user_id = ${userId}) AS w, (SELECT count(*) FROM watch_history WHERE user_id = ${userId}) AS h`,
  );
  const figures = {
    rows,
    readMs: Math.round(read - started),
    matchMs: Math.round(matched - read),
    writeMs: Math.round(done - matched),
    totalMs: Math.round(done - started),
    statements: d1.counts.statements,
    statementsPerRow: +(d1.counts.statements / rows).toFixed(4),
    writeStatementsPerRow: +((d1.counts.statements - statementsBeforeWrite) / rows).toFixed(4),
    batches: d1.counts.batches,
  };
  console.log("import bench", JSON.stringify(figures));
  expect(rows).toBe(100_000);
  expect(written).toEqual({ r: TITLES, w: TITLES, h: 2 * TITLES });
  expect(figures.statementsPerRow).toBeLessThan(0.1);
}, 600_000);
