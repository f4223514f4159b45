import { env } from "cloudflare:workers";
import { and, count, eq, sql } from "drizzle-orm";
import { appKeys } from "~/auth/crypto.server";
import { describe, expect, it } from "vitest";
import { credits, episodes, images, people, seasons, titles, videos } from "~/catalogue/tables";
import { openD1 } from "~/db/client.server";
import { mediaKeyFromPath } from "~/catalogue/media";
import { serveR2Object } from "~/files/serve-r2-object.server";
import { createFakeTmdbHandler, FAKE_TMDB_KEY } from "../../tests/support/fake-tmdb";
import { createTmdbClient } from "./client.server";
import { importMovie, importPerson, importSeries, type ImportOptions } from "./import.server";
import { cancelJob, resumeStalledJobs, runJobPage, type TmdbJobMessage } from "./jobs.server";
import type { ImageCopier } from "./image-copy.server";
import { tmdbServices } from "./tmdb.server";
import { defaultSettings } from "~/settings/definitions";
import { refreshStaleTitles } from "./refresh.server";
import { openTmdbMatch, tmdbSearchMatches } from "./search-fallback.server";
import { tmdbImportJobs, titleWatchProviders } from "./tables";
import { titleAliases } from "~/catalogue/search.tables";
import { searchCatalogue } from "~/catalogue/search.server";

/**
 * The importer on real D1 inside workerd (drizzle's D1 batch differs from
 * libSQL's: only query builders bind there). TMDB is the fake's fetch-style
 * handler (tests/support/fake-tmdb.ts) behind the client's fetch: the HTTP
 * boundary, no function of ours stubbed.
 */
const { db } = openD1(env.DB, null);
const fake = createFakeTmdbHandler();
const API = "http://fake-tmdb.test/3";
const client = createTmdbClient(
  { apiUrl: API, imageUrl: "http://fake-tmdb.test/t/p", apiKey: FAKE_TMDB_KEY },
  { fetch: async (input, init) => fake.handle(new Request(input, init)), sleep: async () => {} },
);
const options: ImportOptions = { imageBase: "http://fake-tmdb.test/t/p", region: "US", includeSpecials: false };

const TABLES = ["titles", "people", "credits", "seasons", "episodes", "videos", "images", "title_genres", "title_keywords", "title_watch_providers"];
async function rowCounts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = Number((await db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0].n);
  return out;
}

describe("TMDB importer on D1", () => {
  it("imports a movie, a series and a person atomically and idempotently", async () => {
    const movie = await importMovie(db, client, 9001, options);
    const series = await importSeries(db, client, 7001, options);
    const person = await importPerson(db, client, 5001, options);
    const [cast] = await db
      .select({ n: count() })
      .from(credits)
      .where(and(eq(credits.titleId, movie.id), eq(credits.kind, "cast")));
    expect(cast.n).toBe(3);
    const [eps] = await db.select({ n: count() }).from(episodes).where(eq(episodes.titleId, series.id));
    expect(eps.n).toBe(5);
    const [providers] = await db.select({ n: count() }).from(titleWatchProviders).where(eq(titleWatchProviders.titleId, movie.id));
    expect(providers.n).toBe(6);
    expect(person.linkedCredits).toBe(3);

    // A played trailer keeps its play count through a re-import.
    await db
      .update(videos)
      .set({ plays: 7 })
      .where(and(eq(videos.titleId, movie.id), eq(videos.src, "fakeTrail9001")));
    const before = await rowCounts();
    await importMovie(db, client, 9001, options);
    await importSeries(db, client, 7001, options);
    await importPerson(db, client, 5001, options);
    expect(await rowCounts()).toEqual(before);
    const [trailer] = await db
      .select({ plays: videos.plays })
      .from(videos)
      .where(and(eq(videos.titleId, movie.id), eq(videos.src, "fakeTrail9001")));
    expect(trailer.plays).toBe(7);
  });

  it("keeps a movie's alternative and translated titles, searchable and shown as also known as, replaced on re-import", async () => {
    const movie = await importMovie(db, client, 9001, options);
    const aliases = await db
      .select({ name: titleAliases.name, kind: titleAliases.kind, country: titleAliases.country, language: titleAliases.language })
      .from(titleAliases)
      .where(eq(titleAliases.titleId, movie.id));
    // The alternative title equal to the name is left out.
    expect(aliases).toEqual(
      expect.arrayContaining([
        { name: "Le Phare Inventé 9001", kind: "alternative", country: "FR", language: null },
        { name: "Der Erfundene Leuchtturm 9001", kind: "translation", country: "DE", language: "de" },
      ]),
    );
    expect(aliases).toHaveLength(2);
    const found = await searchCatalogue(db, "phare invente 9001");
    expect(found.titles[0]).toMatchObject({ id: movie.id, alsoKnownAs: "Le Phare Inventé 9001" });
    expect((await searchCatalogue(db, "erfundene leuchturm")).titles[0]?.id).toBe(movie.id);
    await importMovie(db, client, 9001, options);
    const [again] = await db.select({ n: count() }).from(titleAliases).where(eq(titleAliases.titleId, movie.id));
    expect(again.n).toBe(2);
  });

  it("fills an existing title (no TMDB id) in place, and refuses a movie for a series", async () => {
    const [row] = await db
      .insert(titles)
      .values({ type: "movie", name: "Stubborn", slug: "stubborn", generatedFields: ["plot"] })
      .returning({ id: titles.id });
    const [serie] = await db.insert(titles).values({ type: "series", name: "Not a movie", slug: "not-a-movie" }).returning({ id: titles.id });
    const result = await importMovie(db, client, 9500, { ...options, targetTitleId: row.id });
    expect(result.id).toBe(row.id);
    const [filled] = await db.select({ name: titles.name, tmdbId: titles.tmdbId, generatedFields: titles.generatedFields }).from(titles).where(eq(titles.id, row.id));
    expect(filled).toEqual({ name: "The Stubborn Engine", tmdbId: 9500, generatedFields: [] });
    await expect(importMovie(db, client, 9001, { ...options, targetTitleId: serie.id })).rejects.toThrow(/series/);
  });

  it("runs a bulk discover job page by page to the expected count; a stale or duplicate message does nothing; a cancelled job stops", async () => {
    const services = { client, options };
    const [job] = await db
      .insert(tmdbImportJobs)
      .values({ mediaType: "movie", params: { minVotes: 100 }, maxPages: 3 })
      .returning({ id: tmdbImportJobs.id });
    let message = await runJobPage(db, { kind: "tmdb-discover-page", jobId: job.id, page: 1 }, services);
    expect(message).toEqual({ kind: "tmdb-discover-page", jobId: job.id, page: 2 });
    // The same page delivered twice is dropped.
    expect(await runJobPage(db, { kind: "tmdb-discover-page", jobId: job.id, page: 1 }, services)).toBeNull();
    while (message) message = await runJobPage(db, message, services);
    const [done] = await db.select().from(tmdbImportJobs).where(eq(tmdbImportJobs.id, job.id));
    expect(done).toMatchObject({ status: "done", pagesDone: 3, totalPages: 3, imported: 60, failed: 0 });
    const [films] = await db.select({ n: count() }).from(titles).where(sql`${titles.tmdbId} BETWEEN 8100 AND 8159`);
    expect(films.n).toBe(60);

    const [other] = await db.insert(tmdbImportJobs).values({ mediaType: "movie", params: {}, maxPages: 3 }).returning({ id: tmdbImportJobs.id });
    expect(await cancelJob(db, other.id)).toBe(true);
    expect(await runJobPage(db, { kind: "tmdb-discover-page", jobId: other.id, page: 1 }, services)).toBeNull();
    const [cancelled] = await db.select({ status: tmdbImportJobs.status, pagesDone: tmdbImportJobs.pagesDone }).from(tmdbImportJobs).where(eq(tmdbImportJobs.id, other.id));
    expect(cancelled).toEqual({ status: "cancelled", pagesDone: 0 });
  });

  it("the scheduled refresh re-imports stale titles and airing series", async () => {
    const { id } = await importMovie(db, client, 9001, options);
    const old = new Date(Date.now() - 30 * 86_400_000);
    await db.update(titles).set({ tmdbSyncedAt: old, tagline: "stale" }).where(eq(titles.id, id));
    const result = await refreshStaleTitles(db, client, options, { "tmdb.refresh_days": 7 });
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const [row] = await db.select({ tagline: titles.tagline }).from(titles).where(eq(titles.id, id));
    expect(row.tagline).toBe("Every light has a keeper.");
    const [orla] = await db.select({ n: count() }).from(people).where(eq(people.tmdbId, 5001));
    expect(orla.n).toBe(1);
  });

  it("search also asks TMDB when the setting is on and few titles match here; opening a match imports it once", async () => {
    const services = { client, options };
    const keysOf = () => appKeys("dGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXk=");
    expect(await tmdbSearchMatches(db, services, { "tmdb.search_fallback": false }, "ferryman", 0, keysOf)).toEqual([]);
    expect(await tmdbSearchMatches(db, services, { "tmdb.search_fallback": true }, "ferryman", 5, keysOf)).toEqual([]);
    const matches = await tmdbSearchMatches(db, services, { "tmdb.search_fallback": true }, "ferryman", 0, keysOf);
    expect(matches).toEqual([expect.objectContaining({ type: "movie", id: 9429, name: "The Patient Ferryman" })]);
    fake.reset();
    const path = await openTmdbMatch(db, services, "movie", 9429);
    expect(path).toMatch(/^\/titles\/\d+\/the-patient-ferryman$/);
    expect(await openTmdbMatch(db, services, "movie", 9429)).toBe(path);
    // Imported once: the second opening found the title.
    expect(fake.requests.filter((p) => p === "/movie/9429")).toHaveLength(2);
    // Once imported, it is no longer offered.
    expect(await tmdbSearchMatches(db, services, { "tmdb.search_fallback": true }, "ferryman", 0, keysOf)).toEqual([]);
    expect(await openTmdbMatch(db, services, "movie", 9404)).toBeNull();
  });

  it("copies imported images into R2 with the copy option on (served from the site, fetched once, a bad answer keeps the TMDB URL); off by default", async () => {
    const fakeEnv = { TMDB_API_KEY: FAKE_TMDB_KEY, TMDB_API_URL: API, TMDB_IMAGE_URL: "http://fake-tmdb.test/t/p", FILES: env.FILES } as unknown as Env;
    // Off (the default setting): no copier, the import stores TMDB URLs and nothing lands in R2.
    expect(tmdbServices(fakeEnv, defaultSettings())?.options.imageCopy).toBeUndefined();
    expect(tmdbServices(fakeEnv, { ...defaultSettings(), "tmdb.copy_images": true })?.options.imageCopy?.bucket).toBe(env.FILES);
    const off = await importSeries(db, client, 7001, options);
    expect((await env.FILES.list({ prefix: "catalogue/tmdb/" })).objects).toHaveLength(0);
    const [offRow] = await db.select({ poster: titles.poster }).from(titles).where(eq(titles.id, off.id));
    expect(offRow.poster).toMatch(/^http:\/\/fake-tmdb\.test\/t\/p\/w500\//);

    // On: every stored image is fetched once from the image base (the fake answers a PNG), except the
    // backdrop, which redirects off the image host: that one keeps its TMDB URL.
    const fetched: string[] = [];
    const copier: ImageCopier = {
      bucket: env.FILES,
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        fetched.push(url);
        // The backdrop redirects to a loopback address (decision 021): never fetched, the TMDB URL stays.
        if (url.endsWith("/w1280/backdrop-9001.jpg")) return new Response(null, { status: 302, headers: { Location: "http://127.0.0.1:9/internal/secret.png" } });
        if (url.startsWith("http://127.0.0.1")) return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { "Content-Type": "image/png" } });
        if (url.endsWith("/w185/tavin-mercadel.jpg")) return new Response("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", { headers: { "Content-Type": "image/svg+xml" } });
        return fake.handle(new Request(url, init));
      },
    };
    const on = { ...options, imageCopy: copier };
    const movie = await importMovie(db, client, 9001, on);
    const [row] = await db.select({ poster: titles.poster, backdrop: titles.backdrop }).from(titles).where(eq(titles.id, movie.id));
    expect(row.poster).toBe("/media/tmdb/w500/poster-9001.jpg");
    expect(row.backdrop).toBe("http://fake-tmdb.test/t/p/w1280/backdrop-9001.jpg");
    const poster = await env.FILES.get("catalogue/tmdb/w500/poster-9001.jpg");
    expect(poster?.httpMetadata?.contentType).toBe("image/png");
    expect((await poster!.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await env.FILES.head("catalogue/tmdb/w1280/backdrop-9001.jpg")).toBeNull();
    expect(fetched.filter((u) => u.startsWith("http://127.0.0.1"))).toEqual([]);
    // The stored URL is what /media/* (app/routes/media/file.ts) serves from R2.
    const served = await serveR2Object(env.FILES, mediaKeyFromPath(row.poster!.slice("/media/".length))!, new Request(`http://site.test${row.poster}`));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const [orla] = await db.select({ profile: people.profile }).from(people).where(eq(people.tmdbId, 5001));
    expect(orla.profile).toBe("/media/tmdb/w185/orla-brisk.jpg");
    // An SVG is refused (script on the site's origin): that profile stays on TMDB.
    const [tavin] = await db.select({ profile: people.profile }).from(people).where(eq(people.tmdbId, 5002));
    expect(tavin.profile).toBe("http://fake-tmdb.test/t/p/w185/tavin-mercadel.jpg");
    const gallery = await db.select({ url: images.url }).from(images).where(eq(images.titleId, movie.id));
    expect(gallery.length).toBeGreaterThan(0);
    expect(gallery.filter((g) => !g.url.startsWith("/media/tmdb/") && !g.url.endsWith("/w1280/backdrop-9001.jpg"))).toEqual([]);
    const firstRound = fetched.length;
    expect(firstRound).toBeGreaterThan(2);
    expect(new Set(fetched).size).toBe(firstRound);

    // Importing again fetches only what is not in R2 yet (the failed backdrop), and the columns still point at the site.
    fetched.length = 0;
    await importMovie(db, client, 9001, on);
    expect(fetched.filter((u) => !u.includes("backdrop-9001") && !u.includes("tavin-mercadel"))).toEqual([]);
    const [again] = await db.select({ poster: titles.poster }).from(titles).where(eq(titles.id, movie.id));
    expect(again.poster).toBe("/media/tmdb/w500/poster-9001.jpg");

    // A series: season posters and episode stills too.
    await importSeries(db, client, 7001, on);
    const stills = await db
      .select({ still: episodes.still })
      .from(episodes)
      .where(and(eq(episodes.titleId, off.id), sql`${episodes.still} IS NOT NULL`));
    expect(stills.length).toBeGreaterThan(0);
    expect(stills.every((e) => e.still!.startsWith("/media/tmdb/w300/"))).toBe(true);
    const seasonPosters = await db
      .select({ poster: seasons.poster })
      .from(seasons)
      .where(and(eq(seasons.titleId, off.id), sql`${seasons.poster} IS NOT NULL`));
    expect(seasonPosters.every((s) => s.poster!.startsWith("/media/tmdb/w500/"))).toBe(true);
  });

  it("a bulk job whose queue message was lost in a restart is resumed by the scheduled job and finishes with the expected count", async () => {
    const services = { client, options };
    const sent: TmdbJobMessage[] = [];
    // The queue binding at its boundary: what the cron sends is recorded, then delivered to the consumer's step.
    const queueEnv = { TMDB_QUEUE: { send: async (body: TmdbJobMessage) => void sent.push(body) } } as unknown as Env;
    const [job] = await db
      .insert(tmdbImportJobs)
      .values({ mediaType: "movie", params: { minVotes: 100 }, maxPages: 3 })
      .returning({ id: tmdbImportJobs.id });
    const lost = await runJobPage(db, { kind: "tmdb-discover-page", jobId: job.id, page: 1 }, services);
    expect(lost).toEqual({ kind: "tmdb-discover-page", jobId: job.id, page: 2 });
    // The Worker restarted: page 2's message never arrived. The job says running, with one page done.
    const [midway] = await db.select({ status: tmdbImportJobs.status, pagesDone: tmdbImportJobs.pagesDone }).from(tmdbImportJobs).where(eq(tmdbImportJobs.id, job.id));
    expect(midway).toEqual({ status: "running", pagesDone: 1 });
    // A job with recent progress is left alone.
    expect(await resumeStalledJobs(db, queueEnv)).toBe(0);
    expect(sent).toEqual([]);
    await db.update(tmdbImportJobs).set({ updatedAt: sql`(unixepoch() - 3600)` }).where(eq(tmdbImportJobs.id, job.id));
    expect(await resumeStalledJobs(db, queueEnv)).toBe(1);
    expect(sent).toEqual([{ kind: "tmdb-discover-page", jobId: job.id, page: 2 }]);
    // Resuming touched the job: the next cron run does not send it again.
    expect(await resumeStalledJobs(db, queueEnv)).toBe(0);
    let message: TmdbJobMessage | null = sent[0];
    while (message) message = await runJobPage(db, message, services);
    const [done] = await db.select().from(tmdbImportJobs).where(eq(tmdbImportJobs.id, job.id));
    expect(done).toMatchObject({ status: "done", pagesDone: 3, totalPages: 3, imported: 60, failed: 0 });
    // A finished job is not resumed.
    await db.update(tmdbImportJobs).set({ updatedAt: sql`(unixepoch() - 3600)` }).where(eq(tmdbImportJobs.id, job.id));
    expect(await resumeStalledJobs(db, queueEnv)).toBe(0);
  });
});
