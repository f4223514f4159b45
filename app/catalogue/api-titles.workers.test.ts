import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getApiList } from "../../tests/support/api-loader.workers";
import { letGuestsViewTitles } from "../../tests/support/guest-access.workers";
import { openD1 } from "~/db/client.server";
import { loader } from "~/routes/api/v1/catalogue/titles";
import { listTitles } from "./api-contract";
import { listTitlesPage } from "./api.server";
import { MAX_BROWSE_PAGE } from "./browse";
import { genres, titleGenres } from "./tables";

/**
 * GET api/v1/titles (decision 026): the page and its count in one D1 round trip,
 * and a count that stops early on a broad filter (the browse page's capped
 * count), which `pagination.total_is_lower_bound` tells the client.
 *
 * The fixture: 410 titles of 1901 (no other title of the test database has
 * that year), three of them in a genre of their own. With per_page=1 the cap
 * is MAX_BROWSE_PAGE x 1 + 1 = 401 matches, which 410 titles reach.
 */
const { db } = openD1(env.DB, null);
const BASE = 970_000;
const TITLES = 410;
const YEAR = 1901;

beforeAll(async () => {
  await letGuestsViewTitles(db);
  // One statement for all the titles (D1 allows 100 bound values a statement).
  await env.DB.prepare(
    `INSERT INTO titles (id, type, name, slug, year, popularity)
     WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
     SELECT ?1 + i, 'movie', 'Api Count ' || i, 'api-count-' || i, ?3, i FROM n`,
  )
    .bind(BASE, TITLES, YEAR)
    .run();
  await db.insert(genres).values({ id: BASE + 1, name: "Api Count Drama", slug: "api-count-drama" });
  await db.insert(titleGenres).values([0, 1, 2].map((i) => ({ titleId: BASE + i, genreId: BASE + 1 })));
});

type Body = { pagination: { data: { id: number }[]; current_page: number; per_page: number; total: number; total_is_lower_bound: boolean; last_page: number; from: number | null; to: number | null } };

/** One guest GET of api/v1/titles behind the real root middleware, its loader's D1 work counted at the binding. */
const getTitles = (search: string) => getApiList<Body>(`http://localhost/api/v1/titles?${search}`, loader, listTitles.responses[200].schema!, "203.0.113.90");

describe("api/v1/titles: page and capped count", () => {
  it("reads the page and its count in one D1 round trip (one batch of two statements)", async () => {
    for (const search of [`year_from=${YEAR}&year_to=${YEAR}`, "", "genre=api-count-drama&order=name&dir=asc"]) {
      const { status, loader } = await getTitles(search);
      expect(status, search).toBe(200);
      expect(loader, search).toMatchObject({ statements: 2, batches: 1, batchedStatements: 2, roundTrips: 1 });
      expect(
        loader.sql.filter((sql) => /count\(\*\)/i.test(sql)),
        search,
      ).toHaveLength(1);
    }
  });

  it("an exact count says so: total and last_page as before, total_is_lower_bound false", async () => {
    const all = await getTitles(`year_from=${YEAR}&year_to=${YEAR}&per_page=100&page=5`);
    expect(all.body.pagination).toMatchObject({ current_page: 5, per_page: 100, total: TITLES, total_is_lower_bound: false, last_page: 5, from: 401, to: TITLES });
    expect(all.body.pagination.data).toHaveLength(10);

    const genre = await getTitles("genre=api-count-drama");
    expect(genre.body.pagination).toMatchObject({ total: 3, total_is_lower_bound: false, last_page: 1, from: 1, to: 3 });
    expect(genre.body.pagination.data.map((t) => t.id).sort()).toEqual([BASE, BASE + 1, BASE + 2]);
  });

  it("a count that reaches the cap (the deepest page's worth) is a lower bound, and says so", async () => {
    // per_page=1: the count stops at MAX_BROWSE_PAGE + 1 = 401 matches of the 410.
    const capped = await getTitles(`year_from=${YEAR}&year_to=${YEAR}&per_page=1&order=popularity&dir=asc`);
    expect(capped.body.pagination).toMatchObject({ current_page: 1, per_page: 1, total: MAX_BROWSE_PAGE, total_is_lower_bound: true, last_page: MAX_BROWSE_PAGE, from: 1, to: 1 });
    expect(capped.body.pagination.data.map((t) => t.id)).toEqual([BASE]);
    expect(capped.loader).toMatchObject({ roundTrips: 1 });
  });

  it("a genre count that reaches its budget of genre links is a lower bound too", async () => {
    const query = listTitles.query!.parse({ genre: "api-count-drama", per_page: "2" });
    const budget = await listTitlesPage(db, query, 2);
    expect(budget.pagination).toMatchObject({ total: 2, total_is_lower_bound: true, last_page: MAX_BROWSE_PAGE });
    // The list itself is not cut.
    expect(budget.pagination.data).toHaveLength(2);
    // A budget above the genre's three links: exact. (Reading exactly as many links as the budget counts as reaching it.)
    expect((await listTitlesPage(db, query, 4)).pagination).toMatchObject({ total: 3, total_is_lower_bound: false, last_page: 2 });
  });
});
