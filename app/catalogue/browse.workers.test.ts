import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { openD1 } from "~/db/client.server";
import { DIRECTIONS, MAX_BROWSE_PAGE, PERSON_ORDERS, TITLE_ORDERS } from "./browse";
import { parsePersonFilters, parseTitleFilters } from "./browse-filters.server";
import { browsePeopleQuery, browsePeopleWithCount, browseTitlesQuery, browseTitlesWithCount, listRegionProviders } from "./browse.server";
import { genres, people, titleGenres, titles } from "./tables";
import { titleWatchProviders, watchProviders } from "~/tmdb/tables";

/**
 * Browse on real D1: sorting never removes a title (those without
 * the sort's value come last, both ways), several genres (any / all), the
 * runtime, language and country filters, the result count, and the query
 * plan of every sort, direction and filter mix (decisions 018 and 020).
 */
const { db } = openD1(env.DB, null);
const B = 920_000;

beforeAll(async () => {
  await db.insert(genres).values([
    { id: B + 1, name: "Browse Drama", slug: "browse-drama" },
    { id: B + 2, name: "Browse Comedy", slug: "browse-comedy" },
    { id: B + 3, name: "Browse Horror", slug: "browse-horror" },
  ]);
  const row = (id: number, extra: Partial<typeof titles.$inferInsert>) => ({ id: B + id, type: "movie" as const, name: `Browse ${id}`, slug: `browse-${id}`, popularity: 100 - id, ...extra });
  const rows = [
    row(1, { name: "Aardvark", tmdbRating: 7.9, externalRating: 8.1, releaseDate: "1999-01-01", year: 1999, runtime: 95, language: "en", countries: ["US"] }),
    row(2, { name: "Badger", tmdbRating: 6.1, externalRating: 6.5, releaseDate: "2005-06-01", year: 2005, runtime: 140, language: "fr", countries: ["FR", "BE"] }),
    row(3, { name: "Cheetah", externalRating: 7.2, year: 2010, runtime: 120, language: "en", countries: ["GB"] }),
    // Series without any IMDb rating or release date (like the invented demo series).
    row(4, { type: "series", name: "Dingo", year: 2012, runtime: 45, language: "en" }),
    row(5, { type: "series", name: "Emu", tmdbRating: 8.4, year: 2015, runtime: 30, language: "ja", countries: ["JP"] }),
    row(6, { type: "series", name: "Ferret", externalRating: 9.0, releaseDate: "2020-01-01", year: 2020, runtime: 50 }),
  ];
  // One row a statement: D1 allows 100 bound parameters.
  for (const title of rows) await db.insert(titles).values(title);
  await db.insert(titleGenres).values([
    { titleId: B + 1, genreId: B + 1 },
    { titleId: B + 1, genreId: B + 2 },
    { titleId: B + 2, genreId: B + 1 },
    { titleId: B + 3, genreId: B + 2 },
    { titleId: B + 4, genreId: B + 1 },
    { titleId: B + 4, genreId: B + 2 },
    { titleId: B + 5, genreId: B + 3 },
  ]);
  // Fictional streaming services: Aardvark and Emu on one in GB, Badger on the other in FR, Emu to rent in GB too.
  await db.insert(watchProviders).values([
    { id: B + 1, name: "Browseflix", displayPriority: 1 },
    { id: B + 2, name: "Cinebox Test", displayPriority: 2 },
    { id: B + 3, name: "Nowhere Play", displayPriority: 3 },
  ]);
  await db.insert(titleWatchProviders).values([
    { titleId: B + 1, region: "GB", kind: "flatrate", providerId: B + 1 },
    { titleId: B + 5, region: "GB", kind: "flatrate", providerId: B + 1 },
    { titleId: B + 5, region: "GB", kind: "rent", providerId: B + 2 },
    { titleId: B + 2, region: "FR", kind: "flatrate", providerId: B + 2 },
  ]);
  await db.insert(people).values([
    { id: B + 1, name: "Browse Ada", slug: "ada", popularity: 5, knownFor: "Directing", gender: "female" },
    { id: B + 2, name: "Browse Bo", slug: "bo", popularity: 9, knownFor: "Acting", gender: "male" },
    { id: B + 3, name: "Browse Cy", slug: "cy", popularity: 7, knownFor: "Acting", gender: "female" },
  ]);
});

const ours = (items: { id: number }[]) => items.map((t) => t.id - B).filter((id) => id > 0 && id < 100);
const browse = (search: string, pageSize = 50) => browseTitlesWithCount(db, parseTitleFilters(new URLSearchParams(search)), pageSize);

describe("TMDB data in browse", () => {
  it("sorts by TMDB rating without removing a title: those without one come last both ways", async () => {
    const desc = ours((await browse("sort=tmdb_rating-desc")).items);
    const asc = ours((await browse("sort=tmdb_rating-asc")).items);
    expect(desc.slice(0, 3)).toEqual([5, 1, 2]);
    expect(asc.slice(0, 3)).toEqual([2, 1, 5]);
    // Unrated on TMDB: still listed, after every rated title, in both directions.
    expect(desc.slice(3).sort()).toEqual([3, 4, 6]);
    expect(asc.slice(3).sort()).toEqual([3, 4, 6]);
    expect((await browse("sort=tmdb_rating-desc")).total).toBe((await browse("")).total);
  });

  it("filters by a minimum TMDB rating, in any sort, and counts the same titles", async () => {
    for (const sort of ["popularity-desc", "tmdb_rating-desc", "tmdb_rating-asc", "rating-desc", "name-asc"]) {
      const page = await browse(`tmdb_rating=7&sort=${sort}`);
      expect(ours(page.items).sort(), sort).toEqual([1, 5]);
      expect(page.total, sort).toBe(2);
    }
    expect(ours((await browse("tmdb_rating=8&type=series")).items)).toEqual([5]);
  });

  it("filters by where to watch in the visitor's region only", async () => {
    const inRegion = (search: string, region: string) => browseTitlesWithCount(db, { ...parseTitleFilters(new URLSearchParams(search)), region }, 50);
    const gb = await inRegion(`provider=${B + 1}`, "GB");
    expect(ours(gb.items)).toEqual([1, 5]);
    expect(gb.total).toBe(2);
    expect(ours((await inRegion(`provider=${B + 2}`, "GB")).items)).toEqual([5]);
    expect(ours((await inRegion(`provider=${B + 2}`, "FR")).items)).toEqual([2]);
    // The same provider in a region where nothing is on it: nothing matches.
    const us = await inRegion(`provider=${B + 1}`, "US");
    expect(us.items).toEqual([]);
    expect(us.total).toBe(0);
    // Combined with the other filters and sorts.
    expect(ours((await inRegion(`provider=${B + 1}&type=series&sort=tmdb_rating-asc`, "GB")).items)).toEqual([5]);
  });

  it("offers only the providers that have titles in the region, in display order", async () => {
    const names = async (region: string) => (await listRegionProviders(db, region)).filter((p) => p.id > B).map((p) => p.name);
    expect(await names("GB")).toEqual(["Browseflix", "Cinebox Test"]);
    expect(await names("FR")).toEqual(["Cinebox Test"]);
    expect(await names("US")).toEqual([]);
  });

  it("ignores a malformed provider or TMDB rating instead of failing", () => {
    const parsed = parseTitleFilters(new URLSearchParams("provider=abc&tmdb_rating=lots"));
    expect(parsed.provider).toBeUndefined();
    expect(parsed.tmdb_rating).toBeUndefined();
    expect(parseTitleFilters(new URLSearchParams("provider=-3&tmdb_rating=12")).tmdb_rating).toBe(10);
  });
});

describe("sorting", () => {
  it("keeps every series when sorted by IMDb rating, unrated ones last in both directions", async () => {
    expect(ours((await browse("type=series&sort=rating-desc")).items)).toEqual([6, 5, 4]);
    expect(ours((await browse("type=series&sort=rating-asc")).items)).toEqual([6, 4, 5]);
    expect(ours((await browse("sort=rating-desc")).items)).toEqual([6, 1, 3, 2, 5, 4]);
    expect(ours((await browse("sort=rating-asc")).items)).toEqual([2, 3, 1, 6, 4, 5]);
  });

  it("keeps titles without a release date, last in both directions", async () => {
    expect(ours((await browse("sort=release_date-desc")).items)).toEqual([6, 2, 1, 5, 4, 3]);
    expect(ours((await browse("sort=release_date-asc")).items)).toEqual([1, 2, 6, 3, 4, 5]);
  });

  it("pages through the titles without a value as well", async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) seen.push(...ours((await browse(`genre=browse-drama&genre=browse-comedy&genre=browse-horror&sort=rating-asc&page=${page}`, 2)).items));
    expect(seen).toEqual([2, 3, 1, 4, 5]);
  });
});

describe("filters", () => {
  it("matches any or all of several genres", async () => {
    expect(ours((await browse("genre=browse-drama&genre=browse-horror")).items).sort()).toEqual([1, 2, 4, 5]);
    expect(ours((await browse("genre=browse-drama&genre=browse-comedy&genre_match=all")).items).sort()).toEqual([1, 4]);
    expect(ours((await browse("genre=browse-drama&genre=browse-horror&genre_match=all")).items)).toEqual([]);
  });

  it("filters by runtime, original language and country", async () => {
    expect(ours((await browse("runtime_min=90&runtime_max=130")).items).sort()).toEqual([1, 3]);
    expect(ours((await browse("language=en&sort=name-asc")).items)).toEqual([1, 3, 4]);
    expect(ours((await browse("country=FR")).items)).toEqual([2]);
    expect(ours((await browse("country=JP&type=series&genre=browse-horror")).items)).toEqual([5]);
  });

  it("counts what matches and the pages, whatever the sort", async () => {
    const mix = "genre=browse-drama&genre=browse-comedy&genre_match=all";
    for (const order of TITLE_ORDERS) {
      const result = await browse(`${mix}&order=${order}&dir=asc`, 1);
      expect(result.total).toBe(2);
      expect(result.pages).toBe(2);
      expect(result.hasNext).toBe(true);
    }
    const [series] = await db.select({ n: count() }).from(titles).where(eq(titles.type, "series"));
    expect((await browse("type=series&sort=rating-desc")).total).toBe(series.n);
    const runtime = await browse("runtime_min=100&language=en&country=GB");
    expect({ total: runtime.total, ids: ours(runtime.items) }).toEqual({ total: 1, ids: [3] });
  });

  it("a genre filter's count reads at most its budget of genre links, then says there are more (a cost that does not grow)", async () => {
    const count = (search: string, links?: number) => browseTitlesWithCount(db, parseTitleFilters(new URLSearchParams(search)), 50, links);
    // Within the budget the count is exact, with the other filters, several genres (each title once) and "all of these".
    expect(await count("genre=browse-drama")).toMatchObject({ total: 3, more: false, pages: 1 });
    expect(await count("genre=browse-drama&genre=browse-comedy")).toMatchObject({ total: 4, more: false });
    expect(await count("genre=browse-drama&genre=browse-comedy&genre_match=all&type=series")).toMatchObject({ total: 1, more: false });
    expect(await count("genre=browse-drama&type=movie&year_from=2000")).toMatchObject({ total: 1, more: false });
    // A budget of two links: the count stops there and says "more"; the list itself is not cut.
    const capped = await count("genre=browse-drama", 2);
    expect(capped).toMatchObject({ total: 2, more: true, pages: MAX_BROWSE_PAGE });
    expect(ours(capped.items).sort()).toEqual([1, 2, 4]);
  });

  it("past the last page: no list, and the same capped count as every page, alone (never an exact count of every match)", async () => {
    const d1 = countingD1(env.DB);
    const counted = openD1(d1.env.DB, null).db;
    const past = (search: string, links?: number) => browseTitlesWithCount(counted, parseTitleFilters(new URLSearchParams(`${search}&page=${MAX_BROWSE_PAGE + 1}`)), 50, links);
    expect(await past("genre=browse-drama")).toEqual({ items: [], hasNext: false, total: 3, more: false, pages: 1 });
    expect(d1.counts).toMatchObject({ statements: 1, batches: 0 });
    expect(d1.recorded[0].sql).toMatch(/LIMIT \?\)\) as "total"/);
    expect(await past("genre=browse-drama", 2)).toMatchObject({ items: [], total: 2, more: true, pages: MAX_BROWSE_PAGE });
    // Without a genre: the count of the matches up to the cap (50 pages' worth + 1 here), read from titles with a LIMIT.
    expect(await past("type=series")).toMatchObject({ items: [], total: 3, more: false, pages: 1 });
    expect(d1.recorded.at(-1)!.sql).toMatch(/select count\(\*\) as "total", 0 as "examined" from \(select 1 as "one" from "titles" where .* limit \?\) "matches"/i);
  });

  it("browses people by department and gender, by popularity or name, with a count", async () => {
    const people = (search: string) => browsePeopleWithCount(db, parsePersonFilters(new URLSearchParams(search)), 50);
    const acting = await people("department=Acting&sort=name-desc");
    expect({ ids: ours(acting.items), total: acting.total, more: acting.more, pages: acting.pages }).toEqual({ ids: [3, 2], total: 2, more: false, pages: 1 });
    expect(ours((await people("gender=female&sort=popularity-desc")).items)).toEqual([3, 1]);
    expect(ours((await people("department=Acting&gender=female")).items)).toEqual([3]);
  });

  it("people: the count stops at the last page's worth and says 'more'; past the last page the capped count runs alone", async () => {
    // 401 people of a department of their own (ids outside `ours`), in one statement: with 1 a page the cap is MAX_BROWSE_PAGE x 1 + 1 = 401.
    await env.DB.prepare(
      `INSERT INTO people (id, name, slug, known_for, gender, popularity)
       WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
       SELECT ?1 + i, 'Browse Crew ' || i, 'browse-crew-' || i, 'Browse Crew', 'male', i FROM n`,
    )
      .bind(B + 10_000, MAX_BROWSE_PAGE + 1)
      .run();
    const d1 = countingD1(env.DB);
    const counted = openD1(d1.env.DB, null).db;
    const crew = (search: string, pageSize: number) => browsePeopleWithCount(counted, parsePersonFilters(new URLSearchParams(`department=Browse+Crew&${search}`)), pageSize);

    // Within the cap (2 a page: 801): exact, the list and the count in one batch.
    expect(await crew("", 2)).toMatchObject({ total: MAX_BROWSE_PAGE + 1, more: false, pages: Math.ceil((MAX_BROWSE_PAGE + 1) / 2), hasNext: true });
    expect(d1.counts).toMatchObject({ statements: 2, batches: 1, batchedStatements: 2 });
    // At the cap (1 a page): a lower bound, and the deepest page as the page count; the list is not cut.
    const capped = await crew("sort=popularity-asc", 1);
    expect(capped).toMatchObject({ total: MAX_BROWSE_PAGE, more: true, pages: MAX_BROWSE_PAGE, hasNext: true });
    expect(capped.items.map((p) => p.id)).toEqual([B + 10_000]);

    // Past the last page: no list, one statement, the capped count (never an exact count of every match).
    const before = d1.recorded.length;
    expect(await crew(`page=${MAX_BROWSE_PAGE + 1}`, 1)).toEqual({ items: [], hasNext: false, total: MAX_BROWSE_PAGE, more: true, pages: MAX_BROWSE_PAGE });
    expect(await crew(`page=${MAX_BROWSE_PAGE + 1}`, 50)).toEqual({ items: [], hasNext: false, total: MAX_BROWSE_PAGE + 1, more: false, pages: 9 });
    expect(d1.counts).toMatchObject({ statements: 6, batches: 2 });
    const past = d1.recorded.slice(before).map((r) => r.sql);
    expect(past).toHaveLength(2);
    for (const sql of past) expect(sql).toMatch(/^select count\(\*\) as "total" from \(select 1 as "one" from "people" where .* limit \?\) "matches"$/i);
  });
});

// Scale (100,000 titles): each sort walks its own index and tests the filters on the
// index entries; a plan that sorts (TEMP B-TREE) a filtered set is what made filtered
// browse pages take hundreds of milliseconds (decision 018). Ascending sorts on a
// column that can be NULL walk the "nulls last" index (decision 020).
describe("query plans", () => {
  const plan = async ({ sql, params }: { sql: string; params: unknown[] }) =>
    (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results
      .map((row) => row.detail)
      .join("\n");

  it("walks the sort's browse index without sorting, whatever the filters and direction", async () => {
    const mixes = [
      "",
      "year_from=1990&year_to=1999",
      "type=series&genre=browse-drama&year_from=1980&year_to=2015&rating=5&certification=R",
      "genre=browse-drama&genre=browse-comedy&genre_match=all&runtime_min=60&runtime_max=120&language=en&country=US",
      "type=movie&genre=browse-drama&genre=browse-horror&certification=PG-13&language=fr",
      `tmdb_rating=6&provider=${B + 1}&type=series`,
    ];
    for (const order of TITLE_ORDERS) {
      for (const filters of mixes) {
        for (const dir of DIRECTIONS) {
          const parsed = { ...parseTitleFilters(new URLSearchParams(`${filters}&sort=${order}-${dir}`)), region: "GB" };
          const details = await plan(browseTitlesQuery(db, parsed, 24).toSQL());
          const excludesNulls =
            (order === "rating" && parsed.rating !== undefined) || (order === "tmdb_rating" && parsed.tmdb_rating !== undefined) || (order === "release_date" && parsed.year_from !== undefined);
          const nullsLast = dir === "asc" && (order === "rating" || order === "tmdb_rating" || order === "release_date") && !excludesNulls;
          const index = `titles_browse_${order}${nullsLast ? "_nulls_last" : ""}_idx`;
          const label = `${order} ${dir} ${filters}`;
          expect(details, label).toMatch(new RegExp(`SCAN titles USING INDEX ${index}\\b|SEARCH titles USING INDEX ${index}\\b`));
          expect(details, label).not.toContain("TEMP B-TREE");
        }
      }
    }
  });

  it("walks the people browse index of the sort, whatever the filters", async () => {
    for (const order of PERSON_ORDERS) {
      for (const filters of ["", "department=Acting", "gender=female", "department=Directing&gender=male"]) {
        for (const dir of DIRECTIONS) {
          const details = await plan(browsePeopleQuery(db, parsePersonFilters(new URLSearchParams(`${filters}&sort=${order}-${dir}`)), 24).toSQL());
          expect(details, `${order} ${dir} ${filters}`).toContain(`people_browse_${order}_idx`);
          expect(details, `${order} ${dir} ${filters}`).not.toContain("TEMP B-TREE");
        }
      }
    }
  });
});
