import { describe, expect, it } from "vitest";
import { firstValues, paginated, paginationQuery, perPageOf, relationList } from "./query";

describe("api/v1 query conventions", () => {
  it("with/load/loadCount: comma lists of known relations, unknown ones refused by name", () => {
    const schema = relationList(["credits", "seasons", "videos"] as const);
    expect(schema.parse(undefined)).toEqual([]);
    expect(schema.parse("")).toEqual([]);
    expect(schema.parse(" credits, seasons ,credits")).toEqual(["credits", "seasons"]);
    const unknown = schema.safeParse("credits,actors");
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0].message).toBe('Unknown relation "actors". Use any of: credits, seasons, videos.');
    expect(schema.safeParse("credits;DROP TABLE").success).toBe(false);
    expect(schema.safeParse("x".repeat(501)).success).toBe(false);
  });

  it("page and per_page: defaults, and bounds instead of slow deep pages", () => {
    const schema = paginationQuery({ perPage: 24, maxPerPage: 100, maxPage: 400 });
    expect(schema.parse({})).toEqual({ page: 1, per_page: 24 });
    expect(schema.parse({ page: "3", per_page: "50" })).toEqual({ page: 3, per_page: 50 });
    for (const bad of [{ page: "0" }, { page: "-2" }, { page: "401" }, { page: "1.5" }, { page: "abc" }, { per_page: "101" }, { per_page: "0" }, { perPage: "101" }, { page: "1e400" }]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(schema.safeParse({ per_page: "1000" }).error?.issues[0].message).toBe("The per_page may not be greater than 100.");
  });

  it("perPage, the older name, is still read for one release (decision 036)", () => {
    const schema = paginationQuery({ perPage: 24 });
    expect(perPageOf(schema.parse({ per_page: "30" }))).toBe(30);
    expect(perPageOf(schema.parse({ perPage: "40" }))).toBe(40);
    expect(perPageOf(schema.parse({}))).toBe(24);
  });

  it("the paginated shape (pagination.data)", () => {
    expect(paginated({ data: ["a", "b"], page: 2, perPage: 2, total: 5 })).toEqual({
      pagination: { data: ["a", "b"], current_page: 2, per_page: 2, total: 5, last_page: 3, from: 3, to: 4 },
    });
    expect(paginated({ data: [], page: 1, perPage: 10, total: 0 }).pagination).toMatchObject({ last_page: 1, from: null, to: null });
  });

  it("a list with a capped count says whether its total is a lower bound; the others have no such field", () => {
    expect(paginated({ data: ["a"], page: 1, perPage: 1, total: 5 }).pagination).not.toHaveProperty("total_is_lower_bound");
    expect(paginated({ data: ["a", "b"], page: 2, perPage: 2, total: 5, totalIsLowerBound: false, lastPage: 3 }).pagination).toEqual({
      data: ["a", "b"],
      current_page: 2,
      per_page: 2,
      total: 5,
      total_is_lower_bound: false,
      last_page: 3,
      from: 3,
      to: 4,
    });
    // A lower bound: the list's own last page (the deepest it serves), not total / perPage.
    expect(paginated({ data: ["a", "b"], page: 1, perPage: 2, total: 2, totalIsLowerBound: true, lastPage: 400 }).pagination).toMatchObject({ total: 2, total_is_lower_bound: true, last_page: 400 });
    expect(paginated({ data: [], page: 1, perPage: 2, total: 0, totalIsLowerBound: false, lastPage: 0 }).pagination).toMatchObject({ last_page: 1 });
  });

  it("a repeated query key keeps its first value", () => {
    expect(firstValues(new URLSearchParams("page=2&page=9&with=a"))).toEqual({ page: "2", with: "a" });
  });
});
