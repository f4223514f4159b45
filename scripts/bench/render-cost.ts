import { loadavg } from "node:os";
import type { BenchContext } from "../lib/bench-context";
import { openLocalD1 } from "../lib/local-d1";
import { cpuMs, listeners } from "../lib/process-cpu";
import { createSignedInUser } from "../lib/signed-in-user";

/**
 * What a page costs when no cache can answer it (decision 026): one request at a
 * time, as a new visitor would, each to a URL never asked for before (a
 * run-unique query parameter makes every page-cache key new), for the title
 * page, person page, search (a prefix, several words), browse (every sort and
 * three filter mixes) and the sitemap; beside the static file of the same run.
 * Members' rows: the title page and account settings, and the home page and
 * diary of a member with 60 viewings (never cached, whatever the URL).
 * Prints each row's sequential p50 and its ratio to the static file's (target
 * <= 2.5x), and the workerd CPU per request (target <= 6 ms), read from /proc
 * for the process listening on the Worker's port (decision 018's measure).
 *
 *   npm run bench -- --only render-cost [--persist-to .wrangler/scale-state]
 */
const REQUESTS = Number(process.env.RENDER_COST_REQUESTS ?? 150);
const RATIO_TARGET = 2.5;
const CPU_TARGET_MS = 6;
/** Decision 026: a signed-in title page at most this many times the uncached guest one (sequential p50). */
const SIGNED_IN_RATIO_TARGET = 1.3;

async function subjects(persistTo: string) {
  const { client } = openLocalD1(persistTo);
  try {
    const rows = async (sql: string) => (await client.execute(sql)).rows as unknown as Record<string, string | number>[];
    const titles = await rows(`SELECT id, slug, name FROM titles ORDER BY popularity DESC LIMIT ${REQUESTS}`);
    const people = await rows(`SELECT id, slug FROM people ORDER BY popularity DESC LIMIT ${REQUESTS}`);
    const genres = (await rows("SELECT slug FROM genres ORDER BY id")).map((row) => String(row.slug));
    const count = Number((await rows("SELECT count(*) AS n FROM titles"))[0]?.n ?? 0);
    return { titles, people, genres, count };
  } finally {
    client.close();
  }
}

/** `days` viewings of the most popular films, one a day back from today, with the stored counts and a username. */
async function giveDiary(persistTo: string, userId: number, days: number) {
  const { client } = openLocalD1(persistTo);
  try {
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute({ sql: "UPDATE users SET username = ? WHERE id = ?", args: [`bench-diary-${userId}`, userId] });
    await client.execute({
      sql: `INSERT INTO watch_history (user_id, title_id, watched_on)
            SELECT ?, id, date('now', '-' || (row_number() OVER (ORDER BY popularity DESC)) || ' days') FROM titles WHERE type = 'movie' ORDER BY popularity DESC LIMIT ?`,
      args: [userId, days],
    });
    await client.execute({
      sql: "INSERT INTO library_profiles (user_id, watched_count) VALUES (?, (SELECT count(*) FROM watch_history WHERE user_id = ?)) ON CONFLICT (user_id) DO UPDATE SET watched_count = excluded.watched_count",
      args: [userId, userId],
    });
  } finally {
    client.close();
  }
}

export default async function renderCost(bench: BenchContext) {
  const port = Number(new URL(bench.baseUrl).port);
  const pids = listeners(port);
  if (pids.length === 0) bench.note("render cost: no process found listening on the Worker's port; CPU per request not measured");
  const s = await subjects(bench.persistTo);
  if (s.titles.length === 0) throw new Error("the state holds no catalogue");
  const run = Date.now().toString(36);
  /** The i-th item, cycling (the warm-up requests use negative i). */
  const at = <T>(list: T[], i: number) => list[((i % list.length) + list.length) % list.length];
  const words = s.titles.map((t) =>
    String(t.name)
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => /^[a-z]{3,}$/.test(w)),
  );
  const genre = (i: number) => (s.genres.length ? at(s.genres, i) : "");
  const orders = ["popularity", "rating", "release_date", "name"];
  const mixes = [
    (i: number) => `year_from=${1960 + (i % 50)}&year_to=${1970 + (i % 50)}`,
    (i: number) => `genre=${genre(i)}&rating=${5 + (i % 4)}`,
    (i: number) => `type=${i % 2 ? "series" : "movie"}&genre=${genre(i)}&year_from=${1980 + (i % 30)}&year_to=${2000 + (i % 20)}&rating=5`,
  ];
  // A member (default role, so watchlist.use and ratings.create): their pages are never cached anyway.
  const member = await createSignedInUser(bench.persistTo, "bench-render-cost");
  const signedIn = { Cookie: member.cookieHeader };
  // A member with a diary (decision 047): 60 viewings, one a day, of the most popular films, so their home page
  // has "for you" and their diary 60 entries.
  const diarist = await createSignedInUser(bench.persistTo, "bench-render-cost-diary");
  await giveDiary(bench.persistTo, diarist.userId, 60);
  const withDiary = { Cookie: diarist.cookieHeader };
  const diaryPath = `/user/${diarist.userId}/bench-diary-${diarist.userId}/diary`;
  const rows: { name: string; path: (i: number) => string; headers?: Record<string, string> }[] = [
    { name: "static file", path: (i) => `/favicon.svg?r=${run}-${i}` },
    { name: "title page", path: (i) => `/titles/${at(s.titles, i).id}/${at(s.titles, i).slug}?r=${run}-${i}` },
    { name: "title page, signed in", path: (i) => `/titles/${at(s.titles, i).id}/${at(s.titles, i).slug}?r=${run}-${i}`, headers: signedIn },
    { name: "account settings, signed in", path: (i) => `/account-settings?r=${run}-${i}`, headers: signedIn },
    { name: "home page, signed in, 60 viewings", path: (i) => `/?r=${run}-${i}`, headers: withDiary },
    { name: "diary, signed in, 60 viewings", path: (i) => `${diaryPath}?r=${run}-${i}`, headers: withDiary },
    ...(s.people.length ? [{ name: "person page", path: (i: number) => `/people/${at(s.people, i).id}/${at(s.people, i).slug}?r=${run}-${i}` }] : []),
    { name: "search, prefix", path: (i) => `/search?query=${(at(words, i)[0] ?? "the").slice(0, 3)}&r=${run}-${i}` },
    { name: "search, several words", path: (i) => `/search?query=${encodeURIComponent(at(words, i).slice(0, 2).join(" ") || "the film")}&r=${run}-${i}` },
    ...orders.map((order) => ({ name: `browse by ${order}`, path: (i: number) => `/titles?order=${order}&page=${1 + Math.abs(i % 5)}&r=${run}-${i}` })),
    ...mixes.map((mix, m) => ({ name: `browse, filter mix ${m + 1}`, path: (i: number) => `/titles?${mix(i)}&order=${at(orders, i)}&r=${run}-${i}` })),
    { name: "sitemap index", path: (i) => `/sitemap.xml?r=${run}-${i}` },
    { name: "sitemap file (titles-1)", path: (i) => `/sitemaps/titles-1.xml?r=${run}-${i}` },
  ];
  bench.note(`render cost: ${s.count.toLocaleString("en")} titles; ${REQUESTS} sequential requests a row, each URL new; load average at start ${loadavg()[0].toFixed(1)}`);
  let staticP50 = 0;
  let guestTitleP50 = 0;
  const missed: string[] = [];
  for (const row of rows) {
    // Two untimed requests warm the route's code.
    for (const i of [-1, -2]) await (await fetch(bench.baseUrl + row.path(i), { headers: row.headers })).arrayBuffer();
    const times: number[] = [];
    let bad = 0;
    const cpuBefore = cpuMs(pids);
    const count = row.name.startsWith("sitemap file") ? Math.min(REQUESTS, 20) : REQUESTS;
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const response = await fetch(bench.baseUrl + row.path(i), { redirect: "manual", headers: row.headers });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status !== 200) bad++;
    }
    const cpu = pids.length ? (cpuMs(pids) - cpuBefore) / count : Number.NaN;
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    if (row.name === "static file") staticP50 = p50;
    if (row.name === "title page") guestTitleP50 = p50;
    const ratio = staticP50 > 0 ? p50 / staticP50 : Number.NaN;
    const isPage = row.name !== "static file";
    const isSignedIn = row.headers !== undefined;
    // Signed-in pages: only the signed-in title page has a target (1.3x the uncached guest one).
    const guestRatio = guestTitleP50 > 0 ? p50 / guestTitleP50 : Number.NaN;
    const ok = !isPage || (isSignedIn ? bad === 0 && (row.name !== "title page, signed in" || guestRatio <= SIGNED_IN_RATIO_TARGET) : ratio <= RATIO_TARGET && !(cpu > CPU_TARGET_MS) && bad === 0);
    if (!ok) missed.push(row.name);
    bench.note(
      `${ok ? "met   " : "MISSED"} render cost ${row.name}: sequential p50 ${p50.toFixed(1)} ms` +
        (isPage ? ` = ${ratio.toFixed(2)} x static${isSignedIn ? "" : ` (target <= ${RATIO_TARGET})`}` : "") +
        (isSignedIn ? ` = ${guestRatio.toFixed(2)} x the guest title page${row.name === "title page, signed in" ? ` (target <= ${SIGNED_IN_RATIO_TARGET})` : ""}` : "") +
        `, workerd CPU ${cpu.toFixed(1)} ms/request${isPage && !isSignedIn ? ` (target <= ${CPU_TARGET_MS})` : ""}` +
        (bad ? `, ${bad} answers not 200` : "") +
        `; load ${loadavg()[0].toFixed(1)}`,
    );
  }
  if (missed.length) throw new Error(`render cost targets missed: ${missed.join("; ")}`);
}
