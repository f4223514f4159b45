/**
 * Server time of the search engine alone (decision 032), without HTTP or a
 * page render: searchCatalogue on libSQL over local states of several sizes,
 * one query at a time, each query new. Rows: a whole title name as typed, the
 * same with one typo (two neighbouring letters of its longest word swapped),
 * the same as navbar suggestions (limit 8), a three-letter prefix and a
 * person's name with a typo. Prints the p50 per state, the typo/exact ratio
 * and the largest/smallest growth.
 *
 *   npx tsx scripts/search-timing.ts .wrangler/scale-10k .wrangler/scale-100k .wrangler/scale-1m
 *   SEARCH_TIMING_QUERIES=100 (default 60)
 *   SEARCH_TIMING_STATEMENTS=1: then, on each state, every statement of one
 *     exact, one typo and one suggestion query, timed warm one at a time, with
 *     its EXPLAIN QUERY PLAN (where a search's time goes, statement by statement)
 */
import { createClient, type Client, type InStatement } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { localD1File, openLocalD1 } from "./lib/local-d1";
import * as schema from "../app/db/tables";
import type { Database } from "../app/db/client.server";
import { searchCatalogue } from "../app/catalogue/search.server";

/** Every statement of one search, each timed alone (serially, warm) and with its plan. */
async function statements(dir: string, label: string, run: (db: Database) => Promise<unknown>) {
  const client = createClient({ url: `file:${localD1File(dir)}` });
  const seen: InStatement[] = [];
  const recording = new Proxy(client, {
    get(target, key, receiver) {
      if (key === "execute")
        return (statement: InStatement) => {
          seen.push(statement);
          return target.execute(statement);
        };
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Client;
  await run(drizzle(recording, { schema }) as unknown as Database);
  console.log(`\n${dir}, ${label}: ${seen.length} statements`);
  for (const statement of seen) {
    const { sql, args } = typeof statement === "string" ? { sql: statement, args: [] } : statement;
    const times: number[] = [];
    let rows = 0;
    for (let k = 0; k < 7; k++) {
      const t0 = performance.now();
      rows = (await client.execute({ sql, args })).rows.length;
      times.push(performance.now() - t0);
    }
    const plan = (await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args })).rows.map((r) => String(r.detail));
    console.log(`  ${median(times).toFixed(2)} ms, ${rows} rows: ${sql.replace(/\s+/g, " ").slice(0, 140)}…`);
    for (const line of plan) console.log(`      ${line}`);
  }
  client.close();
}

const dirs = process.argv.slice(2);
const QUERIES = Number(process.env.SEARCH_TIMING_QUERIES ?? 60);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const typo = (name: string) => {
  const words = name.split(" ");
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  if (longest.length < 5) return name;
  return words.map((w) => (w === longest ? w[0] + w[2] + w[1] + w.slice(3) : w)).join(" ");
};

async function main() {
  const results: { dir: string; titles: number; rows: Record<string, number> }[] = [];
  for (const dir of dirs) {
    const { db, client } = openLocalD1(dir);
    const titles = Number((await client.execute("SELECT count(*) AS n FROM titles")).rows[0].n);
    const maxId = Number((await client.execute("SELECT max(id) AS n FROM titles")).rows[0].n);
    // Names spread over the whole id range, the same positions on every state.
    const ids = Array.from({ length: QUERIES }, (_, k) => Math.max(1, Math.round(((k + 0.5) * Math.min(maxId, 10_000)) / QUERIES)));
    const names = (await client.execute(`SELECT name FROM titles WHERE id IN (${ids.join(",")}) ORDER BY id`)).rows
      .map((r) => String(r.name).toLowerCase())
      .filter((n) => n.split(" ").some((w) => w.length >= 5));
    const people = (await client.execute(`SELECT name FROM people WHERE id IN (${ids.join(",")}) ORDER BY id`)).rows.map((r) => String(r.name).toLowerCase());
    const rows: Record<string, (i: number) => Promise<unknown>> = {
      "search, exact name": (i) => searchCatalogue(db, names[i % names.length], { limit: 12 }),
      "search, one typo": (i) => searchCatalogue(db, typo(names[i % names.length]), { limit: 12 }),
      "suggest, exact name": (i) => searchCatalogue(db, names[i % names.length], { limit: 8 }),
      "suggest, one typo": (i) => searchCatalogue(db, typo(names[i % names.length]), { limit: 8 }),
      "suggest, 3-letter prefix": (i) => searchCatalogue(db, names[i % names.length].replace(/^the /, "").slice(0, 3), { limit: 8 }),
      "person, one typo": (i) => searchCatalogue(db, typo(people[i % people.length]), { limit: 8, types: ["person"] }),
    };
    const out: Record<string, number> = {};
    for (const [row, run] of Object.entries(rows)) {
      await run(names.length - 1);
      const times: number[] = [];
      for (let i = 0; i < names.length; i++) {
        const t0 = performance.now();
        await run(i);
        times.push(performance.now() - t0);
      }
      out[row] = median(times);
    }
    client.close();
    if (process.env.SEARCH_TIMING_STATEMENTS) {
      await statements(dir, `exact "${names[0]}"`, (d) => searchCatalogue(d, names[0], { limit: 12 }));
      await statements(dir, `typo "${typo(names[0])}"`, (d) => searchCatalogue(d, typo(names[0]), { limit: 12 }));
      await statements(dir, `suggestion, typo "${typo(names[0])}"`, (d) => searchCatalogue(d, typo(names[0]), { limit: 8 }));
    }
    results.push({ dir, titles, rows: out });
    console.log(`${dir}: ${titles.toLocaleString("en")} titles, ${names.length} queries a row`);
  }
  const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}k`);
  console.log(`\n| row | ${results.map((r) => label(r.titles)).join(" | ")} | ${label(results.at(-1)!.titles)}/${label(results[0].titles)} |`);
  console.log(`|---|${results.map(() => "---|").join("")}---|`);
  for (const row of Object.keys(results[0].rows)) {
    const values = results.map((r) => r.rows[row]);
    console.log(`| ${row} | ${values.map((v) => `${v.toFixed(1)} ms`).join(" | ")} | ${(values.at(-1)! / values[0]).toFixed(2)}x |`);
  }
  for (const [t, e] of [
    ["search, one typo", "search, exact name"],
    ["suggest, one typo", "suggest, exact name"],
  ])
    console.log(`${t} / ${e}: ${results.map((r) => `${label(r.titles)} ${(r.rows[t] / r.rows[e]).toFixed(2)}x`).join(", ")}`);
}

await main();
