import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getApiList } from "../../tests/support/api-loader.workers";
import { letGuestsViewTitles } from "../../tests/support/guest-access.workers";
import { openD1 } from "~/db/client.server";
import { loader } from "~/routes/api/v1/catalogue/people";
import { listPeople } from "./api-contract";
import { MAX_BROWSE_PAGE } from "./browse";

/**
 * GET api/v1/people (decision 026): the page and its count in one D1 round trip,
 * and a count that stops early on a broad filter (the people page's capped
 * count), which `pagination.total_is_lower_bound` tells the client; the same
 * as api/v1/titles (api-titles.workers.test.ts).
 *
 * The fixture: 410 people known for a department of their own, three of them
 * female (the others male). With per_page=1 the cap is MAX_BROWSE_PAGE x 1 + 1
 * = 401 matches, which 410 people reach.
 */
const { db } = openD1(env.DB, null);
const BASE = 975_000;
const PEOPLE = 410;
const DEPARTMENT = "Api Count Crew";

beforeAll(async () => {
  await letGuestsViewTitles(db);
  // One statement for all the people (D1 allows 100 bound values a statement).
  await env.DB.prepare(
    `INSERT INTO people (id, name, slug, known_for, gender, popularity)
     WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
     SELECT ?1 + i, 'Api Count Person ' || i, 'api-count-person-' || i, ?3, CASE WHEN i < 3 THEN 'female' ELSE 'male' END, i FROM n`,
  )
    .bind(BASE, PEOPLE, DEPARTMENT)
    .run();
});

type Body = { pagination: { data: { id: number }[]; current_page: number; per_page: number; total: number; total_is_lower_bound: boolean; last_page: number; from: number | null; to: number | null } };

/** One guest GET of api/v1/people behind the real root middleware, its loader's D1 work counted at the binding. */
const getPeople = (search: string) => getApiList<Body>(`http://localhost/api/v1/people?${search}`, loader, listPeople.responses[200].schema!, "203.0.113.91");

const department = `department=${encodeURIComponent(DEPARTMENT)}`;

describe("api/v1/people: page and capped count", () => {
  it("reads the page and its count in one D1 round trip (one batch of two statements)", async () => {
    for (const search of [department, "", "gender=female&order=name&dir=asc", `${department}&gender=male`]) {
      const { status, loader } = await getPeople(search);
      expect(status, search).toBe(200);
      expect(loader, search).toMatchObject({ statements: 2, batches: 1, batchedStatements: 2, roundTrips: 1 });
      expect(
        loader.sql.filter((sql) => /count\(\*\)/i.test(sql)),
        search,
      ).toHaveLength(1);
      // The count reads the matches up to the cap, never all of them.
      expect(
        loader.sql.find((sql) => /count\(\*\)/i.test(sql)),
        search,
      ).toMatch(/^select count\(\*\) as "total" from \(select 1 (as "one" )?from "people".* limit \?\) (as )?"matches"$/i);
    }
  });

  it("an exact count says so: total and last_page as before, total_is_lower_bound false", async () => {
    const all = await getPeople(`${department}&per_page=100&page=5`);
    expect(all.body.pagination).toMatchObject({ current_page: 5, per_page: 100, total: PEOPLE, total_is_lower_bound: false, last_page: 5, from: 401, to: PEOPLE });
    expect(all.body.pagination.data).toHaveLength(10);

    const female = await getPeople(`${department}&gender=female`);
    expect(female.body.pagination).toMatchObject({ total: 3, total_is_lower_bound: false, last_page: 1, from: 1, to: 3 });
    expect(female.body.pagination.data.map((p) => p.id).sort()).toEqual([BASE, BASE + 1, BASE + 2]);

    const none = await getPeople(`department=${encodeURIComponent("Nobody Here Crew")}`);
    expect(none.body.pagination).toMatchObject({ data: [], total: 0, total_is_lower_bound: false, last_page: 1, from: null, to: null });
  });

  it("a count that reaches the cap (the deepest page's worth) is a lower bound, and says so", async () => {
    // per_page=1: the count stops at MAX_BROWSE_PAGE + 1 = 401 matches of the 410.
    const capped = await getPeople(`${department}&per_page=1&order=popularity&dir=asc`);
    expect(capped.body.pagination).toMatchObject({ current_page: 1, per_page: 1, total: MAX_BROWSE_PAGE, total_is_lower_bound: true, last_page: MAX_BROWSE_PAGE, from: 1, to: 1 });
    expect(capped.body.pagination.data.map((p) => p.id)).toEqual([BASE]);
    expect(capped.loader).toMatchObject({ roundTrips: 1 });
    // The deepest page the API serves still lists people.
    const deepest = await getPeople(`${department}&per_page=1&order=popularity&dir=asc&page=${MAX_BROWSE_PAGE}`);
    expect(deepest.body.pagination).toMatchObject({ current_page: MAX_BROWSE_PAGE, total: MAX_BROWSE_PAGE, total_is_lower_bound: true, last_page: MAX_BROWSE_PAGE });
    expect(deepest.body.pagination.data.map((p) => p.id)).toEqual([BASE + MAX_BROWSE_PAGE - 1]);
  });
});
