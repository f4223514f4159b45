/**
 * The feed at scale (decision 033): a generated libSQL database (every
 * migration applied) with MEMBERS members, ACTIVITIES activity rows spread
 * over them and TITLES titles, one member following FOLLOWS others; then the
 * feed's real statements (app/social/feed.server.ts: the page read and its
 * hydration batch) timed one at a time, first page and deeper pages, with
 * the query plan. Run: `npx tsx scripts/bench/feed-scale.ts` (env MEMBERS,
 * ACTIVITIES, FOLLOWS, TITLES, DB_FILE to keep the file between runs).
 */
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "../../app/db/client.server";
import * as schema from "../../app/db/tables";
import { decodeFeedCursor } from "../../app/social/feed";
import { feedRowsStatement, loadFeed } from "../../app/social/feed.server";

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const ACTIVITIES = Number(process.env.ACTIVITIES ?? 10_000_000);
const FOLLOWS = Number(process.env.FOLLOWS ?? 500);
const TITLES = Number(process.env.TITLES ?? 10_000);
const FILE = process.env.DB_FILE ?? "/tmp/feed-scale.sqlite";
const CHUNK = 500_000;

const fresh = !existsSync(FILE);
const client = createClient({ url: `file:${FILE}` });
await client.execute("PRAGMA synchronous = OFF");
await client.execute("PRAGMA journal_mode = OFF");
await client.execute("PRAGMA foreign_keys = OFF");
await client.execute("PRAGMA cache_size = -200000");

const t0 = performance.now();
if (fresh) {
  const dir = join(process.cwd(), "migrations");
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const statement of readFileSync(join(dir, name), "utf8").split("--> statement-breakpoint")) if (statement.trim()) await client.execute(statement);
  }
  const series = (n: number) => `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n})`;
  await client.execute(`${series(MEMBERS)} INSERT INTO users (id, email, first_name) SELECT i, 'm' || i || '@scale.test', 'Member ' || i FROM s`);
  await client.execute(`${series(TITLES)} INSERT INTO titles (id, type, name, slug, year) SELECT i, 'movie', 'Scale film ' || i, 'scale-film-' || i, 1950 + i % 70 FROM s`);
  // Activities oldest first; each a random member's rating or viewing of a random title.
  for (let done = 0; done < ACTIVITIES; done += CHUNK) {
    const n = Math.min(CHUNK, ACTIVITIES - done);
    await client.execute(`${series(n)} INSERT INTO activities (user_id, kind, title_id, subject_id, rating, watched_on, created_at)
      SELECT 1 + abs(random()) % ${MEMBERS}, CASE WHEN i % 3 = 0 THEN 'watch' ELSE 'rating' END, 1 + abs(random()) % ${TITLES}, ${done} + i,
             CASE WHEN i % 3 = 0 THEN NULL ELSE 1 + abs(random()) % 10 END, CASE WHEN i % 3 = 0 THEN '2026-01-01' ELSE NULL END,
             1700000000 + (${done} + i) * 6 FROM s`);
    process.stdout.write(`activities: ${done + n}\r`);
  }
  // Member 1 follows FOLLOWS others; every member follows 10 at random (the followers' side of the index).
  await client.execute(
    `INSERT OR IGNORE INTO follows (follower_id, followee_id, status) SELECT 1, 2 + abs(random()) % ${MEMBERS - 1}, 'active' FROM (${series(FOLLOWS * 2)} SELECT i FROM s) LIMIT ${FOLLOWS}`,
  );
  await client.execute(
    `${series(MEMBERS * 10)} INSERT OR IGNORE INTO follows (follower_id, followee_id, status) SELECT 2 + i % ${MEMBERS - 1}, 1 + abs(random()) % ${MEMBERS}, 'active' FROM s WHERE 2 + i % ${MEMBERS - 1} <> 1`,
  );
  console.log(`\nbuilt in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const db = drizzle(client, { schema }) as unknown as Database;
const count = async (sql: string) => Number((await client.execute(sql)).rows[0]![0]);
console.log({
  members: await count("SELECT count(*) FROM users"),
  activities: await count("SELECT max(id) FROM activities"),
  follows: await count("SELECT count(*) FROM follows"),
  viewerFollows: await count("SELECT count(*) FROM follows WHERE follower_id = 1 AND status = 'active'"),
  fileMB: Math.round(((await count("PRAGMA page_count")) * (await count("PRAGMA page_size"))) / 1e6),
});

const query = feedRowsStatement(db, 1, null, 41) as unknown as { toSQL?: () => unknown };
void query;
const plan = await client.execute({
  sql: `EXPLAIN QUERY PLAN SELECT a.id FROM follows f CROSS JOIN activities a ON a.user_id = f.followee_id AND a.id < ? LEFT JOIN member_social ms ON ms.user_id = f.followee_id
        WHERE f.follower_id = ? AND f.status = 'active' AND coalesce(ms.activity_visibility, 'everyone') <> 'only_me' ORDER BY a.id DESC LIMIT 41`,
  args: [Number.MAX_SAFE_INTEGER, 1],
});
console.log("plan:", plan.rows.map((r) => r.detail).join(" | "));

function p50(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
async function timed(label: string, runs: number, work: () => Promise<unknown>) {
  await work(); // warm the page cache
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  console.log(`${label}: p50 ${p50(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${runs} runs)`);
}

await timed("feed rows, first page (41 rows)", 20, () => feedRowsStatement(db, 1, null, 41));
await timed("feed page with hydration (loadFeed)", 20, () => loadFeed(db, 1));
let cursor: number | null = null;
for (let page = 0; page < 10; page += 1) {
  const feed = await loadFeed(db, 1, { before: cursor });
  cursor = feed.next ? decodeFeedCursor(feed.next) : null;
}
const deep = cursor;
await timed("feed page 11 (cursor)", 20, () => loadFeed(db, 1, { before: deep }));
client.close();
