import autocannon from "autocannon";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import type { BenchContext } from "../lib/bench-context";
import { openLocalD1 } from "../lib/local-d1";
import { cpuMs, listeners } from "../lib/process-cpu";
import { bin, quietEnv, run } from "../lib/run";
import { serveStateInChild } from "../lib/serve-state-child";

/**
 * The floor under decision 026's render-cost targets: what this stack costs on
 * this machine for a page's own work, with none of the site's code.
 * scripts/bench/floor-app is the smallest React Router app the site's
 * toolchain builds (React Router 8, React 19, the Cloudflare Vite plugin,
 * workerd through wrangler, local D1): a root layout with React Router's
 * Meta/Links/Scripts, and routes that do exactly a page's I/O and render
 * cards of the same HTML size, inside a plain navbar and footer of the
 * site's size (bare elements), with no middleware, translation, page cache
 * or security headers. It runs beside the site's Worker and is
 * measured the same way as scripts/bench/render-cost.ts (one request at a
 * time, each URL new; workerd CPU per request from /proc), then at 50
 * connections with every URL distinct. A row of the site cannot cost less
 * than the floor row with its work.
 *
 *   npm run bench -- --only render-floor
 */
const REQUESTS = Number(process.env.RENDER_COST_REQUESTS ?? 150);
/** The first measured uncached title pages and browse mixes at 50 connections (req/s); decision 026 asks for 3x. */
const ISSUE_3_TITLE_RPS = 85;
const ISSUE_3_BROWSE_RPS = 114;

const APP_DIR = join(import.meta.dirname, "floor-app");
/** wrangler's dev proxy port of the floor app (the bench measures the runtime's own socket behind it). */
const FLOOR_PORT = Number(process.env.RENDER_FLOOR_PORT ?? 8797);

/** `measured` req/s against the first measured figure for the row's kind of page, and decision 026's target. */
function reference(name: string, measured: number) {
  const [label, rps] = name.includes("browse") ? ["browse mixes", ISSUE_3_BROWSE_RPS] : ["title pages", ISSUE_3_TITLE_RPS];
  return `${(measured / rps).toFixed(2)}x the first measured ${rps} for ${label}; decision 026 asks for ${3 * rps}`;
}

export default async function renderFloor(bench: BenchContext) {
  await run(join(process.cwd(), bin("react-router")), ["build"], { cwd: APP_DIR, env: quietEnv, stdio: "ignore" });
  const persist = `${bench.persistTo}-render-floor`;
  rmSync(persist, { recursive: true, force: true });
  // Its own child process: wrangler's startWorker does not start a second Worker in the bench's process.
  const worker = await serveStateInChild(persist, FLOOR_PORT, { buildDir: join(APP_DIR, "build") });
  try {
    const floorUrl = worker.url;
    const setup = await fetch(`${floorUrl}/setup`, { method: "POST" });
    if (setup.status !== 200) throw new Error(`render floor: setup answered ${setup.status}: ${await setup.text()}`);
    const floorPids = listeners(Number(new URL(floorUrl).port));
    const sitePids = listeners(Number(new URL(bench.baseUrl).port));
    const titles = await siteTitlePaths(bench.persistTo);
    const run = Date.now().toString(36);
    const at = <T>(list: T[], i: number) => list[((i % list.length) + list.length) % list.length];

    const rows: { name: string; base: string; pids: number[]; path: (i: number) => string }[] = [
      { name: "site: static file", base: bench.baseUrl, pids: sitePids, path: (i) => `/favicon.svg?r=${run}-${i}` },
      { name: "floor: resource route (no React render)", base: floorUrl, pids: floorPids, path: (i) => `/text?r=${run}-${i}` },
      { name: "floor: document, one paragraph", base: floorUrl, pids: floorPids, path: (i) => `/?r=${run}-${i}` },
      { name: "floor: document, one D1 statement", base: floorUrl, pids: floorPids, path: (i) => `/one-query?r=${run}-${i}` },
      { name: "floor: 25 cards, no D1 (15 KB)", base: floorUrl, pids: floorPids, path: (i) => `/page/25?r=${run}-${i}` },
      { name: "floor: 100 cards, no D1 (49 KB)", base: floorUrl, pids: floorPids, path: (i) => `/page/100?r=${run}-${i}` },
      // Each page's own work, inside a plain navbar and footer of the site's size (shell=1: a page of this site has them):
      // the title page, one batch of 13 statements, one view written after the answer (one write per view, as the
      // site did before it wrote an isolate's views together: the row without it is the floor for that), about 44 KB of HTML;
      {
        name: "floor: title page's work with a shell (13 statements, a view write, 70 cards)",
        base: floorUrl,
        pids: floorPids,
        path: (i) => `/shaped/${1 + Math.abs(i) * 7}?statements=13&cards=70&view=1&shell=1&r=${run}-${i}`,
      },
      { name: "floor: the same without the view write", base: floorUrl, pids: floorPids, path: (i) => `/shaped/${1 + Math.abs(i) * 7}?statements=13&cards=70&shell=1&r=${run}-${i}` },
      // the person and search pages, one batch of about 5 statements, about 32 KB of HTML;
      {
        name: "floor: person/search page's work with a shell (5 statements, 45 cards)",
        base: floorUrl,
        pids: floorPids,
        path: (i) => `/shaped/${1 + Math.abs(i) * 7}?statements=5&cards=45&shell=1&r=${run}-${i}`,
      },
      { name: "floor: the same without the shell (5 statements, 60 cards)", base: floorUrl, pids: floorPids, path: (i) => `/shaped/${1 + Math.abs(i) * 7}?statements=5&cards=60&r=${run}-${i}` },
      // the browse page, the page and its capped count in one batch, about 67 KB of HTML.
      {
        name: "floor: browse page's work with a shell (2 statements, 180 cards)",
        base: floorUrl,
        pids: floorPids,
        path: (i) => `/shaped/${1 + Math.abs(i) * 7}?statements=2&cards=180&shell=1&r=${run}-${i}`,
      },
      ...(titles.length ? [{ name: "site: title page", base: bench.baseUrl, pids: sitePids, path: (i: number) => `${at(titles, i)}?r=${run}-${i}` }] : []),
    ];
    bench.note(`render floor: ${REQUESTS} sequential requests a row, each URL new (scripts/bench/floor-app); load average at start ${loadavg()[0].toFixed(1)}`);
    let staticP50 = 0;
    for (const row of rows) {
      for (const i of [-1, -2, -3]) await (await fetch(row.base + row.path(i))).arrayBuffer();
      const before = cpuMs(row.pids);
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const response = await fetch(row.base + row.path(i), { redirect: "manual" });
        const body = await response.arrayBuffer();
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`render floor: ${row.name} answered ${response.status}`);
        bytes = body.byteLength;
      }
      const cpu = row.pids.length ? (cpuMs(row.pids) - before) / REQUESTS : Number.NaN;
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length / 2)];
      if (row.name === "site: static file") staticP50 = p50;
      bench.note(
        `render floor ${row.name}: ${(bytes / 1024).toFixed(1)} KB, sequential p50 ${p50.toFixed(1)} ms = ${(p50 / staticP50).toFixed(2)} x static, ` +
          `workerd CPU ${cpu.toFixed(1)} ms/request; load ${loadavg()[0].toFixed(1)}`,
      );
    }

    // 50 connections, every URL distinct: the most this stack answers with a title page's work here.
    const connections = 50;
    const duration = 10;
    const load = async (base: string, paths: string[], seconds = duration) => {
      let next = 0;
      return autocannon({
        url: base + paths[0],
        connections,
        duration: seconds,
        requests: [{ setupRequest: (request: { path: string }) => ({ ...request, path: paths[next++ % paths.length] }) }],
      });
    };
    for (const [name, base, paths] of [
      ["floor: title page's work with a shell, distinct URLs", floorUrl, Array.from({ length: 5000 }, (_, i) => `/shaped/${1 + i}?statements=13&cards=70&view=1&shell=1&r=${run}-c${i}`)],
      ["floor: the same without the view write", floorUrl, Array.from({ length: 5000 }, (_, i) => `/shaped/${1 + i}?statements=13&cards=70&shell=1&r=${run}-c${i}`)],
      // As the site does on a miss: the Cache API looked up, and a copy stored (decision 046).
      [
        "floor: title page's work through the Cache API, distinct URLs",
        floorUrl,
        Array.from({ length: 5000 }, (_, i) => `/shaped/${1 + i}?statements=13&cards=70&view=1&shell=1&edge=1&r=${run}-e${i}`),
      ],
      ["floor: browse page's work with a shell, distinct URLs", floorUrl, Array.from({ length: 5000 }, (_, i) => `/shaped/${1 + i}?statements=2&cards=180&shell=1&r=${run}-c${i}`)],
      ...(titles.length ? [["site: title pages, distinct URLs", bench.baseUrl, Array.from({ length: 5000 }, (_, i) => `${at(titles, i)}?r=${run}-c${i}`)] as const] : []),
    ] as const) {
      const result = await load(base, [...paths]);
      const rps = result.requests.average;
      bench.note(
        `render floor ${name} at ${connections} connections: ${rps.toFixed(1)} req/s (${reference(name, rps)}), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} not 2xx, ${result.errors} errors`,
      );
    }

    // The same URL again and again at 50 connections: the static file beside the least a Worker can answer
    // (React Router's resource route, then its one-paragraph document), for decision 026's "cached rows within
    // 1.5x the static file's p50 and p99". A cached page is served by the Worker, so it cannot beat these.
    const repeated: [string, string, string][] = [
      ["site: static file", bench.baseUrl, "/favicon.svg"],
      ["floor: resource route (no React render)", floorUrl, "/text"],
      ["floor: document, one paragraph", floorUrl, "/"],
      ...(titles.length ? ([["site: title page (cached)", bench.baseUrl, titles[0]]] as [string, string, string][]) : []),
    ];
    let staticLatency: { p50: number; p99: number } | null = null;
    for (const [name, base, path] of repeated) {
      await load(base, [path], 2); // warm-up: the cached row's copy is made here
      const result = await load(base, [path]);
      staticLatency ??= result.latency;
      bench.note(
        `render floor ${name}, one URL at ${connections} connections: ${result.requests.average.toFixed(1)} req/s, ` +
          `p50 ${result.latency.p50} ms (${(result.latency.p50 / staticLatency.p50).toFixed(2)}x static), p99 ${result.latency.p99} ms (${(result.latency.p99 / staticLatency.p99).toFixed(2)}x static)`,
      );
    }
  } finally {
    await worker.stop();
  }
}

/** Title page paths of the site's catalogue (up to 5,000), most popular first. */
async function siteTitlePaths(persistTo: string): Promise<string[]> {
  const { client } = openLocalD1(persistTo);
  try {
    const rows = (await client.execute(`SELECT id, slug FROM titles ORDER BY popularity DESC LIMIT 5000`)).rows as unknown as { id: number; slug: string }[];
    return rows.map((row) => `/titles/${row.id}/${row.slug}`);
  } finally {
    client.close();
  }
}
