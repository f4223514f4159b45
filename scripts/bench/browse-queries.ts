/**
 * Times the public pages' catalogue queries directly on a local D1 SQLite file
 * (no Worker, no HTTP, so the numbers do not depend on machine load the way
 * the HTTP bench does) and prints each query's plan.
 *
 *   npx tsx scripts/bench/browse-queries.ts --persist-to .wrangler/scale-state [--runs 20] [--plans]
 */
import { parseArgs } from "node:util";
import { browsePeople, browseTitles, browseTitlesQuery, browseTitlesWithCount, listGenres } from "~/catalogue/browse.server";
import { parsePersonFilters, parseTitleFilters } from "~/catalogue/browse-filters.server";
import { searchCatalogue } from "~/catalogue/search.server";
import { BROWSE_PAGE_SIZE } from "~/constants";
import { localD1File, openLibsql } from "../lib/local-d1";

const { values } = parseArgs({
  options: {
    "persist-to": { type: "string", default: ".wrangler/scale-state" },
    file: { type: "string" },
    runs: { type: "string", default: "20" },
    plans: { type: "boolean", default: false },
  },
});
const file = values.file ?? localD1File(values["persist-to"]);
const { db, client } = openLibsql(`file:${file}`);
const runs = Math.max(1, Number(values.runs));

const titleCases: [string, string][] = [
  ["browse titles (popularity)", ""],
  ["browse titles, page 50", "page=50"],
  ["movies by rating", "type=movie&order=rating"],
  ["family, rating 7+, by rating", "genre=family&rating=7&order=rating"],
  ["drama, rating 7+, by rating", "genre=drama&rating=7&order=rating"],
  ["1990-1999 by release date, page 5", "year_from=1990&year_to=1999&order=release_date&page=5"],
  ["1990-1999 by popularity", "year_from=1990&year_to=1999"],
  ["2000-2020 by popularity", "year_from=2000&year_to=2020"],
  ["series, comedy, 2000-2010, rating 6+, PG-13, by rating", "type=series&genre=comedy&year_from=2000&year_to=2010&rating=6&certification=PG-13&order=rating"],
  ["all filters, by popularity", "type=movie&genre=drama&year_from=1980&year_to=2015&rating=5&certification=R"],
  ["all filters, by name", "type=movie&genre=drama&year_from=1980&year_to=2015&rating=5&certification=R&order=name"],
  ["certification R by release date", "certification=R&order=release_date"],
  ["rating 9+ by popularity", "rating=9"],
  ["by name, page 200", "order=name&page=200"],
  // Decision 020: nulls last both ways, several genres, runtime / language / country, the count.
  ["series by rating, lowest first (unrated last)", "type=series&sort=rating-asc"],
  ["oldest first, page 20 (undated last)", "sort=release_date-asc&page=20"],
  ["drama + comedy (any), by rating", "genre=drama&genre=comedy&sort=rating-desc"],
  ["drama + comedy (all), by popularity", "genre=drama&genre=comedy&genre_match=all"],
  ["runtime 90-120, language en, country US", "runtime_min=90&runtime_max=120&language=en&country=US"],
  ["every filter, rating lowest first", "type=movie&genre=drama&genre=crime&genre_match=all&year_from=1980&year_to=2015&rating=5&certification=R&runtime_min=90&language=en&sort=rating-asc"],
];
const peopleCases: [string, string][] = [
  ["browse people (popularity)", ""],
  ["people: directing by name", "department=Directing&order=name"],
  ["people: female, acting", "department=Acting&gender=female"],
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function time(name: string, run: () => Promise<unknown>, plan?: () => { toSQL(): { sql: string; params: unknown[] } }) {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  console.log(`${name.padEnd(58)} p50 ${percentile(ms, 50).toFixed(2).padStart(7)} ms  max ${ms[ms.length - 1].toFixed(2).padStart(7)} ms`);
  if (values.plans && plan) {
    const { sql, params } = plan().toSQL();
    const rows = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never });
    for (const row of rows.rows) console.log(`    ${String(row.detail)}`);
  }
}

console.log(`${file}: ${runs} runs per query\n`);
await time("genres list", () => listGenres(db).then((r) => r));
for (const [name, query] of titleCases) {
  const filters = parseTitleFilters(new URLSearchParams(query));
  await time(
    `titles: ${name}`,
    () => browseTitles(db, filters, BROWSE_PAGE_SIZE),
    () => browseTitlesQuery(db, filters, BROWSE_PAGE_SIZE),
  );
  await time(`  + page with its count`, () => browseTitlesWithCount(db, filters, BROWSE_PAGE_SIZE));
}
for (const [name, query] of peopleCases) {
  const filters = parsePersonFilters(new URLSearchParams(query));
  await time(name, () => browsePeople(db, filters, BROWSE_PAGE_SIZE));
}
for (const query of ["appl", "the dark", '"NEAR(', "zzqqxx"]) {
  await time(`search "${query}"`, () => searchCatalogue(db, query, { limit: 20 }));
}
client.close();
