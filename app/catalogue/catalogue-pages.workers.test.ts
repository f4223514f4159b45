import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { findPageById, findPageBySlug, upsertPage } from "~/pages/pages.server";
import { parseTitleFilters } from "./browse-filters.server";
import { browseTitles } from "./browse.server";
import { TITLE_ORDERS } from "./browse";
import { loadPersonPage } from "./person-page.server";
import { credits, episodes, genres, people, seasons, titleGenres, titles, videos } from "./tables";
import { loadEpisode, loadFullCredits, loadSeason, loadTitlePage } from "./title-page.server";
import { loadWatchPage } from "./watch-page.server";

/**
 * The page reads on real D1 (workerd). They run as db.batch, whose rows D1
 * returns as objects: these tests would catch two selected columns sharing a
 * name (they would shift every later value).
 */
const { db } = openD1(env.DB, null);
const BASE = 910_000;

beforeAll(async () => {
  await db.insert(genres).values([
    { id: BASE + 1, name: "Pages Test Drama", slug: "pages-test-drama" },
    { id: BASE + 2, name: "Pages Test Comedy", slug: "pages-test-comedy" },
  ]);
  const movie = { type: "movie" as const, countries: ["US"], generatedFields: ["plot"] };
  await db.insert(titles).values({
    ...movie,
    id: BASE + 1,
    name: "Alpha Film",
    slug: "alpha-film",
    year: 1999,
    releaseDate: "1999-05-01",
    popularity: 50,
    plot: "An invented plot.",
    externalRating: 7.5,
    externalVotes: 1000,
  });
  await db.insert(titles).values({ ...movie, id: BASE + 2, name: "Beta Film", slug: "beta-film", year: 2001, releaseDate: "2001-01-01", popularity: 90 });
  await db.insert(titles).values({ ...movie, id: BASE + 3, name: "Gamma Film", slug: "gamma-film", year: 1998, popularity: 70 });
  await db.insert(titles).values({ type: "series", id: BASE + 4, name: "Delta Show", slug: "delta-show", year: 2010, popularity: 40, seasonCount: 1, episodeCount: 2 });
  await db.insert(titleGenres).values([
    { titleId: BASE + 1, genreId: BASE + 1 },
    { titleId: BASE + 2, genreId: BASE + 1 },
    { titleId: BASE + 3, genreId: BASE + 2 },
  ]);
  await db.insert(people).values({ id: BASE + 1, name: "Pat Lead", slug: "pat-lead", popularity: 30, knownFor: "Acting", generatedFields: ["biography"], biography: "Invented." });
  await db.insert(people).values({ id: BASE + 2, name: "Sam Director", slug: "sam-director", popularity: 20, knownFor: "Directing" });
  await db.insert(credits).values([
    { titleId: BASE + 1, personId: BASE + 1, kind: "cast", character: "Hero", position: 0, department: "Acting", job: "Actor", generated: true },
    { titleId: BASE + 1, personId: BASE + 2, kind: "crew", position: 0, department: "Directing", job: "Director" },
    { titleId: BASE + 2, personId: BASE + 1, kind: "cast", character: "Villain, the second", position: 1, department: "Acting", job: "Actor" },
    { titleId: BASE + 2, personId: BASE + 2, kind: "cast", character: "Cameo", position: 5, department: "Acting", job: "Actor" },
  ]);
  await db.insert(seasons).values({ id: BASE + 1, titleId: BASE + 4, number: 1, name: "Season 1", episodeCount: 2 });
  await db.insert(episodes).values([
    { id: BASE + 1, titleId: BASE + 4, seasonId: BASE + 1, seasonNumber: 1, episodeNumber: 1, name: "Pilot" },
    { id: BASE + 2, titleId: BASE + 4, seasonId: BASE + 1, seasonNumber: 1, episodeNumber: 2, name: "Second" },
  ]);
  await db.insert(credits).values({ titleId: BASE + 4, episodeId: BASE + 2, personId: BASE + 1, kind: "cast", character: "Guest", department: "Acting", job: "Actor" });
  await db.insert(videos).values([
    { id: BASE + 1, titleId: BASE + 1, name: "Alpha trailer", category: "trailer", source: "r2", src: "catalogue/videos/sample.mp4", mime: "video/mp4", position: 0 },
    { id: BASE + 2, titleId: BASE + 1, name: "Alpha clip", category: "clip", source: "youtube", src: "dQw4w9WgXcQ", position: 1 },
  ]);
});

describe("title pages on D1", () => {
  it("loads a title with genres, cast, crew, videos and related titles by shared genre and popularity", async () => {
    const page = await loadTitlePage(db, BASE + 1, { topCast: 12 });
    expect(page?.title).toMatchObject({ id: BASE + 1, name: "Alpha Film", slug: "alpha-film", countries: ["US"], generatedFields: ["plot"] });
    expect(page?.genres.map((g) => g.slug)).toEqual(["pages-test-drama"]);
    expect(page?.cast).toEqual([expect.objectContaining({ personId: BASE + 1, name: "Pat Lead", slug: "pat-lead", character: "Hero", generated: true, personGenerated: ["biography"] })]);
    expect(typeof page?.cast[0].id).toBe("number");
    expect(page?.keyCrew.map((c) => [c.name, c.job])).toEqual([["Sam Director", "Director"]]);
    expect(page?.videos.map((v) => v.name)).toEqual(["Alpha trailer", "Alpha clip"]);
    expect(page?.related.map((t) => t.id)).toEqual([BASE + 2]);
    expect(await loadTitlePage(db, BASE + 99, { topCast: 12 })).toBeNull();
  });

  it("loads full credits, a season and an episode with its neighbours", async () => {
    const full = await loadFullCredits(db, BASE + 2);
    expect(full?.cast.map((c) => c.character)).toEqual(["Villain, the second", "Cameo"]);
    const season = await loadSeason(db, BASE + 4, 1);
    expect(season?.episodes.map((e) => e.name)).toEqual(["Pilot", "Second"]);
    expect(await loadSeason(db, BASE + 4, 2)).toBeNull();
    const second = await loadEpisode(db, BASE + 4, 1, 2);
    expect(second?.episode.name).toBe("Second");
    expect(second?.previous).toMatchObject({ seasonNumber: 1, episodeNumber: 1, name: "Pilot" });
    expect(second?.next).toBeNull();
    expect(second?.cast.map((c) => c.character)).toEqual(["Guest"]);
  });

  it("loads the watch page: the video, its title and the title's other videos", async () => {
    const watch = await loadWatchPage(db, BASE + 1);
    expect(watch?.video).toMatchObject({ id: BASE + 1, name: "Alpha trailer", source: "r2" });
    expect(watch?.title).toMatchObject({ id: BASE + 1, name: "Alpha Film", slug: "alpha-film" });
    expect(watch?.episode).toBeNull();
    expect(watch?.others.map((v) => v.id)).toEqual([BASE + 2]);
    expect(await loadWatchPage(db, BASE + 99)).toBeNull();
  });
});

describe("person pages on D1", () => {
  it("groups the filmography by department, one entry per title, newest first, with totals", async () => {
    const page = await loadPersonPage(db, BASE + 1, { perDepartment: 50 });
    expect(page?.person.name).toBe("Pat Lead");
    expect(page?.filmography).toEqual([
      expect.objectContaining({
        department: "Acting",
        total: 3,
        generated: true,
        credits: [
          expect.objectContaining({ titleId: BASE + 4, year: 2010, roles: ["Guest"], episodeCount: 1 }),
          expect.objectContaining({ titleId: BASE + 2, year: 2001, roles: ["Villain, the second"], episodeCount: 0 }),
          expect.objectContaining({ titleId: BASE + 1, year: 1999, roles: ["Hero"], generated: true }),
        ],
      }),
    ]);
    // Three titles: "Known for" would only repeat the filmography (decision 029).
    expect(page?.knownFor).toEqual([]);
    expect(page?.person.knownFor).toBe("Acting");
    const preview = await loadPersonPage(db, BASE + 1, { perDepartment: 1 });
    expect(preview?.filmography[0]).toMatchObject({ total: 3, credits: [expect.objectContaining({ titleId: BASE + 4 })] });
  });

  it("known for: four best-known titles of the department with most titles, which is the one shown, whatever was stored", async () => {
    const movie = { type: "movie" as const };
    await db.insert(titles).values([
      { ...movie, id: BASE + 5, name: "Epsilon Film", slug: "epsilon-film", year: 2003, popularity: 10, externalVotes: 50 },
      { ...movie, id: BASE + 6, name: "Zeta Film", slug: "zeta-film", year: 2004, popularity: 10, externalVotes: 5000 },
    ]);
    // Stored as "Camera", credited for writing three titles and directing two (the most popular one among them).
    await db.insert(people).values({ id: BASE + 3, name: "Kim Writer", slug: "kim-writer", knownFor: "Camera" });
    await db.insert(credits).values([
      { titleId: BASE + 1, personId: BASE + 3, kind: "crew", department: "Writing", job: "Writer" },
      { titleId: BASE + 5, personId: BASE + 3, kind: "crew", department: "Writing", job: "Writer" },
      { titleId: BASE + 6, personId: BASE + 3, kind: "crew", department: "Writing", job: "Writer" },
      { titleId: BASE + 2, personId: BASE + 3, kind: "crew", department: "Directing", job: "Director" },
      { titleId: BASE + 3, personId: BASE + 3, kind: "crew", department: "Directing", job: "Director" },
    ]);
    const page = await loadPersonPage(db, BASE + 3, { perDepartment: 50 });
    expect(page?.person.knownFor).toBe("Writing");
    expect(page?.filmography.map((d) => d.department)).toEqual(["Writing", "Directing"]);
    // Writing first (Alpha 50, then Zeta over Epsilon by votes at equal popularity), then the best-known other title.
    expect(page?.knownFor.map((t) => t.id)).toEqual([BASE + 1, BASE + 6, BASE + 5, BASE + 2]);
  });
});

describe("browse on D1", () => {
  it("filters by genre and year and sorts", async () => {
    const drama = await browseTitles(db, parseTitleFilters(new URLSearchParams("genre=pages-test-drama")), 10);
    expect(drama.items.map((t) => t.id)).toEqual([BASE + 2, BASE + 1]);
    const nineties = await browseTitles(db, parseTitleFilters(new URLSearchParams("year_from=1998&year_to=1999&order=release_date&genre=pages-test-drama")), 10);
    expect(nineties.items.map((t) => t.id)).toEqual([BASE + 1]);
    const paged = await browseTitles(db, parseTitleFilters(new URLSearchParams("genre=pages-test-drama&page=1")), 1);
    expect(paged).toMatchObject({ hasNext: true, items: [expect.objectContaining({ id: BASE + 2 })] });
    expect(await browseTitles(db, parseTitleFilters(new URLSearchParams("page=100000")), 10)).toEqual({ items: [], hasNext: false });
  });

  it("applies every filter at once under every sort and direction", async () => {
    for (const order of TITLE_ORDERS) {
      for (const dir of ["asc", "desc"]) {
        const search = `type=movie&genre=pages-test-drama&year_from=1990&year_to=2000&rating=7&order=${order}&dir=${dir}`;
        const found = await browseTitles(db, parseTitleFilters(new URLSearchParams(search)), 10);
        expect(
          found.items.map((t) => t.id),
          search,
        ).toEqual([BASE + 1]);
      }
    }
  });
  // The query plans of every sort and filter mix: browse.workers.test.ts.
});

describe("custom pages on D1", () => {
  it("sanitises the body when saving and again when reading, and hides hidden pages", async () => {
    const saved = await upsertPage(db, { title: "Pages test", slug: "pages-test", body: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(saved.ok).toBe(true);
    const page = await findPageBySlug(db, "pages-test");
    expect(page?.body).toBe("<p>Hi</p>");
    // A row written around upsertPage is still cleaned when read.
    await env.DB.prepare("UPDATE custom_pages SET body = ? WHERE slug = ?").bind('<img src=x onerror="alert(1)">', "pages-test").run();
    expect((await findPageById(db, page!.id))?.body).toBe("<img>");
    await upsertPage(db, { title: "Pages test", slug: "pages-test", body: "<p>Hidden</p>", hidden: true });
    expect(await findPageBySlug(db, "pages-test")).toBeNull();
    expect(await upsertPage(db, { title: "", slug: "Not a slug!", body: "" })).toMatchObject({ ok: false, errors: { title: expect.any(Array), slug: expect.any(Array) } });
  });
});
