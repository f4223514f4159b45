import { describe, expect, it } from "vitest";
import { filtersToSearch, MAX_YEAR } from "./browse";
import { parsePersonFilters, parseTitleFilters } from "./browse-filters.server";

const parse = (search: string) => parseTitleFilters(new URLSearchParams(search));

describe("title browse filters", () => {
  it("reads well-formed filters", () => {
    expect(parse("type=movie&genre=drama&year_from=1990&year_to=1999&rating=7.5&certification=PG-13&order=rating&dir=asc&page=3")).toEqual({
      type: "movie",
      genre: "drama",
      year_from: 1990,
      year_to: 1999,
      rating: 7.5,
      certification: "PG-13",
      order: "rating",
      dir: "asc",
      page: 3,
    });
  });

  it("ignores malformed values instead of failing", () => {
    expect(parse("type=podcast&genre=<script>&year_from=abc&rating=lots&order=random&dir=sideways&page=-4")).toEqual({
      type: undefined,
      genre: undefined,
      year_from: undefined,
      year_to: undefined,
      rating: undefined,
      certification: undefined,
      order: "popularity",
      dir: undefined,
      page: 1,
    });
  });

  it("clamps years and ratings into range and swaps a reversed year range", () => {
    const f = parse("year_from=99999&year_to=1999&rating=42");
    expect(f.year_from).toBe(1999);
    expect(f.year_to).toBe(MAX_YEAR);
    expect(f.rating).toBe(10);
  });

  it("keeps huge page numbers (the page is empty) but refuses unsafe integers", () => {
    expect(parse("page=100000").page).toBe(100000);
    expect(parse("page=1e400").page).toBe(1);
    expect(parse("page=99999999999999999999").page).toBe(1);
  });

  it("takes the first value of a repeated key", () => {
    expect(parse("type=series&type=movie").type).toBe("series");
  });
});

describe("person browse filters", () => {
  it("reads and forgives", () => {
    expect(parsePersonFilters(new URLSearchParams("department=Directing&gender=female&order=name&page=2"))).toMatchObject({
      department: "Directing",
      gender: "female",
      order: "name",
      page: 2,
    });
    expect(parsePersonFilters(new URLSearchParams("gender=x&order=age&page=zero"))).toMatchObject({ gender: undefined, order: "popularity", page: 1 });
  });
});

describe("filtersToSearch", () => {
  it("drops defaults and empty values", () => {
    expect(filtersToSearch({ type: "movie", genre: undefined, order: "popularity", page: 1 })).toBe("?type=movie");
    expect(filtersToSearch({ order: "popularity", page: 1 })).toBe("");
    expect(filtersToSearch({ order: "name", page: 2 })).toBe("?order=name&page=2");
  });
});

describe("an empty filter form", () => {
  it("means no filters at all", () => {
    const f = parseTitleFilters(new URLSearchParams("type=&genre=&year_from=&year_to=&rating=&certification=&order=popularity&dir="));
    expect(f).toMatchObject({ type: undefined, genre: undefined, year_from: undefined, year_to: undefined, rating: undefined, certification: undefined, dir: undefined });
  });
});
