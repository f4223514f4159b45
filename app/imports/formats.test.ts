import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv";
import { ImportFileError, readImportFile } from "./formats";
import { pickTitle, type Candidate } from "./match";

const u8 = (text: string) => strToU8(text);

describe("parseCsv (RFC 4180)", () => {
  it("reads quoted commas, doubled quotes, line breaks in quotes, CRLF and a BOM", () => {
    const text = '\ufeffName,Note\r\n"Glass Harbour, The","He said ""go""\nthen left"\r\nPlain,\r\n';
    expect(parseCsv(text)).toEqual([
      ["Name", "Note"],
      ["Glass Harbour, The", 'He said "go"\nthen left'],
      ["Plain", ""],
    ]);
  });
  it("rejects an unclosed quote and a quote inside a bare field", () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/never closed/);
    expect(() => parseCsv('ab"c,d\n')).toThrow(/quote in the middle/);
  });
  it("writes what it reads", () => {
    const rows = [["Glass Harbour, The", 'say "hi"', 7, null]];
    expect(parseCsv(toCsv(["a", "b", "c", "d"], rows))).toEqual([["a", "b", "c", "d"], ["Glass Harbour, The", 'say "hi"', "7", ""]]);
  });
});

const LB_RATINGS = "Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,The Paper Lantern,2011,https://boxd.it/aaaa,3.5\n2024-01-03,\"Salt, Wind\",1999,https://boxd.it/bbbb,0.5\n";
const LB_DIARY = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-02-01,The Paper Lantern,2011,https://boxd.it/c,3.5,,,2024-01-30\n2024-02-05,The Paper Lantern,2011,https://boxd.it/d,,Yes,,2024-02-04\n";
const LB_WATCHED = "Date,Name,Year,Letterboxd URI\n2024-01-01,The Paper Lantern,2011,https://boxd.it/aaaa\n2024-01-09,Quiet Orbit,2020,https://boxd.it/eeee\n";
const LB_LIST = "Letterboxd list export v7\nDate,Name,Tags,URL,Description\n2024-03-01,Rainy days,,https://boxd.it/list,For the weekend\n\nPosition,Name,Year,URL,Description\n1,Quiet Orbit,2020,https://boxd.it/eeee,First\n2,The Paper Lantern,2011,https://boxd.it/aaaa,\n";

describe("readImportFile", () => {
  it("reads a Letterboxd ZIP: stars x2, diary viewings (rewatches too), watched.csv only for undated films, lists", () => {
    const zip = zipSync({
      "ratings.csv": u8(LB_RATINGS),
      "diary.csv": u8(LB_DIARY),
      "watched.csv": u8(LB_WATCHED),
      "watchlist.csv": u8("Date,Name,Year,Letterboxd URI\n2024-01-01,Night Ferry,2023,https://boxd.it/f\n"),
      "lists/rainy-days.csv": u8(LB_LIST),
      "likes/films.csv": u8("Date,Name,Year,Letterboxd URI\n2024-01-01,Ignored,2000,x\n"),
      "deleted/ratings.csv": u8("garbage\"\n"),
    });
    const data = readImportFile("letterboxd-export.zip", zip);
    expect(data.source).toBe("letterboxd");
    expect(data.ratings.map((r) => [r.name, r.year, r.rating])).toEqual([["The Paper Lantern", 2011, 7], ["Salt, Wind", 1999, 1]]);
    expect(data.watched.map((w) => [w.name, w.watchedOn])).toEqual([["The Paper Lantern", "2024-01-30"], ["The Paper Lantern", "2024-02-04"], ["Quiet Orbit", "2024-01-09"]]);
    expect(data.watchlist.map((w) => w.name)).toEqual(["Night Ferry"]);
    expect(data.lists).toHaveLength(1);
    expect(data.lists[0]).toMatchObject({ name: "Rainy days", description: "For the weekend" });
    expect(data.lists[0]!.items.map((i) => [i.name, i.note])).toEqual([["Quiet Orbit", "First"], ["The Paper Lantern", ""]]);
  });

  it("reads single Letterboxd CSVs by header (ratings) or by name (watchlist.csv)", () => {
    expect(readImportFile("ratings.csv", u8(LB_RATINGS)).ratings).toHaveLength(2);
    expect(readImportFile("watchlist.csv", u8(LB_WATCHED)).watchlist).toHaveLength(2);
    expect(() => readImportFile("mine.csv", u8(LB_WATCHED))).toThrow(/cannot tell what mine.csv holds/);
  });

  it("reads IMDb ratings and watchlist exports with their types", () => {
    const ratings = readImportFile(
      "ratings.csv",
      u8("Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\ntt0000001,8,2024-01-01,Quiet Orbit,Quiet Orbit,https://www.imdb.com/title/tt0000001/,Movie,7.1,101,2020,Drama,100,2020-05-01,Someone\ntt0000002,6,2024-01-02,Harbour Lights,,x,TV Series,7,50,2018,Drama,10,2018-01-01,\n"),
    );
    expect(ratings.source).toBe("imdb");
    expect(ratings.ratings.map((r) => [r.imdbId, r.rating, r.type])).toEqual([["tt0000001", 8, "movie"], ["tt0000002", 6, "series"]]);
    const watchlist = readImportFile("watchlist.csv", u8("Position,Const,Created,Modified,Description,Title,URL,Title Type,Year\n1,tt0000003,2024-01-01,2024-01-01,,Night Ferry,x,Movie,2023\n"));
    expect(watchlist.watchlist.map((w) => w.name)).toEqual(["Night Ferry"]);
  });

  it.each([
    ["ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,A,2011,x,6\n", /line 2: "6" is not a rating from 0.5 to 5/],
    ["ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,A,2011,x,2.25\n", /not a rating/],
    ["ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,A,twenty,x,2\n", /"twenty" is not a year/],
    ["ratings.csv", "Const,Your Rating,Title,Year\ntt1,11,A,2000\n", /"11" is not a rating from 1 to 10/],
    ["diary.csv", "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-01-01,A,2000,x,,,,yesterday\n", /not a date/],
    ["ratings.csv", "Name,Year\nA,2000\n", /has no Date column/],
    ["ratings.csv", 'Date,Name,Year\n2024-01-01,"A,2000\n', /never closed/],
    ["ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n", /no rows/],
    ["x.zip", "PK\u0003\u0004 not really a zip", /damaged or not a ZIP/],
  ])("refuses %s with a clear message (%#)", (name, text, message) => {
    expect(() => readImportFile(name, u8(text))).toThrow(ImportFileError);
    expect(() => readImportFile(name, u8(text))).toThrow(message);
  });

  it("refuses a ZIP without a Letterboxd file", () => {
    expect(() => readImportFile("a.zip", zipSync({ "notes.txt": u8("hi") }))).toThrow(/none of a Letterboxd export's files/);
  });
});

describe("pickTitle", () => {
  const c = (id: number, year: number | null, type: "movie" | "series" = "movie", popularity = 0): Candidate => ({ id, name: "Quiet Orbit", year, type, popularity });
  it("prefers the same year, then a year either side, then the type, then popularity", () => {
    expect(pickTitle({ year: 2020, type: "movie" }, [c(1, 2019), c(2, 2020)])?.id).toBe(2);
    expect(pickTitle({ year: 2020, type: "movie" }, [c(1, 2021), c(2, 2024)])?.id).toBe(1);
    expect(pickTitle({ year: 2020, type: "series" }, [c(1, 2020, "movie"), c(2, 2020, "series")])?.id).toBe(2);
    expect(pickTitle({ year: 2020, type: null }, [c(1, 2020, "movie", 1), c(2, 2020, "movie", 9)])?.id).toBe(2);
    expect(pickTitle({ year: 2020, type: "movie" }, [c(1, 2010)])).toBeNull();
  });
  it("without a year matches only a unique name", () => {
    expect(pickTitle({ year: null, type: null }, [c(1, 2020)])?.id).toBe(1);
    expect(pickTitle({ year: null, type: null }, [c(1, 2020), c(2, 2021)])).toBeNull();
  });
});
