import { cpSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import type { BenchContext } from "../lib/bench-context";
import { openLocalD1 } from "../lib/local-d1";
import { cpuMs, listeners } from "../lib/process-cpu";
import { bin, quietEnv, run } from "../lib/run";
import { serveStateInChild, type ServedState } from "../lib/serve-state-child";

/**
 * Each uncached page kind's workerd CPU as a ratio to its floor (decision 045), measured so that
 * the machine's load cancels out: the site's page and the floor app's row for the same work
 * (scripts/bench/floor-app, as in render-floor.ts) are asked in alternating blocks, one request at
 * a time, each URL new, and each side's CPU is summed over its own blocks. Run one after the other
 * (render-floor.ts, render-cost.ts), the two sides see different loads: on a shared 2-core machine a
 * row's CPU moved by up to 40% between runs, more than the differences being measured.
 *
 * RENDER_RATIO_BUILD=<dir> adds a third side: another build of the site (`BUILD_DIR=<dir> npx
 * react-router build`) on a copy of the same state, in the same blocks, for an A/B of a change;
 * RENDER_RATIO_VARS=NAME=value,... serves that side (this build when no other is named) with
 * other Worker variables (EDGE_PAGE_CACHE=off: without the Cache API tier). RENDER_RATIO_KINDS=title,person
 * measures only the page kinds whose names start so. RENDER_FLOOR_RENDERER=node builds the floor with
 * React's Node renderer, as the site renders (decision 045), instead of React Router's default edge one;
 * RENDER_FLOOR_RENDERER=node-text also with the site's text writer (scripts/vite/react-dom-server-text.ts).
 * RENDER_RATIO_SEARCH_WORDS=N searches only N words and phrases, so queries repeat as popular ones do.
 * RENDER_FLOOR_EDGE_CACHE=1 sends the floor's pages through the Cache API as the site's are (a lookup
 * on every request, a copy stored on each miss): the same work as an edge-cached site (decision 046).
 *
 *   npm run bench -- --only render-ratio
 *   RENDER_RATIO_ROUNDS=20 RENDER_RATIO_BUILD=build-b npm run bench -- --no-build --only render-ratio
 */
const ROUNDS = Number(process.env.RENDER_RATIO_ROUNDS ?? 15);
const BLOCK = Number(process.env.RENDER_RATIO_BLOCK ?? 10);
/** Decision 045's target: every uncached page kind at most this many times its floor's workerd CPU. */
const TARGET = 1.25;
const FLOOR_DIR = join(import.meta.dirname, "floor-app");
const FLOOR_PORT = Number(process.env.RENDER_FLOOR_PORT ?? 8797);
const B_PORT = Number(process.env.RENDER_RATIO_B_PORT ?? 8798);

type Side = { name: string; base: string; pids: number[] };

export default async function renderRatio(bench: BenchContext) {
  await run(join(process.cwd(), bin("react-router")), ["build"], { cwd: FLOOR_DIR, env: quietEnv, stdio: "ignore" });
  const floorState = `${bench.persistTo}-render-floor`;
  rmSync(floorState, { recursive: true, force: true });
  const servers: ServedState[] = [];
  try {
    const floor = await serveStateInChild(floorState, FLOOR_PORT, { buildDir: join(FLOOR_DIR, "build") });
    servers.push(floor);
    const setup = await fetch(`${floor.url}/setup`, { method: "POST" });
    if (setup.status !== 200) throw new Error(`render ratio: the floor's setup answered ${setup.status}`);
    const sides: Side[] = [
      { name: "site", base: bench.baseUrl, pids: listeners(Number(new URL(bench.baseUrl).port)) },
      { name: "floor", base: floor.url, pids: listeners(Number(new URL(floor.url).port)) },
    ];
    const otherBuild = process.env.RENDER_RATIO_BUILD;
    const otherVars = process.env.RENDER_RATIO_VARS;
    if (otherBuild || otherVars) {
      const copy = `${bench.persistTo}-render-ratio-b`;
      rmSync(copy, { recursive: true, force: true });
      cpSync(bench.persistTo, copy, { recursive: true });
      const vars = Object.fromEntries(
        (otherVars ?? "")
          .split(",")
          .filter(Boolean)
          .map((pair) => pair.split("=") as [string, string]),
      );
      const b = await serveStateInChild(copy, B_PORT, { buildDir: otherBuild, vars });
      servers.push(b);
      sides.push({ name: `site (${[otherBuild, otherVars].filter(Boolean).join(", ")})`, base: b.url, pids: listeners(Number(new URL(b.url).port)) });
    }
    if (sides.some((side) => side.pids.length === 0)) throw new Error("render ratio: a Worker's process was not found (ss missing?)");

    const s = await subjects(bench.persistTo);
    const runId = Date.now().toString(36);
    const at = <T>(list: T[], i: number) => list[((i % list.length) + list.length) % list.length];
    const edge = process.env.RENDER_FLOOR_EDGE_CACHE === "1" ? "&edge=1" : "";
    const shaped = (statements: number, cards: number, view: boolean) => (i: number) =>
      `/shaped/${1 + Math.abs(i) * 7}?statements=${statements}&cards=${cards}${view ? "&view=1" : ""}&shell=1${edge}&r=${runId}-${i}`;
    const floorTitle = shaped(13, 70, true);
    const floorPerson = shaped(5, 45, false);
    const floorBrowse = shaped(2, 180, false);
    const orders = ["popularity", "rating", "release_date", "name"];
    const kinds: { name: string; site: (i: number) => string; floor: (i: number) => string }[] = [
      { name: "title page", site: (i) => `${at(s.titles, i)}?r=${runId}-${i}`, floor: floorTitle },
      { name: "person page", site: (i) => `${at(s.people, i)}?r=${runId}-${i}`, floor: floorPerson },
      { name: "search, prefix", site: (i) => `/search?query=${encodeURIComponent(at(s.words, i).slice(0, 3))}&r=${runId}-${i}`, floor: floorPerson },
      { name: "search, several words", site: (i) => `/search?query=${encodeURIComponent(at(s.phrases, i))}&r=${runId}-${i}`, floor: floorPerson },
      { name: "browse, sorted", site: (i) => `/titles?order=${at(orders, i)}&page=${1 + Math.abs(i % 5)}&r=${runId}-${i}`, floor: floorBrowse },
      { name: "browse, filtered", site: (i) => `/titles?genre=${at(s.genres, i)}&year_from=${1970 + (i % 30)}&r=${runId}-${i}`, floor: floorBrowse },
    ];
    const only = process.env.RENDER_RATIO_KINDS?.split(",");
    if (only) kinds.splice(0, kinds.length, ...kinds.filter((kind) => only.some((name) => kind.name.startsWith(name))));
    bench.note(
      `render ratio: ${ROUNDS} rounds of ${BLOCK} requests a side, alternating; floor ${process.env.RENDER_FLOOR_RENDERER ?? "edge"} renderer${edge ? ", through the Cache API" : ""}; load average at start ${loadavg()[0].toFixed(1)}`,
    );
    for (const [k, kind] of kinds.entries()) {
      const cpu = new Map<string, number>(sides.map((side) => [side.name, 0]));
      // Kinds share floor rows: each asks its own URLs, so none finds another's copy in the floor's Cache API.
      const floorPath = (i: number) => `${kind.floor(i)}-${k}`;
      const pathFor = (side: Side) => (side.name === "floor" ? floorPath : kind.site);
      for (const side of sides) for (const i of [-1, -2, -3]) await get(side.base + pathFor(side)(i), kind.name);
      for (let round = 0; round < ROUNDS; round++) {
        // The order of the sides turns each round, so neither always follows the other.
        const order = sides.map((_, k) => sides[(k + round) % sides.length]);
        for (const side of order) {
          const before = cpuMs(side.pids);
          for (let j = 0; j < BLOCK; j++) await get(side.base + pathFor(side)(round * BLOCK + j), kind.name);
          cpu.set(side.name, (cpu.get(side.name) ?? 0) + cpuMs(side.pids) - before);
        }
      }
      const per = (name: string) => (cpu.get(name) ?? 0) / (ROUNDS * BLOCK);
      const floorMs = per("floor");
      const parts = sides.filter((side) => side.name !== "floor").map((side) => `${side.name} ${per(side.name).toFixed(1)} ms = ${(per(side.name) / floorMs).toFixed(2)}x`);
      const met = per("site") / floorMs <= TARGET;
      bench.note(`${met ? "met   " : "MISSED"} render ratio ${kind.name}: floor ${floorMs.toFixed(1)} ms, ${parts.join(", ")} (target <= ${TARGET}x); load ${loadavg()[0].toFixed(1)}`);
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

async function get(url: string, kind: string) {
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`render ratio: ${kind} ${url} answered ${response.status}`);
}

/** Title and person pages of the site's catalogue, most popular first, and words and phrases of their names for search. */
async function subjects(persistTo: string) {
  const { client } = openLocalD1(persistTo);
  try {
    const rows = async (sql: string) => (await client.execute(sql)).rows as unknown as Record<string, string | number>[];
    const titles = await rows("SELECT id, slug, name FROM titles ORDER BY popularity DESC LIMIT 300");
    const people = await rows("SELECT id, slug FROM people ORDER BY popularity DESC LIMIT 300");
    const genres = (await rows("SELECT slug FROM genres ORDER BY id")).map((row) => String(row.slug));
    const names = titles.map((t) => String(t.name).toLowerCase());
    // RENDER_RATIO_SEARCH_WORDS=N: search only the first N words and phrases, as visitors repeat popular queries.
    const repeat = Number(process.env.RENDER_RATIO_SEARCH_WORDS ?? 0) || undefined;
    const words = names.flatMap((name) => name.split(/\s+/).filter((w) => /^[a-z]{4,}$/.test(w))).slice(0, repeat);
    const phrases = names
      .filter((name) => name.split(/\s+/).length >= 2)
      .map((name) => name.split(/\s+/).slice(0, 2).join(" "))
      .slice(0, repeat);
    return {
      titles: titles.map((t) => `/titles/${t.id}/${t.slug}`),
      people: people.map((p) => `/people/${p.id}/${p.slug}`),
      genres,
      words,
      phrases,
    };
  } finally {
    client.close();
  }
}
