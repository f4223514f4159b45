import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { sitemapBlock, sitemapFiles, SITEMAP_KINDS } from "~/composers/sitemap.server";
import { parsePersonFilters, parseTitleFilters } from "./browse-filters.server";
import { listPeople, listTitles } from "./api-contract";
import { listPeoplePage, listTitlesPage } from "./api.server";
import { DIRECTIONS, MAX_BROWSE_PAGE, PERSON_ORDERS, TITLE_ORDERS } from "./browse";
import { browsePeople, browsePeopleWithCount, browseTitles, browseTitlesWithCount, listRegionProviders } from "./browse.server";
import { titleWatchProviders, watchProviders } from "~/tmdb/tables";
import { loadPersonPage } from "./person-page.server";
import { credits, genres, people, titleGenres, titles } from "./tables";
import { searchCatalogue } from "./search.server";
import { loadTitlePage } from "./title-page.server";

/**
 * Cost that does not grow with the catalogue (decision 026): every statement the
 * uncached public pages run (title, person, search by prefix and by several
 * words, browse with every sort and three filter mixes, people, the sitemap
 * index and its files; api/v1/titles and api/v1/people, which share browse's reads) is recorded at the D1 binding as drizzle sends it, and
 * SQLite's plan for it may not read a whole table: each table is reached by a
 * key or an index (an ordered index walk that LIMIT stops is a seek for this
 * purpose; "SCAN t" alone is a full table scan). ANALYZE runs first, as the
 * scale seed does, so the planner sees a populated catalogue's statistics.
 */
const BASE = 960_000;

let baseTables = new Set<string>();

/**
 * Plan lines that read a whole base table: "SCAN x" where x is a table or an
 * alias of one (a CTE, a subquery or an FTS virtual table's "VIRTUAL TABLE
 * INDEX" line is not: they are bounded by what fed them).
 */
function fullScans(sql: string, details: string[]) {
  const aliases = new Map<string, string>();
  for (const match of sql.matchAll(/\b(?:from|join)\s+["`]?(\w+)["`]?(?:\s+(?:as\s+)?["`]?(\w+)["`]?)?/gi)) {
    const [, table, alias] = match;
    aliases.set(table, table);
    if (alias && !/^(on|where|inner|left|join|order|group|limit|using|cross)$/i.test(alias)) aliases.set(alias, table);
  }
  return details.filter((line) => {
    const scanned = /^SCAN (\w+)(?: \(|$)/.exec(line.trim())?.[1];
    return scanned !== undefined && baseTables.has(aliases.get(scanned) ?? scanned);
  });
}

async function plansOf(run: (db: ReturnType<typeof openD1>["db"]) => Promise<unknown>) {
  // The statements and their bound values, recorded at the binding (the request-queries tests' counting binding).
  const recorder = countingD1(env.DB);
  const { db } = openD1(recorder.env.DB, null);
  await run(db);
  expect(recorder.recorded.length, "the page ran statements").toBeGreaterThan(0);
  const plans: { sql: string; details: string[] }[] = [];
  if (baseTables.size === 0) {
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'").all<{ name: string }>();
    baseTables = new Set(tables.results.map((row) => row.name));
  }
  for (const { sql, params } of recorder.recorded) {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    plans.push({ sql, details: plan.results.map((row) => row.detail) });
  }
  return plans;
}

async function expectSeeks(label: string, run: (db: ReturnType<typeof openD1>["db"]) => Promise<unknown>) {
  for (const { sql, details } of await plansOf(run)) {
    expect(fullScans(sql, details), `${label}: ${sql}\n${details.join("\n")}`).toEqual([]);
  }
}

beforeAll(async () => {
  const { db } = openD1(env.DB, null);
  await db
    .insert(genres)
    .values({ id: BASE + 1, name: "Plans Drama", slug: "plans-drama" })
    .onConflictDoNothing();
  const rows = Array.from({ length: 30 }, (_, i) => ({
    id: BASE + i,
    type: (i % 3 === 0 ? "series" : "movie") as "movie" | "series",
    name: `Plan Title ${i} Harbour`,
    slug: `plan-title-${i}`,
    year: 1980 + i,
    releaseDate: `${1980 + i}-01-01`,
    popularity: i,
    externalRating: 5 + (i % 5),
    certification: i % 2 ? "R" : "PG-13",
    tmdbRating: i % 4 ? 4 + (i % 6) : null,
  }));
  for (const row of rows) await db.insert(titles).values(row).onConflictDoNothing();
  for (const row of rows)
    await db
      .insert(titleGenres)
      .values({ titleId: row.id, genreId: BASE + 1 })
      .onConflictDoNothing();
  for (let i = 0; i < 10; i++) {
    await db
      .insert(people)
      .values({ id: BASE + i, name: `Plan Person ${i}`, slug: `plan-person-${i}`, popularity: i, knownFor: "Acting" })
      .onConflictDoNothing();
  }
  for (let i = 0; i < 30; i++) {
    await db
      .insert(credits)
      .values({ titleId: BASE + i, personId: BASE + (i % 10), kind: "cast", character: "Someone", position: i % 4, department: "Acting", job: "Actor" })
      .onConflictDoNothing();
  }
  await db
    .insert(watchProviders)
    .values({ id: BASE + 1, name: "Plans Stream", displayPriority: 1 })
    .onConflictDoNothing();
  for (let i = 0; i < 30; i += 2)
    await db
      .insert(titleWatchProviders)
      .values({ titleId: BASE + i, region: "GB", kind: "flatrate", providerId: BASE + 1 })
      .onConflictDoNothing();
  await env.DB.prepare("ANALYZE").run();
});

describe("query plans of the uncached public pages: seeks, no full scans", () => {
  it("title page", async () => {
    await expectSeeks("title page", (db) => loadTitlePage(db, BASE + 4, { topCast: 12 }));
  });

  it("person page", async () => {
    await expectSeeks("person page", (db) => loadPersonPage(db, BASE + 3, { perDepartment: 10 }));
  });

  it("search: a prefix and several words", async () => {
    await expectSeeks("search prefix", (db) => searchCatalogue(db, "har", { limit: 20 }));
    await expectSeeks("search words", (db) => searchCatalogue(db, "plan title harbour", { limit: 20 }));
    // Forgiving search (decision 032): typos, a missing and an extra word, joined words, numbers, the navbar's suggestions.
    await expectSeeks("search typos", (db) => searchCatalogue(db, "plan titel harbuor", { limit: 20 }));
    await expectSeeks("search extra word", (db) => searchCatalogue(db, "harbour plan movie 1995", { limit: 20 }));
    await expectSeeks("search joined words", (db) => searchCatalogue(db, "plantitle 3", { limit: 20 }));
    await expectSeeks("search suggestions", (db) => searchCatalogue(db, "plan persn", { limit: 8 }));
    await expectSeeks("search one kind, page 3", (db) => searchCatalogue(db, "harbuor", { limit: 20, offset: 40, types: ["movie"] }));
  });

  it("browse titles: every sort, both directions, three filter mixes; browse people", async () => {
    const mixes = ["", "year_from=1990&year_to=1999", "type=series&genre=plans-drama&year_from=1980&year_to=2015&rating=5&certification=R", `tmdb_rating=6&provider=${BASE + 1}`];
    for (const order of TITLE_ORDERS) {
      for (const dir of ["asc", "desc"]) {
        for (const mix of mixes) {
          await expectSeeks(`browse ${order} ${dir} ${mix}`, (db) => browseTitles(db, { ...parseTitleFilters(new URLSearchParams(`${mix}&order=${order}&dir=${dir}&page=2`)), region: "GB" }, 24));
        }
      }
    }
    // The page's own call: the list and its capped count in one batch; a genre count reads a bounded number of genre links (decision 026, "Scale").
    for (const mix of [...mixes, "genre=plans-drama&rating=6", "genre=plans-drama&genre=drama&genre_match=all&type=movie"]) {
      const recorded = await plansOf((db) => browseTitlesWithCount(db, { ...parseTitleFilters(new URLSearchParams(`${mix}&sort=rating-asc`)), region: "GB" }, 24));
      for (const { sql, details } of recorded) expect(fullScans(sql, details), `browse with count ${mix}: ${sql}\n${details.join("\n")}`).toEqual([]);
      if (mix.includes("genre="))
        expect(
          recorded.some(({ sql }) => /title_genres tg INDEXED BY title_genres_genre_idx ON tg.genre_id = g.id WHERE g.slug IN \([^)]*\) LIMIT \?/.test(sql)),
          mix,
        ).toBe(true);
    }
    await expectSeeks("browse: providers of a region", (db) => listRegionProviders(db, "GB"));
    // Past the last page: the capped count alone.
    for (const mix of [`tmdb_rating=6&provider=${BASE + 1}`, "genre=plans-drama&rating=6"]) {
      await expectSeeks(`browse past the last page ${mix}`, (db) => browseTitlesWithCount(db, { ...parseTitleFilters(new URLSearchParams(`${mix}&page=${MAX_BROWSE_PAGE + 1}`)), region: "GB" }, 24));
    }
    await expectSeeks("browse people", (db) => browsePeople(db, parsePersonFilters(new URLSearchParams("")), 24));
  });

  it("api/v1/titles: its page and capped count (the browse page's own statements, the API's filters)", async () => {
    const mixes = [
      {},
      { year_from: "1990", year_to: "1999" },
      { type: "series", genre: "plans-drama", year_from: "1980", year_to: "2015", rating: "5", certification: "R", order: "rating", dir: "asc" },
      { genre: "plans-drama", per_page: "100", page: "3" },
    ];
    for (const mix of mixes) {
      const recorded = await plansOf((db) => listTitlesPage(db, listTitles.query!.parse(mix)));
      expect(
        recorded.map(({ sql }) => sql).filter((sql) => /count\(\*\)/i.test(sql)),
        JSON.stringify(mix),
      ).toHaveLength(1);
      for (const { sql, details } of recorded) expect(fullScans(sql, details), `api titles ${JSON.stringify(mix)}: ${sql}\n${details.join("\n")}`).toEqual([]);
    }
  });

  it("browse people and api/v1/people: the page and its capped count, every sort and filter mix; past the last page", async () => {
    // What the count reads, by filter (a covering index each; the LIMIT cap stops every walk that meets only matches).
    const countIndex: Record<string, RegExp> = {
      // No filter: any covering index (SQLite takes the smallest), every entry a match.
      "": /^SCAN people USING COVERING INDEX \w+$/,
      "department=Acting": /^SEARCH people USING COVERING INDEX people_known_for_idx \(known_for=\?\)$/,
      "gender=female": /^SEARCH people USING COVERING INDEX people_gender_idx \(gender=\?\)$/,
      // Both: the browse index holds both (no index leads with them); at worst one pass over it, like the list.
      "department=Directing&gender=male": /^(SCAN|SEARCH) people USING COVERING INDEX people_browse_popularity_idx\b/,
    };
    const check = (label: string, mix: string, recorded: { sql: string; details: string[] }[]) => {
      const counts = recorded.filter(({ sql }) => /count\(\*\)/i.test(sql));
      expect(counts, label).toHaveLength(1);
      expect(counts[0].sql, label).toMatch(/ limit \?\) (as )?"matches"$/i);
      expect(
        counts[0].details.filter((line) => /^(SCAN|SEARCH) people\b/.test(line)),
        `${label}: ${counts[0].details.join("\n")}`,
      ).toEqual([expect.stringMatching(countIndex[mix])]);
      for (const { sql, details } of recorded) expect(fullScans(sql, details), `${label}: ${sql}\n${details.join("\n")}`).toEqual([]);
    };
    for (const mix of Object.keys(countIndex)) {
      for (const order of PERSON_ORDERS) {
        for (const dir of DIRECTIONS) {
          const label = `browse people ${order} ${dir} ${mix}`;
          const recorded = await plansOf((db) => browsePeopleWithCount(db, parsePersonFilters(new URLSearchParams(`${mix}&sort=${order}-${dir}`)), 24));
          expect(recorded, label).toHaveLength(2);
          check(label, mix, recorded);
        }
      }
      // Past the last page: the capped count alone.
      const past = await plansOf((db) => browsePeopleWithCount(db, parsePersonFilters(new URLSearchParams(`${mix}&page=${MAX_BROWSE_PAGE + 1}`)), 24));
      expect(past, `past the last page ${mix}`).toHaveLength(1);
      check(`browse people past the last page ${mix}`, mix, past);
      // The API's own read, with its query shape.
      const query = Object.fromEntries(new URLSearchParams(mix));
      check(`api people ${mix}`, mix, await plansOf((db) => listPeoplePage(db, listPeople.query!.parse({ ...query, per_page: "100", page: "3", order: "name", dir: "asc" }))));
    }
  });

  it("sitemap index and files", async () => {
    await expectSeeks("sitemap index", (db) => sitemapFiles(db, "http://localhost"));
    for (const kind of SITEMAP_KINDS) await expectSeeks(`sitemap ${kind}`, (db) => sitemapBlock(db, "http://localhost", kind, 1));
  });

  it("the check itself: a full scan is caught", async () => {
    const plans = await plansOf((db) => db.all(`SELECT count(*) FROM titles WHERE plot LIKE '%x%'`));
    expect(fullScans(plans[0].sql, plans[0].details)).toEqual(["SCAN titles"]);
    const aliased = await plansOf((db) => db.all(`SELECT t.id FROM titles t WHERE t.plot LIKE '%x%'`));
    expect(fullScans(aliased[0].sql, aliased[0].details)).toEqual(["SCAN t"]);
  });
});
