import { describe, expect, it } from "vitest";
import { filtersToSearch } from "./browse";
import { MAX_YEAR } from "./browse-options";
import { parsePersonFilters, parseTitleFilters } from "./browse-filters.server";

const parse = (search: string) => parseTitleFilters(new URLSearchParams(search));

describe("title browse filters", () => {
  it("reads well-formed filters", () => {
    expect(parse("type=movie&genre=drama&year_from=1990&year_to=1999&rating=7.5&certification=PG-13&order=rating&dir=asc&page=3")).toEqual({
      type: "movie",
      genre: ["drama"],
      genre_match: "any",
      year_from: 1990,
      year_to: 1999,
      runtime_min: undefined,
      runtime_max: undefined,
      language: undefined,
      country: undefined,
      rating: 7.5,
      certification: "PG-13",
      order: "rating",
      dir: "asc",
      page: 3,
    });
  });

  it("ignores malformed values instead of failing", () => {
    expect(parse("type=podcast&genre=<script>&genre_match=most&year_from=abc&runtime_min=long&language=english&country=1&rating=lots&order=random&dir=sideways&page=-4")).toEqual({
      type: undefined,
      genre: [],
      genre_match: "any",
      year_from: undefined,
      year_to: undefined,
      runtime_min: undefined,
      runtime_max: undefined,
      language: undefined,
      country: undefined,
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

  it("takes the first value of a repeated key, except genres, which add up", () => {
    expect(parse("type=series&type=movie").type).toBe("series");
    expect(parse("genre=drama&genre=comedy&genre=drama&genre_match=all")).toMatchObject({ genre: ["drama", "comedy"], genre_match: "all" });
    expect(parse("genre=drama,comedy").genre).toEqual(["drama", "comedy"]);
  });

  it("reads the one Sort value into order and direction, before the older order/dir", () => {
    expect(parse("sort=rating-asc&order=name&dir=desc")).toMatchObject({ order: "rating", dir: "asc" });
    expect(parse("sort=release_date-desc")).toMatchObject({ order: "release_date", dir: "desc" });
    expect(parse("sort=random-asc&order=name")).toEqual(parse("order=name"));
  });

  it("reads runtime, language and country, normalising codes and swapping a reversed runtime range", () => {
    expect(parse("runtime_min=150&runtime_max=90&language=FR&country=gb")).toMatchObject({ runtime_min: 90, runtime_max: 150, language: "fr", country: "GB" });
    expect(parse("runtime_max=99999").runtime_max).toBe(1000);
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
    expect(filtersToSearch({ order: "name", page: 2 })).toBe("?sort=name-asc&page=2");
    expect(filtersToSearch({ order: "popularity", dir: "desc", page: 1 })).toBe("");
    expect(filtersToSearch({ genre: ["drama", "comedy"], genre_match: "any", order: "rating", dir: "asc", page: 3 })).toBe("?genre=drama&genre=comedy&sort=rating-asc&page=3");
  });

  it("round-trips through the parser", () => {
    const f = parse("type=series&genre=drama&genre=comedy&genre_match=all&sort=rating-asc&runtime_min=30&page=2");
    const { page, ...rest } = f;
    expect(parse(filtersToSearch({ ...rest, page }).slice(1))).toEqual(f);
  });
});

describe("an empty filter form", () => {
  it("means no filters at all", () => {
    const f = parseTitleFilters(new URLSearchParams("type=&genre_match=any&year_from=&year_to=&runtime_min=&runtime_max=&rating=&certification=&language=&country=&sort=popularity-desc"));
    expect(f).toMatchObject({
      type: undefined,
      genre: [],
      year_from: undefined,
      year_to: undefined,
      runtime_min: undefined,
      rating: undefined,
      certification: undefined,
      language: undefined,
      country: undefined,
      order: "popularity",
    });
  });
});
