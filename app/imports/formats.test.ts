import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "../files/csv";
import { ImportFileError, readImportFile } from "./formats";
import { foldName, resolveByName, type Candidate } from "./match";
import { csvCell, toCsv as writeCsv } from "../files/csv";

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
    expect(parseCsv(toCsv(["a", "b", "c", "d"], rows))).toEqual([
      ["a", "b", "c", "d"],
      ["Glass Harbour, The", 'say "hi"', "7", ""],
    ]);
  });
});

const LB_RATINGS = 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,The Paper Lantern,2011,https://boxd.it/aaaa,3.5\n2024-01-03,"Salt, Wind",1999,https://boxd.it/bbbb,0.5\n';
const LB_DIARY =
  "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-02-01,The Paper Lantern,2011,https://boxd.it/c,3.5,,,2024-01-30\n2024-02-05,The Paper Lantern,2011,https://boxd.it/d,,Yes,,2024-02-04\n";
const LB_WATCHED = "Date,Name,Year,Letterboxd URI\n2024-01-01,The Paper Lantern,2011,https://boxd.it/aaaa\n2024-01-09,Quiet Orbit,2020,https://boxd.it/eeee\n";
const LB_LIST =
  "Letterboxd list export v7\nDate,Name,Tags,URL,Description\n2024-03-01,Rainy days,,https://boxd.it/list,For the weekend\n\nPosition,Name,Year,URL,Description\n1,Quiet Orbit,2020,https://boxd.it/eeee,First\n2,The Paper Lantern,2011,https://boxd.it/aaaa,\n";

describe("readImportFile", () => {
  it("reads a Letterboxd ZIP: stars x2, diary viewings (rewatches too), watched.csv only for undated films, lists", () => {
    const zip = zipSync({
      "ratings.csv": u8(LB_RATINGS),
      "diary.csv": u8(LB_DIARY),
      "watched.csv": u8(LB_WATCHED),
      "watchlist.csv": u8("Date,Name,Year,Letterboxd URI\n2024-01-01,Night Ferry,2023,https://boxd.it/f\n"),
      "lists/rainy-days.csv": u8(LB_LIST),
      "likes/films.csv": u8("Date,Name,Year,Letterboxd URI\n2024-01-01,Ignored,2000,x\n"),
      "deleted/ratings.csv": u8('garbage"\n'),
    });
    const data = readImportFile("letterboxd-export.zip", zip);
    expect(data.source).toBe("letterboxd");
    expect(data.ratings.map((r) => [r.name, r.year, r.rating])).toEqual([
      ["The Paper Lantern", 2011, 7],
      ["Salt, Wind", 1999, 1],
    ]);
    // Diary viewings (the rewatch too), watched.csv's undated films, and a rated film counts as watched on its rating's date.
    expect(data.watched.map((w) => [w.name, w.watchedOn, w.rewatch])).toEqual([
      ["The Paper Lantern", "2024-01-30", false],
      ["The Paper Lantern", "2024-02-04", true],
      ["Quiet Orbit", "2024-01-09", false],
      ["Salt, Wind", "2024-01-03", false],
    ]);
    expect(data.ratings.map((r) => r.ratedAt)).toEqual(["2024-01-02", "2024-01-03"]);
    expect(data.watchlist.map((w) => w.addedAt)).toEqual(["2024-01-01"]);
    expect(data.watchlist.map((w) => w.name)).toEqual(["Night Ferry"]);
    expect(data.lists).toHaveLength(1);
    expect(data.lists[0]).toMatchObject({ name: "Rainy days", description: "For the weekend" });
    expect(data.lists[0]!.items.map((i) => [i.name, i.note, i.position])).toEqual([
      ["Quiet Orbit", "First", 1],
      ["The Paper Lantern", "", 2],
    ]);
  });

  it("reads single Letterboxd CSVs by header (ratings) or by name (watchlist.csv)", () => {
    expect(readImportFile("ratings.csv", u8(LB_RATINGS)).ratings).toHaveLength(2);
    expect(readImportFile("watchlist.csv", u8(LB_WATCHED)).watchlist).toHaveLength(2);
    expect(() => readImportFile("mine.csv", u8(LB_WATCHED))).toThrow(/cannot tell what mine.csv holds/);
  });

  it("reads IMDb ratings and watchlist exports with their types", () => {
    const ratings = readImportFile(
      "ratings.csv",
      u8(
        "Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\ntt0000001,8,2024-01-01,Quiet Orbit,Quiet Orbit,https://www.imdb.com/title/tt0000001/,Movie,7.1,101,2020,Drama,100,2020-05-01,Someone\ntt0000002,6,2024-01-02,Harbour Lights,,x,TV Series,7,50,2018,Drama,10,2018-01-01,\n",
      ),
    );
    expect(ratings.source).toBe("imdb");
    expect(ratings.ratings.map((r) => [r.imdbId, r.rating, r.type])).toEqual([
      ["tt0000001", 8, "movie"],
      ["tt0000002", 6, "series"],
    ]);
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
    ["ratings.csv", "Date,Name,Year,Letterboxd URI\n2024-01-01,A,2000,x\n", /cannot tell what ratings.csv holds/],
    ["ratings.csv", 'Date,Name,Year\n2024-01-01,"A,2000\n', /never closed/],
    ["ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n", /no rows/],
    ["x.zip", "PK\u0003\u0004 not really a zip", /damaged or not a ZIP/],
  ])("refuses %s with a clear message (%#)", (name, text, message) => {
    expect(() => readImportFile(name, u8(text))).toThrow(ImportFileError);
    expect(() => readImportFile(name, u8(text))).toThrow(message);
  });

  it("refuses a ZIP without a Letterboxd file", () => {
    expect(() => readImportFile("a.zip", zipSync({ "notes.txt": u8("hi") }))).toThrow(/none of the files of a Letterboxd, Trakt or Reelbase export/);
  });

  it("stops inflating a ZIP bomb at the cap, whatever sizes the archive declares", () => {
    // 24 MB of one byte compresses to about 24 KB: the ratio cap (50x) stops it long before the end.
    const bomb = zipSync({ "ratings.csv": new Uint8Array(24 * 1024 * 1024).fill(0x41) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    expect(() => readImportFile("bomb.zip", bomb)).toThrow(/ZIP bomb|unpacks to more than/);
    expect(Date.now() - started).toBeLessThan(2000);
    // The declared size lies (a bomb that says 4 KB): patch the local and central headers' uncompressed size.
    const liar = bomb.slice();
    const view = new DataView(liar.buffer);
    for (let i = 0; i < liar.length - 4; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint32(i + 22, 4096, true);
      if (sig === 0x02014b50) view.setUint32(i + 24, 4096, true);
    }
    expect(() => readImportFile("liar.zip", liar)).toThrow(/ZIP bomb|unpacks to more than|damaged/);
  }, 30_000);

  it("reads UTF-8 with and without a BOM and Windows-1252; refuses UTF-16 and binary files named .csv", () => {
    const header = "Date,Name,Year,Letterboxd URI,Rating\n";
    const row = "2024-01-02,Amélie,2001,x,4\n";
    expect(readImportFile("ratings.csv", u8(header + row)).ratings[0]!.name).toBe("Amélie");
    expect(readImportFile("ratings.csv", u8(`\ufeff${header}${row}`)).ratings[0]!.name).toBe("Amélie");
    const cp1252 = Uint8Array.from([...`${header}2024-01-02,Am`.split("").map((c) => c.charCodeAt(0)), 0xe9, ..."lie,2001,x,4\n".split("").map((c) => c.charCodeAt(0))]);
    expect(readImportFile("ratings.csv", cp1252).ratings[0]!.name).toBe("Amélie");
    expect(() => readImportFile("ratings.csv", Uint8Array.from([0xff, 0xfe, 0x44, 0x00]))).toThrow(/UTF-16/);
    expect(() => readImportFile("ratings.csv", Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00]))).toThrow(/not a text file/);
  });

  it("reads IMDb's Original Title, and this site's own exports back (formula cells un-escaped)", () => {
    const imdb = readImportFile(
      "ratings.csv",
      u8(
        "Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\ntt0211915,9,2020-05-06,Amélie,Le fabuleux destin d'Amélie Poulain,x,Movie,8.3,122,2001,Comedy,1,2001-04-25,x\n",
      ),
    );
    expect(imdb.ratings[0]).toMatchObject({ name: "Amélie", originalName: "Le fabuleux destin d'Amélie Poulain", imdbId: "tt0211915", ratedAt: "2020-05-06" });
    const own = readImportFile(
      "reviews.csv",
      u8(
        writeCsv(
          ["Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Review", "Tags", "Watched Date", "Title ID", "Headline", "Spoiler", "Status"],
          [["2021-01-02", "Quiet Orbit", 2020, "", 4, "", "@SUM(1+1) fine", "", "", 7, '=HYPERLINK("http://evil.example")', "yes", "published"]],
        ),
      ),
    );
    expect(own.source).toBe("reelbase");
    expect(own.reviews[0]).toMatchObject({ body: "@SUM(1+1) fine", headline: '=HYPERLINK("http://evil.example")', spoiler: true, published: true, siteId: 7 });
    // The older single exports (Title ID, Name, Year, …) import too.
    const old = readImportFile("reelbase-ratings.csv", u8("Title ID,Name,Year,Type,Season,Episode,Rating,Rated At\n12,Quiet Orbit,2020,movie,,,8,2022-03-04\n"));
    expect(old.ratings[0]).toMatchObject({ siteId: 12, rating: 8, ratedAt: "2022-03-04" });
  });

  it("reads Trakt's JSON: history with times, ratings, watchlist, by ids", () => {
    const history = JSON.stringify([
      {
        id: 1,
        watched_at: "2019-03-31T21:28:53.000Z",
        action: "watch",
        type: "movie",
        movie: { title: "Quiet Orbit", year: 2020, ids: { trakt: 1, slug: "quiet-orbit", imdb: "tt0000001", tmdb: 101 } },
      },
    ]);
    const data = readImportFile("watched-history.json", u8(history));
    expect(data.source).toBe("trakt");
    expect(data.watched[0]).toMatchObject({ watchedOn: "2019-03-31", watchedAt: "2019-03-31T21:28:53.000Z", imdbId: "tt0000001", tmdbId: 101 });
    const ratings = readImportFile(
      "ratings-movies.json",
      u8(JSON.stringify([{ rated_at: "2018-01-02T10:00:00.000Z", rating: 7, type: "movie", movie: { title: "Quiet Orbit", year: 2020, ids: { tmdb: 101 } } }])),
    );
    expect(ratings.ratings[0]).toMatchObject({ rating: 7, ratedAt: "2018-01-02T10:00:00.000Z" });
  });
});

describe("matching", () => {
  const c = (id: number, year: number | null, type: "movie" | "series" = "movie", popularity = 0): Candidate => ({ id, name: "Quiet Orbit", year, type, popularity });
  it("the same year, then a year either side, then the type; equals are ambiguous, never a silent guess", () => {
    expect(resolveByName({ year: 2020, type: "movie" }, [c(1, 2019), c(2, 2020)])).toMatchObject({ kind: "matched", title: { id: 2 } });
    expect(resolveByName({ year: 2020, type: "movie" }, [c(1, 2021), c(2, 2024)])).toMatchObject({ kind: "matched", title: { id: 1 } });
    expect(resolveByName({ year: 2020, type: "series" }, [c(1, 2020, "movie"), c(2, 2020, "series")])).toMatchObject({ kind: "matched", title: { id: 2 } });
    expect(resolveByName({ year: 2020, type: null }, [c(1, 2020, "movie", 1), c(2, 2020, "movie", 9)])).toMatchObject({ kind: "ambiguous" });
    expect(resolveByName({ year: 2020, type: "movie" }, [c(1, 2010)])).toMatchObject({ kind: "unmatched" });
    expect(resolveByName({ year: null, type: null }, [c(1, 2020)])).toMatchObject({ kind: "matched" });
    expect(resolveByName({ year: null, type: null }, [c(1, 2020), c(2, 2021)])).toMatchObject({ kind: "ambiguous" });
  });
  it("folds diacritics, case and punctuation", () => {
    expect(foldName("Léon: The Professional")).toBe(foldName("LEON - the professional"));
    expect(foldName("Amélie")).toBe("amelie");
  });
});

describe("the site's CSV writer", () => {
  it.each(['=HYPERLINK("http://evil.example")', "@SUM(1+1)", "+1", "-2", "\tx", "\rx"])("defuses %j", (value) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"/, "")[0]).toBe("'");
    expect(parseCsv(`${cell}\r\n`)[0]![0]).toBe(`'${value}`);
  });
});

describe("the fixture exports (tests/e2e/fixtures/imports)", () => {
  const dir = "tests/e2e/fixtures/imports";
  const tree = (root: string, at = ""): Record<string, Uint8Array> =>
    Object.assign(
      {},
      ...readdirSync(join(root, at)).map((name) =>
        statSync(join(root, at, name)).isDirectory() ? tree(root, `${at}${name}/`) : { [`${at}${name}`]: new Uint8Array(readFileSync(join(root, at, name))) },
      ),
    );
  it("reads Letterboxd's ZIP: every date, the rewatch, reviews with the spoiler flag, the list in order", () => {
    const data = readImportFile("letterboxd.zip", zipSync(tree(`${dir}/letterboxd`)));
    expect(data.watched.map((w) => [w.name, w.watchedOn, w.rewatch])).toEqual([
      ["Fight Club", "2021-03-13", false],
      ["Fight Club", "2022-11-01", true],
      ["Spirited Away", "2021-06-19", false],
      ["The Shawshank Redemtion", "2020-02-08", false],
      ["Léon", "2019-08-30", false],
      ["Memento", "2018-04-04", false],
    ]);
    expect(data.reviews.map((r) => [r.name, r.spoiler, r.reviewedAt, r.rating])).toEqual([
      ["Spirited Away", true, "2021-06-21", 10],
      ["Fight Club", false, "2021-03-15", 9],
    ]);
    expect(data.watchlist.map((w) => [w.name, w.addedAt])).toEqual([
      ["Caché", "2023-01-15"],
      ["Amores perros: Love's a Bitch", "2023-02-01"],
    ]);
    expect(data.lists[0]!.items.map((i) => [i.position, i.name, i.note])).toEqual([
      [1, "Spirited Away", "Start here"],
      [2, "Léon", ""],
      [3, "Memento", "Pay attention"],
    ]);
  });
  it("reads IMDb's ratings with Original Title and Trakt's JSON with times and ids", () => {
    const imdb = readImportFile("ratings.csv", new Uint8Array(readFileSync(`${dir}/imdb/ratings.csv`)));
    expect(imdb.ratings.map((r) => [r.name, r.originalName, r.ratedAt])).toEqual([
      ["Amélie", "Le fabuleux destin d'Amélie Poulain", "2020-05-06"],
      ["Léon: The Professional", "Léon", "2020-05-07"],
      ["The Dark Knight", "The Dark Knight", "2020-05-08"],
    ]);
    const trakt = readImportFile("trakt.zip", zipSync(tree(`${dir}/trakt`)));
    expect(trakt.source).toBe("trakt");
    expect(trakt.watched[0]).toMatchObject({ name: "Memento", watchedAt: "2018-04-04T20:30:00.000Z", tmdbId: 77 });
    expect(trakt.ratings[0]).toMatchObject({ name: "The Dark Knight", rating: 9, imdbId: "tt0468569" });
    expect(trakt.watchlist[0]).toMatchObject({ name: "Crouching Tiger, Hidden Dragon", addedAt: "2023-05-05T08:00:00.000Z" });
  });
});
