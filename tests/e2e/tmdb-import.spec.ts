import { expect, test, type Browser, type Page } from "@playwright/test";
import { startFakeTmdb, type FakeTmdb } from "../support/fake-tmdb";
import { adminDb, createAdmin, createTestTitle, signIn } from "./admin/fixtures";
import { fakeTmdbPort } from "./tmdb/worker-vars";
import { createSignedInUser, signedInContext, waitForApp } from "./social/helpers";

/**
 * Importing from TMDB through the admin area, against the fake TMDB server
 * (tests/support/fake-tmdb.ts: fictional content) that the e2e Worker is
 * pointed at (tests/e2e/tmdb/worker-vars.ts). One server per run, so the
 * tests of this file run in order in one worker.
 */
test.describe.configure({ mode: "serial" });

let fake: FakeTmdb;
test.beforeAll(async () => {
  fake = await startFakeTmdb({ port: fakeTmdbPort(Number(process.env.E2E_PORT ?? 8788)) });
});
test.afterAll(async () => {
  await fake?.close();
});
test.beforeEach(() => fake.reset());

const COUNTED = ["titles", "people", "credits", "seasons", "episodes", "videos", "images", "title_watch_providers", "title_keywords", "title_genres"];
async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) counts[table] = Number((await adminDb<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0].n);
  return counts;
}

test("an admin imports a movie by its TMDB address; the public page shows cast, trailer, images and where to watch; importing again changes no row count", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("tmdb-movie");
  await signIn(context, baseURL, admin);
  await page.goto("/admin/tmdb");
  await page.getByLabel("TMDB id or address").fill("https://www.themoviedb.org/movie/9001-the-lantern-keeper-of-vell");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("tmdb-imported")).toContainText("Imported The Lantern Keeper of Vell.");
  const counts = await rowCounts();

  await page.getByRole("link", { name: "View it" }).click();
  await expect(page.getByTestId("title-name")).toContainText("The Lantern Keeper of Vell");
  await expect(page.getByTestId("title-plot")).toContainText("lighthouse keeper on an invented island");
  await expect(page.getByTestId("title-cast")).toContainText("Orla Brisk");
  await expect(page.getByTestId("title-cast")).toContainText("Mara Vell");
  await expect(page.getByTestId("title-crew")).toContainText("Idra Vantongeren");
  await expect(page.getByTestId("title-facts")).toContainText("PG-13");
  // Images from the TMDB image base, at the size of their place.
  await expect(page.getByRole("img", { name: "Poster of The Lantern Keeper of Vell" })).toHaveAttribute("src", `${fake.imageUrl}/w500/poster-9001.jpg`);
  await expect(page.locator(`img[src="${fake.imageUrl}/w1280/backdrop-9001.jpg"]`).first()).toBeAttached();
  // Where to watch in the site's default region (US), with the credit.
  const watch = page.getByTestId("where-to-watch");
  await expect(watch.getByRole("img", { name: "Streamvale" })).toHaveAttribute("src", `${fake.imageUrl}/w92/streamvale-logo.jpg`);
  await expect(watch.getByRole("img", { name: "Reel Corner" }).first()).toBeVisible();
  await expect(page.getByTestId("watch-attribution")).toContainText("JustWatch");
  await expect(page.getByTestId("external-links").getByRole("link", { name: "IMDb" })).toHaveAttribute("href", "https://www.imdb.com/title/tt909001/");
  await expect(page.getByTestId("external-links").getByRole("link", { name: "TMDB" })).toHaveAttribute("href", "https://www.themoviedb.org/movie/9001");
  // TMDB's notice in the footer (once TMDB data is shown), linking to the page with their logo.
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "This product uses the TMDB API but is not endorsed or certified by TMDB." })).toHaveAttribute("href", "/data-sources");

  // The trailer plays as a YouTube embed.
  await page.getByTestId("title-videos").getByRole("link").first().click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/fakeTrail9001"]')).toBeAttached();

  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: /not endorsed or certified by TMDB/ })
    .click();
  await expect(page.getByTestId("tmdb-notice")).toHaveText("This product uses the TMDB API but is not endorsed or certified by TMDB.");
  await expect(page.getByTestId("data-sources").getByRole("img", { name: "TMDB" })).toBeVisible();

  // Again: nothing new.
  await page.goto("/admin/tmdb");
  await page.getByLabel("TMDB id or address").fill("9001");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("tmdb-imported")).toContainText("Imported The Lantern Keeper of Vell.");
  expect(await rowCounts()).toEqual(counts);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin imports a series by id; the public pages show its seasons and episodes", async ({ page, context, baseURL }) => {
    const admin = await createAdmin("tmdb-series");
    await signIn(context, baseURL, admin);
    await page.goto("/admin/tmdb");
    await page.getByLabel("TMDB id or address").fill("7001");
    await page.getByLabel("Type (for a bare id)").selectOption("tv");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("tmdb-imported")).toContainText("Imported Harbour of Small Lights.");
    expect(fake.requests).toEqual(["/tv/7001", "/tv/7001/season/1", "/tv/7001/season/2"]);
    await page.getByRole("link", { name: "View it" }).click();
    await expect(page.getByTestId("title-name")).toContainText("Harbour of Small Lights");
    await expect(page.getByTestId("title-cast")).toContainText("Tavin Mercadel");
    await expect(page.getByTestId("title-seasons")).toContainText("Season 1");
    await expect(page.getByTestId("title-seasons")).toContainText("Season 2");
    await expect(page.getByTestId("title-seasons")).not.toContainText("Specials");
    await expect(page.getByTestId("where-to-watch").getByRole("img", { name: "Freewave" })).toBeVisible();
    await expect(page.getByTestId("title-videos")).toContainText("Season 1 Teaser");
    await page
      .getByTestId("title-seasons")
      .getByRole("link", { name: /Season 2/ })
      .click();
    await expect(page.getByText("Tide 2.2")).toBeVisible();
    await page
      .getByRole("link", { name: /Tide 2\.1/ })
      .first()
      .click();
    await expect(page.getByText("Pim Ashgrove")).toBeVisible();
  });

  test("a malformed answer shows a clear error and leaves no partial title", async ({ page, context, baseURL }) => {
    const admin = await createAdmin("tmdb-bad");
    await signIn(context, baseURL, admin);
    const before = await rowCounts();
    await page.goto("/admin/tmdb");
    await page.getByLabel("TMDB id or address").fill("https://www.themoviedb.org/movie/9666");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("form-errors")).toContainText("not in the expected shape");
    await expect(page.getByTestId("form-errors")).toContainText("nothing was imported");
    expect(await rowCounts()).toEqual(before);
    // A deleted item is reported as such.
    await page.getByLabel("TMDB id or address").fill("https://www.themoviedb.org/movie/9404");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByTestId("form-errors")).toContainText("TMDB has no movie with id 9404");
    // Text that is no TMDB reference gets a field message.
    await page.getByLabel("TMDB id or address").fill("the lantern keeper");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Paste a TMDB id or a themoviedb.org address")).toBeVisible();
  });
});

test("an admin searches TMDB by name and picks a result; a 429 from TMDB is waited out", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("tmdb-search");
  await signIn(context, baseURL, admin);
  await page.goto("/admin/tmdb");
  const search = page.getByTestId("tmdb-search-form");
  await search.getByLabel("Name").fill("patient");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("tmdb-search-results")).toContainText("The Patient Ferryman");
  await page.getByRole("button", { name: "Import The Patient Ferryman" }).click();
  await expect(page.getByTestId("tmdb-imported")).toContainText("Imported The Patient Ferryman.");
  // The first answer was a 429 with Retry-After: 1; the import asked again and finished.
  expect(fake.requests.filter((path) => path === "/movie/9429")).toHaveLength(2);
});

test("a bulk import from TMDB discover shows its progress and ends with the expected count", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("tmdb-bulk");
  await signIn(context, baseURL, admin);
  await page.goto("/admin/tmdb");
  const form = page.getByTestId("tmdb-discover-form");
  await form.getByLabel("From year").fill("2010");
  await form.getByLabel("To year").fill("2005");
  await form.getByRole("button", { name: "Start bulk import" }).click();
  await expect(form.getByText("The first year must not be after the last.")).toBeVisible();
  await form.getByLabel("To year").fill("2020");
  await form.getByLabel("Minimum votes").fill("100");
  await form.getByLabel(/^Pages/).fill("3");
  await form.getByRole("button", { name: "Start bulk import" }).click();
  const job = page.getByTestId("tmdb-jobs").locator("li").first();
  await expect(job.getByRole("progressbar")).toHaveAttribute("max", "3");
  // The page refreshes itself while the job runs (a page is 20 imports).
  await expect(job.getByTestId("job-status")).toHaveText("Done", { timeout: 90_000 });
  await expect(job.getByTestId("job-counts")).toHaveText("3 of 3 pages · 60 imported · 0 failed");
  await expect(job.getByRole("progressbar")).toHaveAttribute("value", "3");
  const [films] = await adminDb<{ n: number }>("SELECT count(*) AS n FROM titles WHERE type = 'movie' AND tmdb_id BETWEEN 8100 AND 8159");
  expect(Number(films.n)).toBe(60);
  expect(fake.requests.filter((path) => path === "/discover/movie")).toHaveLength(3);
});

test("on a title without TMDB data an admin imports it from TMDB, filling the title in place; visitors see no such action", async ({ page, context, baseURL, browser }) => {
  const title = await createTestTitle("The Stubborn Engine");
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(`${baseURL}/titles/${title.id}/${title.slug}`);
  await expect(guestPage.getByTestId("title-name")).toContainText("The Stubborn Engine");
  await expect(guestPage.getByTestId("import-from-tmdb")).toHaveCount(0);
  await guest.close();

  const admin = await createAdmin("tmdb-fill");
  await signIn(context, baseURL, admin);
  await page.goto(`/titles/${title.id}/${title.slug}`);
  await page.getByTestId("import-from-tmdb").click();
  // The search is made from the title's name and year.
  await expect(page.getByRole("heading", { name: "Import The Stubborn Engine from TMDB" })).toBeVisible();
  await expect(page.getByTestId("tmdb-search-form").getByLabel("Name")).toHaveValue("The Stubborn Engine");
  await page.getByRole("button", { name: "Import The Stubborn Engine" }).click();
  await expect(page.getByTestId("tmdb-imported")).toContainText("Imported The Stubborn Engine.");
  await page.getByRole("link", { name: "View it" }).click();
  await expect(page).toHaveURL(new RegExp(`/titles/${title.id}/`));
  await expect(page.getByTestId("title-plot")).toContainText("A fictional test film (9500)");
  await expect(page.getByTestId("title-cast")).toContainText("Orla Brisk");
  await expect(page.getByTestId("import-from-tmdb")).toHaveCount(0);
  const [row] = await adminDb<{ n: number }>("SELECT count(*) AS n FROM titles WHERE tmdb_id = 9500 AND type = 'movie'");
  expect(Number(row.n)).toBe(1);
});

/**
 * "Import from TMDB" on an import's review screen (decision 027): an unmatched
 * row offers TMDB's search by its name and year; the chosen result is imported
 * into the catalogue and becomes the row's title. Plain forms first (no
 * JavaScript), then with JavaScript a second member's row finds the title
 * already imported and uses it without asking TMDB again.
 */
test.describe("an import's unmatched row, from TMDB", () => {
  const ratingsCsv = (name: string) => Buffer.from(`Date,Name,Year,Letterboxd URI,Rating\n2020-06-01,${name},2021,https://letterboxd.com/film/x/,4\n`);

  async function reviewScreen(browser: Browser, prefix: string, javaScriptEnabled: boolean, name: string) {
    const user = await createSignedInUser(prefix);
    const context = await signedInContext(browser, user, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/library/import");
    if (javaScriptEnabled) await waitForApp(page);
    await page.getByTestId("import-file").setInputFiles({ name: "ratings.csv", mimeType: "text/csv", buffer: ratingsCsv(name) });
    await page.getByTestId("import-submit").click();
    await expect(page.getByRole("heading", { name: "Review your import" })).toBeVisible();
    return { user, page, context };
  }

  async function finishImport(page: Page, userId: number) {
    // With JavaScript the click submits by fetch: wait for its answer, or the reload below would cancel it.
    await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/library/import/")), page.getByTestId("import-start").click()]);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("import-progress")).toHaveAttribute("data-status", "done", { timeout: 1000 });
    }).toPass({ timeout: 60_000 });
    return adminDb<{ tmdb_id: number; name: string; rating: number; day: string }>(
      `SELECT t.tmdb_id, t.name, r.rating, date(r.created_at, 'unixepoch') AS day FROM ratings r JOIN titles t ON t.id = r.title_id WHERE r.user_id = ${userId}`,
    );
  }

  test("without JavaScript: search TMDB by the row's name, import the film, and the row is matched to it", async ({ browser }) => {
    test.setTimeout(120_000);
    expect(await adminDb("SELECT id FROM titles WHERE type = 'movie' AND tmdb_id = 9431")).toEqual([]);
    const { user, page, context } = await reviewScreen(browser, "tmdb-row", false, "The Cartographer of Sundry Tides");
    const row = page.getByTestId("import-attention").filter({ hasText: "The Cartographer of Sundry Tides" });
    await expect(row).toContainText("No title matched");
    await row.getByTestId("import-tmdb-search").click();
    // The search asked TMDB for the row's name in its year.
    expect(fake.requests).toContain("/search/movie");
    const hit = row.getByTestId("import-tmdb-hit").filter({ hasText: "The Cartographer of Sundry Tides (2021)" });
    await expect(hit).toContainText("A fictional test film (9431)");
    await hit.getByRole("button", { name: "Import from TMDB and use" }).click();
    // Back on the review screen: the imported title is the row's choice.
    const imported = await adminDb<{ id: number; name: string }>("SELECT id, name FROM titles WHERE type = 'movie' AND tmdb_id = 9431");
    expect(imported).toHaveLength(1);
    await expect(
      page
        .getByTestId("import-attention")
        .first()
        .getByRole("radio", { name: /The Cartographer of Sundry Tides \(2021\)/ }),
    ).toBeChecked();
    expect(await finishImport(page, user.userId)).toEqual([{ tmdb_id: 9431, name: "The Cartographer of Sundry Tides", rating: 8, day: "2020-06-01" }]);
    await context.close();
  });

  test("with JavaScript: a title TMDB gave before is used as it is, without importing it again", async ({ browser }) => {
    test.setTimeout(120_000);
    // Another spelling than the catalogue's, so the row is not matched by name.
    const { user, page, context } = await reviewScreen(browser, "tmdb-row-js", true, "Cartographer of Sundry Tides");
    const row = page.getByTestId("import-attention").filter({ hasText: "Cartographer of Sundry Tides" });
    await row.getByTestId("import-tmdb-search").click();
    const hit = row.getByTestId("import-tmdb-hit").filter({ hasText: "The Cartographer of Sundry Tides (2021)" });
    await hit.getByRole("button", { name: "Use this title" }).click();
    await expect(
      page
        .getByTestId("import-attention")
        .first()
        .getByRole("radio", { name: /The Cartographer of Sundry Tides \(2021\)/ }),
    ).toBeChecked();
    expect(fake.requests).not.toContain("/movie/9431");
    expect(await finishImport(page, user.userId)).toEqual([{ tmdb_id: 9431, name: "The Cartographer of Sundry Tides", rating: 8, day: "2020-06-01" }]);
    await context.close();
  });
});
