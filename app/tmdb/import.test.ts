import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openMigratedTestDatabase } from "../../tests/support/node-test-database";
import { credits, episodes, images, people, seasons, titles, videos } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";
import { FAKE_TMDB_KEY, startFakeTmdb, type FakeTmdb } from "../../tests/support/fake-tmdb";
import { createTmdbClient, TmdbError, type TmdbClient } from "./client.server";
import { importMovie, importPerson, importSeries, type ImportOptions } from "./import.server";
import { titleWatchProviders, watchProviders } from "./tables";

/**
 * The importer against the fake TMDB server (tests/support/fake-tmdb.ts) at
 * the HTTP boundary, writing to a migrated SQLite database (the same SQL D1
 * runs).
 */

let fake: FakeTmdb;
let db: Database;
let close: () => void;
let client: TmdbClient;
let options: ImportOptions;

beforeAll(async () => {
  fake = await startFakeTmdb();
  ({ db, close } = await openMigratedTestDatabase());
  client = createTmdbClient({ apiUrl: fake.apiUrl, imageUrl: fake.imageUrl, apiKey: FAKE_TMDB_KEY });
  options = { imageBase: fake.imageUrl, region: "US", includeSpecials: false };
});
afterAll(async () => {
  close?.();
  await fake?.close();
});
beforeEach(() => fake.reset());

const TABLES = [
  "titles",
  "people",
  "credits",
  "seasons",
  "episodes",
  "videos",
  "images",
  "genres",
  "keywords",
  "title_genres",
  "title_keywords",
  "watch_providers",
  "title_watch_providers",
  "titles_fts",
  "people_fts",
];

async function rowCounts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`));
    out[table] = Number(row.n);
  }
  return out;
}

describe("TMDB importer", () => {
  it("imports a movie with its facts, people, credits, genres, keywords, videos, images and where to watch; twice changes no row count", async () => {
    const first = await importMovie(db, client, 9001, options);
    expect(first).toMatchObject({ type: "movie", tmdbId: 9001, name: "The Lantern Keeper of Vell", created: true, cast: 3, crew: 2 });
    // One request: every part came through append_to_response.
    expect(fake.requests).toEqual(["/movie/9001"]);

    const [title] = await db.select().from(titles).where(eq(titles.id, first.id));
    expect(title).toMatchObject({
      type: "movie",
      tmdbId: 9001,
      imdbId: "tt909001",
      certification: "PG-13",
      runtime: 112,
      year: 2021,
      releaseDate: "2021-03-14",
      tagline: "Every light has a keeper.",
      tmdbRating: 7.4,
      tmdbVotes: 1834,
      budget: 12_000_000,
      revenue: 48_000_000,
      countries: ["GB"],
      language: "en",
      homepage: "https://lantern-keeper.example/9001",
      poster: `${fake.imageUrl}/w500/poster-9001.jpg`,
      backdrop: `${fake.imageUrl}/w1280/backdrop-9001.jpg`,
      generatedFields: [],
    });
    const cast = await db
      .select({ name: people.name, character: credits.character, position: credits.position, profile: people.profile })
      .from(credits)
      .innerJoin(people, eq(people.id, credits.personId))
      .where(eq(credits.titleId, first.id))
      .orderBy(credits.kind, credits.position);
    expect(cast.slice(0, 3)).toEqual([
      { name: "Orla Brisk", character: "Mara Vell", position: 0, profile: `${fake.imageUrl}/w185/orla-brisk.jpg` },
      { name: "Tavin Mercadel", character: "The Harbourmaster", position: 1, profile: `${fake.imageUrl}/w185/tavin-mercadel.jpg` },
      { name: "Sefa Quillon", character: "Quill", position: 2, profile: null },
    ]);
    // YouTube and Vimeo only, trailer first.
    const videoRows = await db.select({ source: videos.source, src: videos.src, category: videos.category }).from(videos).where(eq(videos.titleId, first.id)).orderBy(videos.position);
    expect(videoRows).toEqual([
      { source: "youtube", src: "fakeTrail9001", category: "trailer" },
      { source: "vimeo", src: "123459001", category: "clip" },
    ]);
    const imageRows = await db.select({ type: images.type, tmdbPath: images.tmdbPath }).from(images).where(eq(images.titleId, first.id));
    expect(imageRows).toHaveLength(3);
    const providers = await db
      .select({ region: titleWatchProviders.region, kind: titleWatchProviders.kind, name: watchProviders.name, logo: watchProviders.logoPath })
      .from(titleWatchProviders)
      .innerJoin(watchProviders, eq(watchProviders.id, titleWatchProviders.providerId))
      .where(eq(titleWatchProviders.titleId, first.id));
    expect(providers).toContainEqual({ region: "US", kind: "flatrate", name: "Streamvale", logo: "/streamvale-logo.jpg" });
    expect(providers).toHaveLength(6);
    // Full-text search finds the new title (FTS triggers).
    const [fts] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM titles_fts WHERE titles_fts MATCH '"lantern"*'`);
    expect(Number(fts.n)).toBe(1);

    const before = await rowCounts();
    const again = await importMovie(db, client, 9001, options);
    expect(again).toMatchObject({ id: first.id, created: false });
    expect(await rowCounts()).toEqual(before);
  });

  it("a re-import updates the facts TMDB changed", async () => {
    const { id } = await importMovie(db, client, 9001, options);
    await db.update(titles).set({ tagline: "Edited by hand", certification: null }).where(eq(titles.id, id));
    await importMovie(db, client, 9001, options);
    const [title] = await db.select({ tagline: titles.tagline, certification: titles.certification }).from(titles).where(eq(titles.id, id));
    expect(title).toEqual({ tagline: "Every light has a keeper.", certification: "PG-13" });
  });

  it("uses the site's region for the certification", async () => {
    const { id } = await importMovie(db, client, 9001, { ...options, region: "GB" });
    const [title] = await db.select({ certification: titles.certification }).from(titles).where(eq(titles.id, id));
    expect(title.certification).toBe("12A");
    await importMovie(db, client, 9001, options);
  });

  it("imports a series with its seasons (not specials), episodes, guest stars and crew; twice changes no row count", async () => {
    const result = await importSeries(db, client, 7001, options);
    expect(result).toMatchObject({ type: "tv", name: "Harbour of Small Lights", seasons: 2, episodes: 5 });
    expect(fake.requests).toEqual(["/tv/7001", "/tv/7001/season/1", "/tv/7001/season/2"]);
    const [title] = await db.select().from(titles).where(eq(titles.id, result.id));
    expect(title).toMatchObject({ type: "series", certification: "TV-14", seasonCount: 2, episodeCount: 5, endYear: null, runtime: 44, status: "Returning Series" });
    const seasonRows = await db.select({ number: seasons.number, episodeCount: seasons.episodeCount }).from(seasons).where(eq(seasons.titleId, result.id)).orderBy(seasons.number);
    expect(seasonRows).toEqual([
      { number: 1, episodeCount: 3 },
      { number: 2, episodeCount: 2 },
    ]);
    const [episode] = await db.select().from(episodes).where(eq(episodes.titleId, result.id)).orderBy(episodes.seasonNumber, episodes.episodeNumber).limit(1);
    expect(episode).toMatchObject({ name: "Tide 1.1", still: `${fake.imageUrl}/w300/still-1-1.jpg`, runtime: 44 });
    const episodeCredits = await db
      .select({ name: people.name, kind: credits.kind, job: credits.job })
      .from(credits)
      .innerJoin(people, eq(people.id, credits.personId))
      .where(eq(credits.episodeId, episode.id));
    expect(episodeCredits).toEqual(
      expect.arrayContaining([
        { name: "Pim Ashgrove", kind: "cast", job: "Actor" },
        { name: "Idra Vantongeren", kind: "crew", job: "Director" },
      ]),
    );
    // The creator is a crew credit of the series.
    const creators = await db.select({ job: credits.job }).from(credits).where(sql`${credits.titleId} = ${result.id} AND ${credits.job} = 'Creator'`);
    expect(creators).toHaveLength(1);
    // People shared with the movie are matched by TMDB id, not created twice.
    const [orla] = await db.select({ n: count() }).from(people).where(eq(people.tmdbId, 5001));
    expect(orla.n).toBe(1);

    const before = await rowCounts();
    await importSeries(db, client, 7001, options);
    expect(await rowCounts()).toEqual(before);
  });

  it("imports season 0 when the setting enables specials", async () => {
    const result = await importSeries(db, client, 7001, { ...options, includeSpecials: true });
    expect(result.seasons).toBe(3);
    const [row] = await db.select({ n: count() }).from(seasons).where(eq(seasons.titleId, result.id));
    expect(row.n).toBe(3);
  });

  it("imports a person's biography, dates, place and links their combined credits to catalogue titles", async () => {
    const result = await importPerson(db, client, 5001, options);
    expect(result).toMatchObject({ type: "person", name: "Orla Brisk", created: false, linkedCredits: 3, unlinkedCredits: 1 });
    const [person] = await db.select().from(people).where(eq(people.id, result.id));
    expect(person).toMatchObject({
      biography: expect.stringContaining("fictional actor"),
      birthDate: "1984-06-02",
      deathDate: null,
      birthPlace: "Vell, an invented island",
      gender: "female",
      knownFor: "Acting",
      imdbId: "nm9005001",
      generatedFields: [],
    });
    // The producer credit was new; her acting credits were there already from the title imports.
    const producer = await db.select({ job: credits.job }).from(credits).where(sql`${credits.personId} = ${result.id} AND ${credits.job} = 'Producer'`);
    expect(producer).toHaveLength(1);
    const before = await rowCounts();
    await importPerson(db, client, 5001, options);
    expect(await rowCounts()).toEqual(before);
  });
});

describe("TMDB client failures", () => {
  it("waits out a 429's Retry-After, then imports", async () => {
    const retries: number[] = [];
    const patient = createTmdbClient(client.config, { onRetry: ({ waitMs }) => retries.push(waitMs) });
    const started = Date.now();
    const result = await importMovie(db, patient, 9429, options);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(retries).toEqual([1000]);
    expect(result.name).toBe("The Patient Ferryman");
    expect(fake.requests).toEqual(["/movie/9429", "/movie/9429"]);
  });

  it("backs off after a 500 and gives up after a bounded number of attempts", async () => {
    const waits: number[] = [];
    const quick = createTmdbClient(client.config, { sleep: async (ms) => void waits.push(ms) });
    await expect(importMovie(db, quick, 9500, options)).resolves.toMatchObject({ name: "The Stubborn Engine" });
    const before = await rowCounts();
    const error = await importMovie(db, quick, 9599, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmdbError);
    expect((error as TmdbError).kind).toBe("server");
    expect(fake.requests.filter((p) => p === "/movie/9599")).toHaveLength(5);
    expect(await rowCounts()).toEqual(before);
  });

  it("reports a deleted item (status_code 34) at once, without retrying", async () => {
    const error = await importMovie(db, client, 9404, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmdbError);
    expect((error as TmdbError).kind).toBe("not-found");
    expect((error as Error).message).toMatch(/deleted/);
    expect(fake.requests).toEqual(["/movie/9404"]);
  });

  it("refuses a malformed answer with a clear error and writes nothing", async () => {
    const before = await rowCounts();
    const error = await importMovie(db, client, 9666, options).catch((e: unknown) => e);
    expect((error as TmdbError).kind).toBe("malformed");
    expect((error as Error).message).toMatch(/not in the expected shape.*nothing was imported/);
    const notJson = await importSeries(db, client, 7666, options).catch((e: unknown) => e);
    expect((notJson as TmdbError).kind).toBe("malformed");
    expect(await rowCounts()).toEqual(before);
  });

  it("sends a v3 key as api_key and a v4 token as Bearer; a wrong key is reported as refused", async () => {
    await expect(client.search("movie", "lantern")).resolves.toMatchObject({ total_results: 1 });
    const wrong = createTmdbClient({ ...client.config, apiKey: "a.b.c" });
    await expect(wrong.search("movie", "lantern")).rejects.toMatchObject({ kind: "unauthorized" });
  });

  it("pages through discover", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => client.discover("movie", { minVotes: 100, yearFrom: 2010 }, page)));
    expect(pages.map((p) => p.results.length)).toEqual([20, 20, 20]);
    expect(pages[0].total_pages).toBe(3);
  });
});
