import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { RouterContextProvider } from "react-router";
import { eq } from "drizzle-orm";
import { countingD1 } from "../../tests/support/counting-d1.workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { invalidateGuestViewerCache } from "~/auth/viewer.server";
import { forgetBrowseOptions } from "~/catalogue/browse.server";
import { credits, people, titles } from "~/catalogue/tables";
import { BROWSE_OPTIONS_TTL_MS, SEARCH_VOCABULARY_TTL_MS } from "~/constants";
import { indexQueuedNames } from "~/catalogue/search-index.server";
import { forgetSearchVocabulary } from "~/catalogue/search.server";
import { openD1 } from "~/db/client.server";
import { answerFromGuestPageCache, clearGuestPageCache, guestPageKey } from "~/request/guest-page-cache.server";
import { invalidateLocalizationsCache } from "~/i18n/i18n.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader, middleware as homeMiddleware } from "~/routes/site/home";
import { loader as titleLoader, middleware as titleMiddleware } from "~/routes/titles/title";
import { loader as personLoader } from "~/routes/people/person";
import { loader as searchLoader } from "~/routes/search/search";
import { loader as titlesLoader } from "~/routes/browse/titles";
import { invalidateSettingsCache, saveSettings } from "~/settings/settings.server";
import { invalidateThemesCache } from "~/themes/themes.server";
import { letGuestsViewTitles } from "../../tests/support/guest-access.workers";

/**
 * How many D1 statements and round trips a guest page costs, counted at the
 * D1 binding (every statement drizzle runs is prepare()d there; a batch is
 * one round trip). A guest page runs the root middleware, the root loader and
 * the page's loader; a guest page-cache hit must not touch D1 at all, nor
 * even open the D1 session (decision 018).
 */
const { db } = openD1(env.DB, null);
const TITLE_ID = 930_001;
const PERSON_ID = 930_101;

type Args = { request: Request; context: RouterContextProvider; url: URL; params: Record<string, string> };

type Middleware = (args: never, next: () => Promise<Response>) => Promise<unknown>;
const HOME = { loader: homeLoader as unknown as (args: Args) => Promise<unknown>, middleware: homeMiddleware as unknown as Middleware[] };
const TITLE = { loader: titleLoader as unknown as (args: Args) => Promise<unknown>, middleware: titleMiddleware as unknown as Middleware[] };

/**
 * One guest GET as the Worker entry runs it: the page cache first (before
 * React Router), else the root middleware, the page's middleware (which
 * stores the page) and the loaders, as React Router runs them.
 */
async function guestPage(path: string, route: typeof HOME, params: Record<string, string> = {}, ip = "203.0.113.77") {
  const d1 = countingD1(env.DB);
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { headers: { "User-Agent": "query-count-test", "CF-Connecting-IP": ip } });
  let cacheHeader: string | null = null;
  const hit = answerFromGuestPageCache(request, { env: d1.env, ctx, requestId: "test", nonce: "test-nonce", isLocal: false, guestPageKey: guestPageKey(request) });
  if (hit) {
    cacheHeader = hit.headers.get("X-Page-Cache");
  } else {
    expect(route.middleware).toHaveLength(1);
    const [cache] = route.middleware;
    const { thrown } = await runRoute(
      request,
      async (args) => {
        const response = await cache({ ...args, pattern: args.url.pathname } as never, async () => {
          const [root, page] = await Promise.all([rootLoader(args as never), route.loader(args)]);
          return new Response(JSON.stringify({ root, page }), { headers: { "Content-Type": "text/html" } });
        });
        cacheHeader = (response as Response).headers.get("X-Page-Cache");
      },
      params,
      { env: d1.env, ctx, isLocal: false },
    );
    expect(thrown).toBeUndefined();
  }
  const beforeAfterResponse = { ...d1.counts, roundTrips: d1.roundTrips() };
  await waitOnExecutionContext(ctx);
  return { cache: cacheHeader, page: beforeAfterResponse, afterResponse: { ...d1.counts, roundTrips: d1.roundTrips() } };
}

function dropIsolateCaches() {
  invalidateSettingsCache();
  invalidateThemesCache();
  invalidateLocalizationsCache();
  invalidateGuestViewerCache();
  clearGuestPageCache();
  forgetBrowseOptions();
  forgetSearchVocabulary();
}

beforeAll(async () => {
  await letGuestsViewTitles(db);
  // The landing page homepage (the channel homepage has its own count: app/channels/channels.workers.test.ts).
  await saveSettings(db, { "homepage.type": "landingPage" });
  await db.insert(titles).values({ id: TITLE_ID, type: "movie", name: "Counted Film", slug: "counted-film", year: 2001, popularity: 5 }).onConflictDoNothing();
  await db.insert(people).values({ id: PERSON_ID, name: "Counted Person", slug: "counted-person", tmdbId: 930_101, homepage: "https://counted.example" }).onConflictDoNothing();
  await db.insert(credits).values({ titleId: TITLE_ID, personId: PERSON_ID, kind: "cast", character: "Themself", department: "Acting", job: "Actor" });
});

/** A page's loader alone (root middleware included, isolate caches warm): its D1 statements and round trips. */
async function loaderTrips(path: string, loader: (args: never) => Promise<unknown>, params: Record<string, string> = {}) {
  const d1 = countingD1(env.DB);
  const request = new Request(`http://localhost${path}`, { headers: { "User-Agent": "query-count-test" } });
  const { value, thrown } = await runRoute(request, (args) => loader(args as never), params, { env: d1.env, isLocal: false });
  expect(thrown).toBeUndefined();
  return { value: value as Record<string, unknown>, counts: { ...d1.counts, roundTrips: d1.roundTrips() }, sql: d1.recorded.map((r) => r.sql.slice(0, 80)) };
}

beforeEach(dropIsolateCaches);

/** The browse page's read of the genres it offers. */
const readsGenres = (statement: string) => /from "genres"/i.test(statement);

describe("D1 work of a guest page", () => {
  it("home: settings, themes, localizations and guest role once per isolate; then the trending grid and the plans, a batch each", async () => {
    const cold = await guestPage("/", HOME);
    expect(cold.cache).toBe("miss");
    // One statement each for settings, themes, localizations and the guest role; two batches of two; and the
    // plans' subscription counts beside them ("Most popular" only for the plan that really has the most, decision 030).
    expect(cold.page).toMatchObject({ sessions: 1, statements: 9, batches: 2, roundTrips: 7 });

    clearGuestPageCache();
    const warm = await guestPage("/", HOME);
    expect(warm.cache).toBe("miss");
    expect(warm.page).toMatchObject({ sessions: 1, statements: 5, batches: 2, roundTrips: 3 });
    expect(warm.afterResponse.roundTrips).toBe(3);
  });

  it("title: one batch for the page, and the view counted once after the response", async () => {
    await guestPage("/", HOME); // warms the isolate caches
    clearGuestPageCache();
    const path = `/titles/${TITLE_ID}/counted-film`;
    const params = { id: String(TITLE_ID), slug: "counted-film" };
    const first = await guestPage(path, TITLE, params);
    expect(first.cache).toBe("miss");
    // The page: one batch of thirteen statements (the title's nine, its reviews section's two, its TMDB extras' two).
    // The view (written in waitUntil with the isolate's other views, not awaited by the page): a batch of one more.
    expect(first.afterResponse).toMatchObject({ sessions: 1, statements: 14, batches: 2, batchedStatements: 14, roundTrips: 2 });

    // The same viewer again today, from the page cache: nothing at all, not even a D1 session.
    const hit = await guestPage(path, TITLE, params);
    expect(hit.cache).toBe("hit");
    expect(hit.afterResponse).toMatchObject({ sessions: 0, statements: 0, roundTrips: 0 });

    // Another viewer from the page cache: no page work, but their view is counted (one statement, after the response).
    const other = await guestPage(path, TITLE, params, "203.0.113.78");
    expect(other.cache).toBe("hit");
    expect(other.page).toMatchObject({ statements: 0 });
    expect(other.afterResponse).toMatchObject({ sessions: 1, statements: 1, roundTrips: 1 });
  });

  it("a guest page-cache hit of the home page opens no D1 session", async () => {
    await guestPage("/", HOME);
    const hit = await guestPage("/", HOME);
    expect(hit.cache).toBe("hit");
    expect(hit.afterResponse).toMatchObject({ sessions: 0, statements: 0, roundTrips: 0 });
  });
});

describe("D1 round trips of the pages a cache cannot answer (decision 045)", () => {
  it("person page: the person, their filmography, their best-known titles and their links, one round trip", async () => {
    await loaderTrips("/", HOME.loader as never); // warms the isolate caches
    const { value, counts } = await loaderTrips(`/people/${PERSON_ID}/counted-person`, personLoader as never, { id: String(PERSON_ID), slug: "counted-person" });
    expect(counts).toMatchObject({ statements: 3, batches: 1, roundTrips: 1 });
    const page = value.page as { person: { name: string } };
    expect(page.person.name).toBe("Counted Person");
    expect((value.filmography as { credits: { name: string }[] }[])[0].credits[0].name).toBe("Counted Film");
    // The links come from the same read, and the ids behind them stay out of the page's data.
    expect(value.externalHtml).toContain("https://counted.example");
    expect(value.page).not.toHaveProperty("external");
  });

  it("search: the vocabulary, then every title and person candidate, two round trips", async () => {
    await loaderTrips("/", HOME.loader as never);
    // Names written since the index last caught up are indexed by the search that finds them (a third trip, a write).
    await indexQueuedNames(db);
    const { value, counts } = await loaderTrips("/search?query=counted", searchLoader as never);
    expect(counts.batches).toBe(2);
    expect(counts.roundTrips).toBe(2);
    const results = JSON.stringify(value);
    expect(results).toContain("Counted Film");
    expect(results).toContain("Counted Person");
  });

  it("search: the same words again are one round trip while the isolate knows their vocabulary; a name written since is still found", async () => {
    await loaderTrips("/", HOME.loader as never);
    await indexQueuedNames(db);
    // "countd": a typo of "counted", corrected through the typo index.
    const cold = await loaderTrips("/search?query=countd", searchLoader as never);
    expect(cold.counts.roundTrips).toBe(2);
    expect(JSON.stringify(cold.value)).toContain("Counted Film");
    const warm = await loaderTrips("/search?query=countd", searchLoader as never);
    expect(warm.counts).toMatchObject({ batches: 1, roundTrips: 1 });
    expect(JSON.stringify(warm.value.titles)).toBe(JSON.stringify(cold.value.titles));
    expect(JSON.stringify(warm.value.people)).toBe(JSON.stringify(cold.value.people));

    // A name written now is not in what the isolate knows: the queue's look sends the search back to the index.
    await db.insert(titles).values({ id: TITLE_ID + 1, type: "movie", name: "Countid Harbour", slug: "countid-harbour", year: 2002, popularity: 1 });
    const after = await loaderTrips("/search?query=countd", searchLoader as never);
    expect(JSON.stringify(after.value.titles)).toContain("Countid Harbour");
    expect(after.counts.roundTrips).toBeGreaterThan(2);
    const again = await loaderTrips("/search?query=countd", searchLoader as never);
    expect(again.counts.roundTrips).toBe(1);
    expect(JSON.stringify(again.value.titles)).toContain("Countid Harbour");
    await db.delete(titles).where(eq(titles.id, TITLE_ID + 1));
  });

  it("search: the vocabulary is read again once SEARCH_VOCABULARY_TTL_MS has passed", async () => {
    await loaderTrips("/search?query=countd", searchLoader as never);
    expect((await loaderTrips("/search?query=countd", searchLoader as never)).counts.roundTrips).toBe(1);
    vi.useFakeTimers({ now: Date.now() + SEARCH_VOCABULARY_TTL_MS + 1, toFake: ["Date"] });
    try {
      expect((await loaderTrips("/search?query=countd", searchLoader as never)).counts.roundTrips).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("browse: the filters it offers and the page with its count, one round trip; then the page alone while the isolate knows the filters", async () => {
    await loaderTrips("/", HOME.loader as never);
    const cold = await loaderTrips("/titles?order=name", titlesLoader as never);
    expect(cold.counts).toMatchObject({ batches: 1, roundTrips: 1 });
    expect(cold.sql.some(readsGenres)).toBe(true);
    // The offered filters are known now: the page and its count only.
    const warm = await loaderTrips("/titles?order=name&page=2", titlesLoader as never);
    expect(warm.counts).toMatchObject({ batches: 1, roundTrips: 1, statements: 2 });
    expect(warm.sql.some(readsGenres)).toBe(false);
    const unknown = await loaderTrips("/titles?order=name&genre=no-such-genre", titlesLoader as never);
    expect(unknown.counts).toMatchObject({ batches: 1, roundTrips: 1, statements: 2 });
    // Ignored, not an empty list: the same titles as without it.
    expect((unknown.value.filters as { genre: string[] }).genre).toEqual([]);
    expect(JSON.stringify(unknown.value.items)).toBe(JSON.stringify(cold.value.items));
    expect(unknown.value.total).toBe(cold.value.total);
    expect(JSON.stringify(warm.value.genres)).toBe(JSON.stringify(cold.value.genres));

    // Not known to this isolate (a fresh one, or after an admin write): all five again, and an unknown genre
    // read with the filters as asked, then once more without it.
    forgetBrowseOptions();
    const coldUnknown = await loaderTrips("/titles?order=name&genre=no-such-genre", titlesLoader as never);
    expect(coldUnknown.counts).toMatchObject({ batches: 2, roundTrips: 2 });
    expect(JSON.stringify(coldUnknown.value.items)).toBe(JSON.stringify(cold.value.items));
  });

  it("browse: the filters offered are read again once BROWSE_OPTIONS_TTL_MS has passed", async () => {
    await loaderTrips("/titles?order=name", titlesLoader as never);
    expect((await loaderTrips("/titles?order=name", titlesLoader as never)).sql.some(readsGenres)).toBe(false);
    vi.useFakeTimers({ now: Date.now() + BROWSE_OPTIONS_TTL_MS + 1, toFake: ["Date"] });
    try {
      expect((await loaderTrips("/titles?order=name", titlesLoader as never)).sql.some(readsGenres)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
