/**
 * The feed page against a title page, one request at a time, as one signed-in
 * member (decision 033: /feed within 1.5x a title page's server time). Against
 * a running e2e server (`tsx scripts/e2e-server.ts --port N`, seeded with the
 * demo members): `npx tsx scripts/bench/feed-vs-title.ts http://localhost:N`.
 * The member follows the five demo members; the title is one they rated, so
 * its page also has "People you follow".
 */
export {};

const base = process.argv[2] ?? "http://localhost:8850";
const RUNS = Number(process.env.RUNS ?? 40);

async function sql<T>(query: string, args: unknown[] = []): Promise<T[]> {
  const response = await fetch(`${base}/resources/e2e/sql`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ sql: query, args }) });
  return ((await response.json()) as { rows: T[] }).rows;
}

const user = (await (await fetch(`${base}/resources/e2e/signed-in-user`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ prefix: "bench" }) })).json()) as {
  userId: number;
  cookieValue: string;
};
const cookie = `session=${encodeURIComponent(user.cookieValue)}`;
const demo = await sql<{ id: number }>(`SELECT id FROM users WHERE email LIKE '%@members.demo.reelbase.test'`);
for (const m of demo) await sql(`INSERT OR IGNORE INTO follows (follower_id, followee_id, status) VALUES (?, ?, 'active')`, [user.userId, m.id]);
const [title] = await sql<{ id: number; slug: string }>(`SELECT t.id, t.slug FROM titles t JOIN ratings r ON r.title_id = t.id WHERE r.user_id = ? LIMIT 1`, [demo[0]!.id]);

async function p50(path: string) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i += 1) {
    const start = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
    await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    if (i >= 3) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const titlePath = `/titles/${title!.id}/${title!.slug}`;
// Alternate the two so the machine's load moves both alike.
const rows: { title: number; feed: number }[] = [];
for (let round = 0; round < 3; round += 1) rows.push({ title: await p50(titlePath), feed: await p50("/feed") });
const title50 = rows.map((r) => r.title).sort((a, b) => a - b)[1]!;
const feed50 = rows.map((r) => r.feed).sort((a, b) => a - b)[1]!;
console.log({ rounds: rows.map((r) => ({ title: r.title.toFixed(1), feed: r.feed.toFixed(1) })), titleP50: title50.toFixed(1), feedP50: feed50.toFixed(1), ratio: (feed50 / title50).toFixed(2) });
