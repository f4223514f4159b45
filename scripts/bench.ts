/**
 * npm run bench: load numbers for the built Worker on this machine.
 *
 *   npm run bench                         build, fresh seeded state, all scenarios
 *   npm run bench -- --no-build           reuse the last build
 *   npm run bench -- --only core          just the home page / static asset rows
 *   npm run bench -- --only catalogue     just scripts/bench/catalogue.ts
 *   npm run bench -- --persist-to .wrangler/scale   a pre-seeded state (kept as is)
 *   npm run bench -- --duration 20 --connections 100
 *
 * Core rows: the SSR home page and a static asset of the same server, their
 * p50 ratio (target <= 3), and the JavaScript public pages ship (sum of the
 * gzip sizes of every script the HTML of the home page, a title page and the
 * browse page loads; any of them over 120 KB fails).
 * Then every module in scripts/bench/ in name order; each default-exports
 * `async function (bench: BenchContext)` (see scripts/lib/bench-context.ts).
 * The Worker runs with LOG_LEVEL=warn and without wrangler's local trace
 * collector (scripts/lib/local-server.ts) so logging does not dominate, and
 * the load goes to the Worker's own workerd socket, not through wrangler's
 * dev proxy (serveBuiltWorkerDirect; decision 018).
 */
import autocannon from "autocannon";
import { readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import type { BenchContext, BenchRequest, BenchRow, MeasureOptions } from "./lib/bench-context";
import { buildApp, migrateAndSeed, serveBuiltWorkerDirect, type RunningWorker } from "./lib/local-server";
import { BROWSER_USER_AGENT, PUBLIC_PAGE_JS_BUDGET_BYTES, PUBLIC_PAGE_JS_MARGIN_BYTES, shippedJavaScript } from "./lib/page-scripts";

/** A public page may ship at most this much JavaScript (gzip), decision 006. */
const JS_BUDGET_BYTES = PUBLIC_PAGE_JS_BUDGET_BYTES;
/** The SSR home page's p50 should be within this factor of a static file's. */
const RATIO_TARGET = 3;

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    only: { type: "string" },
    "persist-to": { type: "string" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string" },
  },
});
const defaults = { duration: Number(values.duration), connections: Number(values.connections) };
if (!(defaults.duration > 0) || !(defaults.connections > 0)) {
  console.error("--duration and --connections must be positive numbers");
  process.exit(2);
}

const scenarioDir = join(import.meta.dirname, "bench");
const scenarios = readdirSync(scenarioDir)
  .filter((file) => /\.(ts|js|mjs)$/.test(file) && !file.endsWith(".d.ts"))
  .sort()
  .map((file) => ({ name: basename(file).replace(/\.(ts|js|mjs)$/, ""), file: join(scenarioDir, file) }));
const only = values.only;
if (only && only !== "core" && !scenarios.some((s) => s.name === only)) {
  console.error(`No scenario "${only}". Choose core or one of: ${scenarios.map((s) => s.name).join(", ") || "(none)"}`);
  process.exit(2);
}

const rows: BenchRow[] = [];
const notes: string[] = [];
let failed = false;
let worker = null as RunningWorker | null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

function runAutocannon(baseUrl: string, request: BenchRequest, duration: number, connections: number, pipelining: number) {
  return autocannon({
    url: baseUrl + request.path,
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
    duration,
    connections,
    pipelining,
    ...(request.paths?.length ? { requests: [{ setupRequest: cyclePaths(request.paths) }] } : {}),
  });
}

/** autocannon's setupRequest that sends `paths` in turn. */
function cyclePaths(paths: string[]) {
  let next = 0;
  return <T extends { path: string }>(request: T): T => ({ ...request, path: paths[next++ % paths.length] });
}

function makeContext(baseUrl: string, persistTo: string): BenchContext {
  return {
    baseUrl,
    persistTo,
    note: (line) => notes.push(line),
    async measure(name: string, pathOrRequest: string | BenchRequest, options: MeasureOptions = {}) {
      const request = typeof pathOrRequest === "string" ? { path: pathOrRequest } : pathOrRequest;
      const connections = options.connections ?? defaults.connections;
      const duration = options.duration ?? defaults.duration;
      const pipelining = options.pipelining ?? 1;
      // A quick check first: a scenario aimed at a 404 or an error page measures nothing useful.
      const probe = await fetch(baseUrl + request.path, { method: request.method ?? "GET", headers: request.headers, body: request.body, redirect: "manual" });
      await probe.arrayBuffer();
      if (probe.status >= 300 && !(probe.status === 404 && request.path === "/bench-no-such-page")) {
        notes.push(`${name}: ${request.path} answers ${probe.status}, so its numbers are for that answer.`);
      }
      if (options.warmup !== false) await runAutocannon(baseUrl, request, Math.min(2, duration), Math.min(10, connections), 1);
      process.stdout.write(`  measuring ${name} (${duration} s, ${connections} connections)… `);
      const result = await runAutocannon(baseUrl, request, duration, connections, pipelining);
      const row: BenchRow = {
        name,
        path: request.path,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requests: result.requests.total,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      };
      console.log(`${Math.round(row.requestsPerSecond)} req/s`);
      rows.push(row);
      return row;
    },
  };
}

/** The seeded translations (scripts/seed/translations): their pages must hold the budget too. */
const TRANSLATED_LANGUAGES = ["es", "fr"];

async function measureShippedJs(baseUrl: string, path = "/", language?: string) {
  const headers: Record<string, string> = { "User-Agent": BROWSER_USER_AGENT, ...(language ? { "Accept-Language": language } : {}) };
  const html = await (await fetch(baseUrl + path, { headers })).text();
  if (language && !new RegExp(`<html\\b[^>]*\\blang="${language}"`).test(html)) notes.push(`${path} did not answer in ${language}: its numbers are for another language.`);
  const js = await shippedJavaScript(html, baseUrl + path, async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
  for (const url of js.foreign) notes.push(`JS from another origin not counted: ${url}`);
  return { files: js.files.length, inline: js.inline.length, raw: js.raw, gzip: js.gzip };
}

/** A title page's path, read from the titles list (null when the catalogue is empty). */
async function firstTitlePath(baseUrl: string): Promise<string | null> {
  const html = await (await fetch(`${baseUrl}/titles`)).text();
  return /href="(\/titles\/\d+\/[^"?#]+)"/.exec(html)?.[1] ?? null;
}

async function core(bench: BenchContext) {
  const home = await bench.measure("home page (SSR)", "/");
  const favicon = await bench.measure("static asset /favicon.svg", "/favicon.svg");
  // The same document without a page's own loader: what the shell (middleware, root loader, navbar, footer) costs.
  await bench.measure("shell only (404 page, SSR)", "/bench-no-such-page");
  const ratio = favicon.p50Ms > 0 ? home.p50Ms / favicon.p50Ms : Number.POSITIVE_INFINITY;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const ratioLine = `home p50 / static p50 = ${home.p50Ms} ms / ${favicon.p50Ms} ms = ${ratio.toFixed(2)} (target <= ${RATIO_TARGET}: ${ratio <= RATIO_TARGET ? "met" : "MISSED"})`;

  // The budget holds for every public page a guest lands on, not only the home page.
  const titlePath = await firstTitlePath(bench.baseUrl);
  if (!titlePath) notes.push("No title in the catalogue: the title page's JavaScript was not measured.");
  const pages = [
    { name: "home page", path: "/" },
    ...(titlePath ? [{ name: "title page", path: titlePath }] : []),
    // The browse list (filters, sorting) lives at /titles; /browse is no route (it measured the 404 page).
    { name: "browse page", path: "/titles" },
  ];
  const jsLines: string[] = [];
  let overBudget = false;
  for (const page of pages) {
    // English, then a guest reading in each seeded translation (a page embeds the lines it renders, decision 006).
    for (const language of [undefined, ...TRANSLATED_LANGUAGES]) {
      const js = await measureShippedJs(bench.baseUrl, page.path, language);
      const within = js.gzip <= JS_BUDGET_BYTES;
      if (!within) overBudget = true;
      jsLines.push(
        `JavaScript shipped to the ${page.name} (${page.path})${language ? ` in ${language}` : ""}: ${kb(js.gzip)} gzip (${kb(js.raw)} raw, ${js.files} files + ${js.inline} inline scripts; budget ${kb(JS_BUDGET_BYTES)}: ${within ? "within" : "OVER"}; ` +
          `${kb(JS_BUDGET_BYTES - js.gzip)} to spare, decision 041's margin ${kb(PUBLIC_PAGE_JS_MARGIN_BYTES)}: ${JS_BUDGET_BYTES - js.gzip >= PUBLIC_PAGE_JS_MARGIN_BYTES ? "kept" : "NOT kept"})`,
      );
    }
  }
  const shellJs = await measureShippedJs(bench.baseUrl, "/bench-no-such-page");
  const shellLine = `JavaScript of the shell alone (404 page, same layout): ${kb(shellJs.gzip)} gzip (${shellJs.files} files); the difference is a page's own code`;
  return { ratioLine, jsLines, shellLine, overBudget };
}

function printTable() {
  const header = ["scenario", "path", "req/s", "p50 ms", "p99 ms", "requests", "errors", "non-2xx"];
  const body = rows.map((r) => [r.name, r.path, Math.round(r.requestsPerSecond).toString(), r.p50Ms.toString(), r.p99Ms.toString(), r.requests.toString(), r.errors.toString(), r.non2xx.toString()]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(`\n${line(header)}`);
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of body) console.log(line(row));
}

async function main() {
  const persistTo = values["persist-to"] ?? ".wrangler/bench-state";
  if (!values["no-build"]) {
    console.log("Building…");
    await buildApp();
  }
  if (!values["persist-to"]) rmSync(persistTo, { recursive: true, force: true });
  console.log(`Migrating and seeding ${persistTo}…`);
  await migrateAndSeed({ persistTo, log: () => {} });
  const port = values.port ? Number(values.port) : await freePort();
  // EDGE_PAGE_CACHE=off in the environment measures without the Cache API tier (decision 026).
  const served = await serveBuiltWorkerDirect({ persistTo, port, vars: { LOG_LEVEL: "warn", ...(process.env.EDGE_PAGE_CACHE ? { EDGE_PAGE_CACHE: process.env.EDGE_PAGE_CACHE } : {}) } });
  worker = served;
  console.log(
    served.direct
      ? `Worker on ${served.url} (its own workerd socket; wrangler's dev proxy at ${served.proxyUrl} is not in the path); ${defaults.duration} s per row, ${defaults.connections} connections.`
      : `Worker on ${served.url} (through wrangler's dev proxy: this wrangler does not expose the runtime); ${defaults.duration} s per row, ${defaults.connections} connections.`,
  );
  if (!served.direct) notes.push("Measured through wrangler's dev proxy, which production does not have: every row pays its CPU.");
  const bench = makeContext(worker.url, persistTo);

  const summary: string[] = [];
  if (!only || only === "core") {
    const result = await core(bench);
    summary.push(result.ratioLine, ...result.jsLines, result.shellLine);
    if (result.overBudget) failed = true;
  }
  for (const scenario of scenarios) {
    if (only && only !== scenario.name) continue;
    console.log(`Scenario ${scenario.name}:`);
    const module = (await import(pathToFileURL(scenario.file).href)) as { default?: (bench: BenchContext) => Promise<void> };
    if (typeof module.default !== "function") {
      notes.push(`${scenario.name}: no default export, skipped`);
      continue;
    }
    try {
      await module.default(bench);
    } catch (error) {
      failed = true;
      notes.push(`${scenario.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  printTable();
  console.log("");
  for (const line of [...summary, ...notes]) console.log(line);
  const broken = rows.filter((r) => r.errors > 0);
  if (broken.length) {
    failed = true;
    console.log(`Connection errors in: ${broken.map((r) => r.name).join(", ")}`);
  }
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  try {
    await main();
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await worker?.stop();
  }
  process.exit(failed ? 1 : 0);
}
