import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cleanMovies, repairMojibake, type RawMovie } from "./clean-movies";

const row = (over: RawMovie): RawMovie => ({
  Title: "Some Film",
  "Release Date": "Jun 12 1998",
  "MPAA Rating": "R",
  "Running Time min": 100,
  "Production Budget": 8_000_000,
  "Worldwide Gross": 146_083,
  Director: "Jane Doe",
  "IMDB Rating": 6.1,
  "IMDB Votes": 1071,
  "Rotten Tomatoes Rating": 80,
  ...over,
});

describe("cleanMovies", () => {
  it("keeps numeric titles as text and drops null or blank ones", () => {
    const { movies, report } = cleanMovies([row({ Title: 1776 }), row({ Title: 300, "Release Date": "Mar 09 2007" }), row({ Title: null }), row({ Title: "   " }), row({ Title: undefined })]);
    expect(movies.map((m) => m.name)).toEqual(["1776", "300"]);
    expect(report.dropped.map((d) => d.reason)).toEqual(["no title", "no title", "no title"]);
    expect(report.fixed.filter((f) => f.fix.includes("numeric"))).toHaveLength(2);
  });

  it("moves two-digit-year mistakes back a century, and drops years it cannot place", () => {
    const { movies, report } = cleanMovies([
      row({ Title: "Duel in the Sun", "Release Date": "Dec 31 2046" }),
      row({ Title: "Intolerance", "Release Date": "Sep 05 2016" }),
      row({ Title: "Far Future", "Release Date": "Jan 01 2150" }),
      row({ Title: "Too Early", "Release Date": "Jan 01 1850" }),
      row({ Title: "No Date", "Release Date": null }),
      row({ Title: "Garbage Date", "Release Date": "sometime" }),
      row({ Title: "Bad Day", "Release Date": "Feb 30 1990" }),
    ]);
    expect(movies.map((m) => [m.name, m.releaseDate, m.year])).toEqual([
      ["Duel in the Sun", "1946-12-31", 1946],
      ["Intolerance", "1916-09-05", 1916],
    ]);
    expect(report.dropped.map((d) => d.title)).toEqual(["Far Future", "Too Early", "No Date", "Garbage Date", "Bad Day"]);
    expect(report.fixed.map((f) => f.fix)).toContain("release year 2046 -> 1946 (two-digit year read in the wrong century)");
  });

  it("drops duplicates (same name and year), keeping the fuller row, but keeps remakes", () => {
    const { movies, report } = cleanMovies([
      row({ Title: "King Kong", "Release Date": "Dec 14 2005", Director: null }),
      row({ Title: "King Kong", "Release Date": "Dec 14 2005" }),
      row({ Title: "king kong", "Release Date": "Dec 17 1976" }),
    ]);
    expect(movies).toHaveLength(2);
    expect(movies.find((m) => m.year === 2005)?.director).toBe("Jane Doe");
    expect(report.dropped).toEqual([{ title: "King Kong (2005)", reason: "duplicate" }]);
  });

  it("repairs text read in the wrong code page and normalises names", () => {
    const { movies } = cleanMovies([
      row({ Title: "Le Fabuleux destin d'AmÈlie Poulain" }),
      row({ Title: "Per qualche dollaro in pi˘" }),
      row({ Title: "I Love You Ö Don't Touch Me!" }),
      row({ Title: "The Naked Gun 2Ω: The Smell of Fear" }),
      row({ Title: "Alien³" }),
      row({ Title: "Secret, The" }),
      row({ Title: "Halloween:  The Curse of Michael Myers" }),
      row({ Title: "King Kong (1933)", "Release Date": "Apr 07 2033" }),
      row({ Title: "Metropolis (2002)", "Release Date": "Jan 25 2002" }),
      row({ Title: "Amélie" }),
    ]);
    expect(movies.map((m) => m.name)).toEqual([
      "Le Fabuleux destin d'Amélie Poulain",
      "Per qualche dollaro in più",
      "I Love You … Don't Touch Me!",
      "The Naked Gun 2½: The Smell of Fear",
      "Alien³",
      "The Secret",
      "Halloween: The Curse of Michael Myers",
      "King Kong",
      "Metropolis",
      "Amélie",
    ]);
  });

  it("maps certifications and nulls impossible numbers", () => {
    const { movies, report } = cleanMovies([
      row({ Title: "A", "MPAA Rating": "Not Rated" }),
      row({ Title: "B", "MPAA Rating": "Open" }),
      row({ Title: "C", "MPAA Rating": "PG-13", "IMDB Rating": 11, "Rotten Tomatoes Rating": -3, "Running Time min": 0, "Production Budget": -5 }),
      row({ Title: "D", "Worldwide Gross": 0, "IMDB Rating": "7.5" }),
    ]);
    expect(movies.map((m) => m.certification)).toEqual(["NR", null, "PG-13", "R"]);
    expect(movies[2]).toMatchObject({ imdbRating: null, rottenTomatoes: null, runtime: null, budget: null });
    expect(movies[3]).toMatchObject({ revenue: null, imdbRating: 7.5 });
    expect(report.fixed.filter((f) => f.title === "C")).toHaveLength(4);
  });

  it("cleans the real file: no null titles, no future years, no duplicates", () => {
    const raw = JSON.parse(readFileSync("node_modules/vega-datasets/data/movies.json", "utf8")) as RawMovie[];
    expect(raw).toHaveLength(3201);
    const { movies, report } = cleanMovies(raw);
    expect(movies.length).toBeGreaterThan(3150);
    expect(movies.length + report.dropped.length).toBe(3201);
    expect(movies.every((m) => typeof m.name === "string" && m.name.length > 0)).toBe(true);
    expect(Math.max(...movies.map((m) => m.year))).toBeLessThanOrEqual(2012);
    expect(new Set(movies.map((m) => `${m.name.toLowerCase()}|${m.year}`)).size).toBe(movies.length);
    expect(movies.some((m) => /[ÈÍ˘‡]/.test(m.name))).toBe(false);
    expect(movies.find((m) => m.name === "Gone with the Wind")?.year).toBe(1939);
  });
});

describe("repairMojibake", () => {
  it("leaves correct text alone", () => {
    for (const text of ["Amélie", "Ri¢hie Ri¢h", "Alien³", "plain", "Straße", "Ελλάδα"]) expect(repairMojibake(text)).toBe(text);
  });
});
