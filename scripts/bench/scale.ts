import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { loadavg } from "node:os";
import { TITLE_SORTS } from "../../app/catalogue/browse";
import { SITEMAP_MAX_URLS } from "../../app/composers/sitemap.server";
import type { BenchContext } from "../lib/bench-context";
import { cpuMs, listeners } from "../lib/process-cpu";
import { localD1File, openLocalD1 } from "../lib/local-d1";
import { serveStateInChild, type ServedState } from "../lib/serve-state-child";

/**
 * Cost that does not grow with the catalogue (decision 026
 * "Scale"): the built Worker is started on each of several persisted states
 * of different sizes (built with `npm run seed:scale -- --titles N
 * --persist-to DIR`), all at once, and the same rows are timed on each, one
 * request at a time, each URL new (a run-unique query parameter: no page
 * cache can answer), the states taking turns request by request so the
 * machine's load falls on every size alike. Rows: the static file (for
 * reference), the uncached title page, person page, search (a prefix,
 * several words), browse (every sort the page offers, three filter mixes)
 * and the sitemap (the index and the first titles file). Prints the p50 of
 * each row on each state and the ratio largest / smallest; fails if any page
 * row grows more than 1.5x.
 *
 * The first titles sitemap file holds min(titles, 50,000) URLs, so on a
 * state under 50,000 titles it is a smaller file: that row is compared per
 * URL (its p50 over the URLs it lists), and printed whole as well.
 *
 *   SCALE_STATES=.wrangler/scale-10k,.wrangler/scale-100k,.wrangler/scale-1m \
 *     npm run bench -- --no-build --only scale --persist-to .wrangler/scale-20k --port 8820
 *
 * (--persist-to: any seeded state outside the list, e.g. a seed:scale of
 * 20,000 titles, so that every listed state is served the same way.)
 *
 * The bench's own Worker serves the state given as --persist-to; each other
 * state gets a Worker in a child process (scripts/lib/serve-state.ts) on
 * SCALE_PORT, SCALE_PORT + 1, ... (default 8821). SCALE_REQUESTS (default
 * 50) requests a row per state; SCALE_ROWS, a regular expression, keeps only
 * the rows whose names it matches; SCALE_ROUNDS (default 1) repeats the
 * table. The exact and typo rows of search and of the suggestions are timed
 * in turn request by request, so their ratio compares requests that met the
 * same load; each row prints p50 / p95 and workerd's CPU a request (the
 * server's own time, which the suggestions' 50 ms limit is checked against).
 */
const STATES = (process.env.SCALE_STATES ?? ".wrangler/scale-10k,.wrangler/scale-100k,.wrangler/scale-1m")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 50);
/** Decision 026: from the smallest to the largest catalogue no page may take more than this many times as long. */
export const SCALE_GROWTH_LIMIT = 1.5;
/** Decision 032: a query with a typo costs at most this many times the same query spelled right. */
export const TYPO_LIMIT = 1.5;
/** Decision 032: the navbar's suggestions take at most this many milliseconds of server time (workerd's CPU a request) on the largest state. */
export const SUGGEST_LIMIT_MS = 50;
/** SCALE_ROUNDS: the whole table this many times over the same Workers (the spread between rounds shows the machine's noise). */
const ROUNDS = Math.max(1, Number(process.env.SCALE_ROUNDS ?? 1));

interface State {
  dir: string;
  worker: ServedState;
  titles: { id: number; slug: string }[];
  people: { id: number; slug: string }[];
  titleCount: number;
  sitemapUrls: number;
}

/** `count` rows spread evenly over the id range (pages from every part of the catalogue, not only the popular end). */
async function subjects(dir: string, count: number) {
  const { client } = openLocalD1(dir);
  try {
    const rows = async (sql: string) => (await client.execute(sql)).rows as unknown as Record<string, string | number>[];
    const spread = async (table: "titles" | "people") => {
      const maxId = Number((await rows(`SELECT max(id) AS n FROM ${table}`))[0]?.n ?? 0);
      const ids = Array.from({ length: count * 2 }, (_, k) => Math.max(1, Math.round(((k + 0.5) * maxId) / (count * 2))));
      const found = await rows(`SELECT id, slug FROM ${table} WHERE id IN (${ids.join(",")}) ORDER BY id`);
      return found.map((r) => ({ id: Number(r.id), slug: String(r.slug) }));
    };
    const titleCount = Number((await rows("SELECT count(*) AS n FROM titles"))[0]?.n ?? 0);
    const sitemapUrls = Number((await rows(`SELECT count(*) AS n FROM titles WHERE id BETWEEN 1 AND ${SITEMAP_MAX_URLS}`))[0]?.n ?? 0);
    const names = (await rows("SELECT name FROM titles ORDER BY id LIMIT 400")).map((r) => String(r.name));
    return { titles: await spread("titles"), people: await spread("people"), titleCount, sitemapUrls, names };
  } finally {
    client.close();
  }
}

/** The value at fraction `p` of the sorted values (nearest rank). */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
};
const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${Math.round(n / 1000)}k` : String(n));

export default async function scale(bench: BenchContext) {
  const dirs = STATES.filter((dir) => {
    const ok =
      existsSync(dir) &&
      (() => {
        try {
          return Boolean(localD1File(dir));
        } catch {
          return false;
        }
      })();
    if (!ok) bench.note(`scale: ${dir} has no database, left out (build it with npm run seed:scale -- --titles N --persist-to ${dir})`);
    return ok;
  });
  if (dirs.length < 2) throw new Error("scale: at least two persisted states are needed (SCALE_STATES)");
  const firstPort = Number(process.env.SCALE_PORT ?? 8821);
  const run = Date.now().toString(36);
  const states: State[] = [];
  let words: string[][] = [];
  try {
    for (const [n, dir] of dirs.entries()) {
      const s = await subjects(dir, REQUESTS + 2);
      if (n === 0)
        words = s.names
          .map((name) =>
            name
              .toLowerCase()
              .split(/\s+/)
              .filter((w) => /^[a-z]{3,}$/.test(w)),
          )
          .filter((w) => w.length > 0);
      // The bench's own Worker already serves its --persist-to (two runtimes on one state would contend for it).
      const worker = resolve(dir) === resolve(bench.persistTo) ? { url: bench.baseUrl, stop: async () => {} } : await serveStateInChild(dir, firstPort + n);
      states.push({ dir, worker, titles: s.titles, people: s.people, titleCount: s.titleCount, sitemapUrls: s.sitemapUrls });
      console.log(`  ${dir}: ${s.titleCount.toLocaleString("en")} titles, Worker on ${worker.url}`);
    }
    /** The i-th item, cycling (the warm-up requests use negative i). */
    const at = <T>(list: T[], i: number) => list[((i % list.length) + list.length) % list.length];
    // The same search words and browse URLs on every state (the seed draws names from the same pools); pages differ by state.
    const mixes = [
      (i: number) => `year_from=${1960 + (i % 50)}&year_to=${1970 + (i % 50)}`,
      (i: number) => `genre=${at(["drama", "comedy", "thriller", "horror", "western"], i)}&rating=${5 + (i % 4)}`,
      (i: number) => `type=${i % 2 ? "series" : "movie"}&genre=${at(["drama", "comedy", "thriller", "horror", "western"], i)}&year_from=${1980 + (i % 30)}&year_to=${2000 + (i % 20)}&rating=5`,
    ];
    // Forgiving search (decision 032): a whole name as typed, and the same with one typo
    // (two neighbouring letters of its longest word swapped), on the page and in the suggestions.
    const named = words.filter((w) => w.some((word) => word.length >= 5));
    const exactName = (i: number) => at(named, i).join(" ");
    const typoName = (i: number) => {
      const name = at(named, i);
      const longest = name.reduce((a, b) => (b.length > a.length ? b : a));
      const typo = longest[0] + longest[2] + longest[1] + longest.slice(3);
      return name.map((w) => (w === longest ? typo : w)).join(" ");
    };
    // Rows of one group are timed request by request in turn (exact, typo, exact, ...), so a
    // typo/exact ratio compares requests that met the same load (the machine is shared).
    type Row = { name: string; path: (s: State, i: number) => string; perUrl?: boolean; group?: string };
    // The round is part of every URL: a repeated URL would be answered by the guest page cache.
    let round = 1;
    const r = (s: State, i: number) => `r=${run}-${round}-${states.indexOf(s)}-${i}`;
    const rows: Row[] = [
      { name: "static file", path: (s, i) => `/favicon.svg?${r(s, i)}` },
      { name: "title page", path: (s, i) => `/titles/${at(s.titles, i).id}/${at(s.titles, i).slug}?${r(s, i)}` },
      { name: "person page", path: (s, i) => `/people/${at(s.people, i).id}/${at(s.people, i).slug}?${r(s, i)}` },
      { name: "search, prefix", path: (s, i) => `/search?query=${at(words, i)[0].slice(0, 3)}&${r(s, i)}` },
      { name: "search, several words", path: (s, i) => `/search?query=${encodeURIComponent(at(words, i).slice(0, 2).join(" "))}&${r(s, i)}` },
      { name: "search, exact name", group: "search", path: (s, i) => `/search?query=${encodeURIComponent(exactName(i))}&${r(s, i)}` },
      { name: "search, one typo", group: "search", path: (s, i) => `/search?query=${encodeURIComponent(typoName(i))}&${r(s, i)}` },
      { name: "suggest, exact name", group: "suggest", path: (s, i) => `/search/suggest?query=${encodeURIComponent(exactName(i))}&${r(s, i)}` },
      { name: "suggest, one typo", group: "suggest", path: (s, i) => `/search/suggest?query=${encodeURIComponent(typoName(i))}&${r(s, i)}` },
      ...TITLE_SORTS.map((sort) => ({ name: `browse ${sort}`, path: (s: State, i: number) => `/titles?sort=${sort}&page=${1 + Math.abs(i % 5)}&${r(s, i)}` })),
      ...mixes.map((mix, m) => ({ name: `browse, filter mix ${m + 1}`, path: (s: State, i: number) => `/titles?${mix(i)}&sort=${at([...TITLE_SORTS], i)}&${r(s, i)}` })),
      { name: "sitemap index", path: (s, i) => `/sitemap.xml?${r(s, i)}` },
      { name: "sitemap file titles-1", path: (s, i) => `/sitemaps/titles-1.xml?${r(s, i)}`, perUrl: true },
    ];
    // SCALE_ROWS (a regular expression) keeps only the rows it matches, e.g. "static|search|suggest".
    const only = process.env.SCALE_ROWS ? new RegExp(process.env.SCALE_ROWS) : null;
    if (only) rows.splice(0, rows.length, ...rows.filter((row) => only.test(row.name)));
    const groups: Row[][] = [];
    for (const row of rows) {
      const same = row.group ? groups.find((g) => g[0].group === row.group) : undefined;
      if (same) same.push(row);
      else groups.push([row]);
    }
    const grown: string[] = [];
    // workerd's CPU per request (decision 018's measure): the server's own time, which a loaded
    // machine's queue does not lengthen (the local D1's SQLite runs in the same process).
    const pidsOf = states.map((s) => listeners(Number(new URL(s.worker.url).port)));
    for (round = 1; round <= ROUNDS; round++) {
      const started = loadavg();
      bench.note(
        `scale${ROUNDS > 1 ? ` round ${round}/${ROUNDS}` : ""}: ${REQUESTS} sequential requests a row on each state, states in turn (rows of a group in turn too), each URL new; load average at start ${started.map((l) => l.toFixed(1)).join(" ")}`,
      );
      const table: { name: string; p50: number[]; p95: number[]; cpu: number[]; bad: number[]; perUrl?: boolean }[] = [];
      for (const group of groups) {
        const times = group.map(() => states.map(() => [] as number[]));
        const bad = group.map(() => states.map(() => 0));
        const cpu = group.map(() => states.map(() => 0));
        // Two untimed requests a state warm the route's code.
        for (const i of [-1, -2]) for (const s of states) for (const row of group) await (await fetch(s.worker.url + row.path(s, i))).arrayBuffer();
        for (let i = 0; i < REQUESTS; i++) {
          for (const [n, s] of states.entries()) {
            for (const [g, row] of group.entries()) {
              const cpu0 = cpuMs(pidsOf[n]);
              const t0 = performance.now();
              const response = await fetch(s.worker.url + row.path(s, i), { redirect: "manual" });
              await response.arrayBuffer();
              times[g][n].push(performance.now() - t0);
              cpu[g][n] += cpuMs(pidsOf[n]) - cpu0;
              if (response.status !== 200) bad[g][n]++;
            }
          }
        }
        for (const [g, row] of group.entries()) {
          const p50 = times[g].map((t) => percentile(t, 0.5));
          const p95 = times[g].map((t) => percentile(t, 0.95));
          const cpuPerRequest = cpu[g].map((ms, n) => (pidsOf[n].length ? ms / REQUESTS : Number.NaN));
          table.push({ name: row.name, p50, p95, cpu: cpuPerRequest, bad: bad[g], perUrl: row.perUrl });
          console.log(
            `  ${row.name.padEnd(28)} ${p50.map((p, n) => `${p.toFixed(1)} / ${p95[n].toFixed(1)} ms, CPU ${cpuPerRequest[n].toFixed(1)}`.padStart(30)).join(" ")}  load ${loadavg()[0].toFixed(1)}`,
          );
        }
      }
      const ended = loadavg();

      // The table: p50 and p95 per state, the p50 ratio largest / smallest, the verdict.
      const heads = ["row", ...states.map((s) => `${label(s.titleCount)} p50 / p95 (workerd CPU a request)`), `${label(states.at(-1)!.titleCount)}/${label(states[0].titleCount)}`, ""];
      const lines: string[][] = [];
      for (const row of table) {
        const first = row.perUrl ? row.p50[0] / Math.max(1, states[0].sitemapUrls) : row.p50[0];
        const last = row.perUrl ? row.p50.at(-1)! / Math.max(1, states.at(-1)!.sitemapUrls) : row.p50.at(-1)!;
        const ratio = last / first;
        const isPage = row.name !== "static file";
        const bad = row.bad.some((b) => b > 0);
        const ok = !isPage || (ratio <= SCALE_GROWTH_LIMIT && !bad);
        if (!ok) grown.push(`${row.name} (${ratio.toFixed(2)}x${bad ? `, answers not 200: ${row.bad.join("/")}` : ""})`);
        lines.push([
          row.name + (row.perUrl ? " (ratio per URL)" : ""),
          ...row.p50.map((p, n) => `${p.toFixed(1)} / ${row.p95[n].toFixed(1)} ms (CPU ${row.cpu[n].toFixed(1)})`),
          `${ratio.toFixed(2)}x`,
          !isPage ? "reference" : ok ? "met" : "GREW",
        ]);
      }
      const widths = heads.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
      const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
      console.log(`\n${fmt(heads)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${lines.map(fmt).join("\n")}`);
      bench.note(
        `scale: states ${states.map((s) => `${s.dir} (${s.titleCount.toLocaleString("en")} titles)`).join(", ")}; sitemap titles-1 lists ${states.map((s) => s.sitemapUrls.toLocaleString("en")).join(" / ")} URLs; load average at end ${ended.map((l) => l.toFixed(1)).join(" ")}`,
      );
      for (const line of lines) bench.note(`scale ${line.join(" | ")}`);
      // A typo may cost at most TYPO_LIMIT times the exact query on the same state (decision 032), p50 against p50.
      for (const [typo, exact] of [
        ["search, one typo", "search, exact name"],
        ["suggest, one typo", "suggest, exact name"],
      ]) {
        const t = table.find((row) => row.name === typo);
        const e = table.find((row) => row.name === exact);
        if (!t || !e) continue;
        const ratios = t.p50.map((p, n) => p / e.p50[n]);
        const p95s = t.p95.map((p, n) => p / e.p95[n]);
        bench.note(
          `scale ${typo} / ${exact}: p50 ${ratios.map((x, n) => `${label(states[n].titleCount)} ${x.toFixed(2)}x`).join(", ")}; p95 ${p95s.map((x, n) => `${label(states[n].titleCount)} ${x.toFixed(2)}x`).join(", ")}`,
        );
        if (ratios.some((x) => x > TYPO_LIMIT)) grown.push(`${typo} costs more than ${TYPO_LIMIT}x ${exact} (${ratios.map((x) => x.toFixed(2)).join(" / ")})`);
      }
      // Decision 032: the navbar's suggestions take at most SUGGEST_LIMIT_MS of server time on the largest
      // state: workerd's CPU a request (without ss to find workerd, the p50 less the static file's p50).
      const reference = table.find((row) => row.name === "static file")?.p50.at(-1) ?? 0;
      for (const row of table.filter((row) => row.name.startsWith("suggest"))) {
        const cpu = row.cpu.at(-1)!;
        const server = Number.isNaN(cpu) ? row.p50.at(-1)! - reference : cpu;
        bench.note(
          `scale ${row.name} on ${label(states.at(-1)!.titleCount)}: workerd CPU ${cpu.toFixed(1)} ms a request, p50 ${row.p50.at(-1)!.toFixed(1)} ms (${(row.p50.at(-1)! - reference).toFixed(1)} ms beyond the static file's); limit ${SUGGEST_LIMIT_MS} ms`,
        );
        if (server > SUGGEST_LIMIT_MS) grown.push(`${row.name} ${server.toFixed(1)} ms of server time on ${label(states.at(-1)!.titleCount)} (limit ${SUGGEST_LIMIT_MS} ms)`);
      }
    }
    if (grown.length)
      throw new Error(
        `scale: grew more than ${SCALE_GROWTH_LIMIT}x from ${label(states[0].titleCount)} to ${label(states.at(-1)!.titleCount)} titles, a typo cost too much or a suggestion was slow: ${grown.join("; ")}`,
      );
  } finally {
    for (const s of states) await s.worker.stop();
  }
}
