import { expect, test } from "@playwright/test";
import { flushServerCaches, queryE2e } from "./fixtures/e2e-db";

/**
 * Browse that finds things: sorting never removes titles, several
 * genres at once, the result count, the filter drawer without JavaScript,
 * and ratings that say where they come from. Expected numbers are read from
 * the seeded database.
 */

const count = async (sql: string, args: (string | number)[] = []) => Number((await queryE2e<{ n: number }>(sql, args))[0].n);
/** The whole card (poster link, rating line, menu): decision 029's one title card. */
const cards = (page: import("@playwright/test").Page) => page.getByTestId("browse-results").getByTestId("title-card-box");

test("sorting series by IMDb rating keeps every series, in both directions", async ({ page }) => {
  const series = await count("SELECT count(*) AS n FROM titles WHERE type = 'series'");
  expect(series).toBeGreaterThan(1);
  await page.goto("/titles?type=series");
  await expect(cards(page)).toHaveCount(series);
  await page.getByTestId("sort-select").selectOption("rating-desc");
  await expect(page).toHaveURL(/sort=rating-desc/);
  await expect(page.getByTestId("browse-empty")).toHaveCount(0);
  await expect(cards(page)).toHaveCount(series);
  await expect(page.getByTestId("result-count")).toHaveText(`${series} results`);
  await page.getByTestId("sort-select").selectOption("rating-asc");
  await expect(page).toHaveURL(/sort=rating-asc/);
  await expect(cards(page)).toHaveCount(series);
});

test("several genres match any or all of them, and the count says how many", async ({ page }) => {
  const both = await count(
    `SELECT count(*) AS n FROM titles t WHERE EXISTS (SELECT 1 FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE tg.title_id = t.id AND g.slug = 'romance')
       AND EXISTS (SELECT 1 FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE tg.title_id = t.id AND g.slug = 'comedy')`,
  );
  const either = await count("SELECT count(DISTINCT tg.title_id) AS n FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE g.slug IN ('romance', 'comedy')");
  expect(both).toBeGreaterThan(0);
  expect(either).toBeGreaterThan(both);

  await page.goto("/titles");
  const filters = page.getByTestId("genre-filter");
  await filters.getByLabel("Romance").check();
  await filters.getByLabel("Comedy").check();
  await page.getByTestId("apply-filters").click();
  await expect(page).toHaveURL(/genre=comedy&genre=romance|genre=romance&genre=comedy/);
  const pages = Math.ceil(either / 24);
  await expect(page.getByTestId("result-count")).toHaveText(`${either.toLocaleString("en")} results · Page 1 of ${pages}`);

  await page.getByLabel("Genres to match").selectOption("all");
  await expect(page).toHaveURL(/genre_match=all/);
  await expect(page.getByTestId("result-count")).toContainText(`${both.toLocaleString("en")} result`);
  await expect(page.getByTestId("genre-filter").getByLabel("Romance")).toBeChecked();
  await expect(page.getByTestId("genre-filter").getByLabel("Comedy")).toBeChecked();
});

test("the result count and total pages follow the filters", async ({ page }) => {
  const movies = await count("SELECT count(*) AS n FROM titles WHERE type = 'movie' AND runtime >= 150");
  expect(movies).toBeGreaterThan(24);
  await page.goto("/titles?type=movie&runtime_min=150&page=2");
  await expect(page.getByTestId("result-count")).toHaveText(`${movies.toLocaleString("en")} results · Page 2 of ${Math.ceil(movies / 24)}`);
  await expect(page.getByTestId("pagination")).toContainText(`Page 2 of ${Math.ceil(movies / 24)}`);
  // Ratings name their source on the cards.
  await expect(cards(page).first()).toContainText(/IMDb \d\.\d/);
});

test.describe("on a phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the filters sit in a drawer that opens and applies, and results are on the first screen", async ({ page }) => {
    await page.goto("/titles");
    const firstCard = cards(page).first();
    await expect(firstCard).toBeInViewport();
    const drawer = page.getByTestId("filter-drawer");
    await expect(drawer.getByLabel("Type")).toBeHidden();
    await drawer.getByText("Filters", { exact: true }).click();
    await expect(drawer.getByLabel("Type")).toBeVisible();
    await drawer.getByLabel("Type").selectOption("series");
    await page.getByTestId("apply-filters").click();
    await expect(page).toHaveURL(/type=series/);
    const series = await count("SELECT count(*) AS n FROM titles WHERE type = 'series'");
    await expect(page.getByTestId("result-count")).toHaveText(`${series} results`);
    await expect(page.getByTestId("filter-drawer").locator("summary")).toHaveText("Filters (1)");
    // The Sort control applies through its own button.
    await page.getByTestId("sort-select").selectOption("name-desc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/type=series&.*sort=name-desc/);
    const names = await cards(page).getByTestId("title-card-name").allTextContents();
    expect(names).toHaveLength(series);
    expect([...names].sort((a, b) => b.localeCompare(a))).toEqual(names);
  });
});

test("a real film's page shows what the data knows and no invented cast, plot or artwork", async ({ page }) => {
  const [film] = await queryE2e<{ id: number; slug: string }>("SELECT id, slug FROM titles WHERE name = 'The Dark Knight' AND type = 'movie'");
  await page.goto(`/titles/${film.id}/${film.slug}`);
  const ratings = page.getByTestId("title-ratings");
  await expect(ratings).toContainText("IMDb");
  await expect(ratings).toContainText("8.9");
  await expect(ratings).toContainText("Rotten Tomatoes");
  await expect(ratings).toContainText("Reelbase users");
  await expect(page.getByTestId("title-facts")).toContainText("PG-13");
  await expect(page.getByTestId("title-crew")).toContainText("Christopher Nolan");
  await expect(page.getByTestId("title-cast")).toHaveCount(0);
  await expect(page.locator("#plot-heading")).toHaveCount(0);
  await expect(page.getByText("No plot summary yet.")).toHaveCount(0);
  // No invented poster stored: the page shows the site's generated artwork, saying so (decision 029).
  await expect(page.getByTestId("title-poster")).toHaveAttribute("src", /^\/artwork\/poster\/\d+-[0-9a-z]+\.svg$/);
  await expect(page.getByTestId("title-poster")).toHaveAttribute("alt", "Generated artwork for The Dark Knight, not an official image");
});

/**
 * TMDB data in browse (issues 15/17): a fictional provider with one fictional
 * title in the site's default region (US, no account country for a guest) and
 * one elsewhere; the "where to watch" filter lists the provider and finds the
 * title, the TMDB rating filter keeps it, and its card names TMDB as the
 * rating's source. Fixture ids are far above the seed's.
 */
const TMDB_E2E = { provider: 880_001, here: 880_001, elsewhere: 880_002 };
async function tmdbFixtures(request: import("@playwright/test").APIRequestContext) {
  await queryE2e("INSERT OR IGNORE INTO watch_providers (id, name, display_priority) VALUES (?, 'Glueflix Test', 0)", [TMDB_E2E.provider]);
  await queryE2e(
    `INSERT OR IGNORE INTO titles (id, type, name, slug, year, popularity, tmdb_rating, tmdb_votes) VALUES
       (?, 'movie', 'Orchard of Quiet Lamps', 'orchard-of-quiet-lamps', 2021, 1, 8.7, 321),
       (?, 'movie', 'Lamps Far Away', 'lamps-far-away', 2021, 1, 8.9, 12)`,
    [TMDB_E2E.here, TMDB_E2E.elsewhere],
  );
  await queryE2e(`INSERT OR IGNORE INTO title_watch_providers (title_id, region, kind, provider_id) VALUES (?, 'US', 'flatrate', ?), (?, 'JP', 'flatrate', ?)`, [
    TMDB_E2E.here,
    TMDB_E2E.provider,
    TMDB_E2E.elsewhere,
    TMDB_E2E.provider,
  ]);
  await flushServerCaches(request);
}

async function filterByProviderAndTmdbRating(page: import("@playwright/test").Page) {
  await page.goto("/titles?type=movie");
  const drawer = page.getByTestId("filter-drawer");
  if (!(await drawer.getByLabel("Min. TMDB rating").isVisible())) await drawer.locator("summary").click();
  await drawer.getByLabel(/Where to watch \(United States\)/).selectOption({ label: "Glueflix Test" });
  await drawer.getByLabel("Min. TMDB rating").selectOption("8");
  await page.getByTestId("apply-filters").click();
  await expect(page).toHaveURL(new RegExp(`provider=${TMDB_E2E.provider}`));
  await expect(page).toHaveURL(/tmdb_rating=8/);
  await expect(page.getByTestId("result-count")).toHaveText("1 result");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Orchard of Quiet Lamps");
  await expect(cards(page).first()).toContainText("TMDB 8.7");
  // A higher minimum leaves nothing; the provider's title in another region never shows.
  await page.goto(`/titles?provider=${TMDB_E2E.provider}&tmdb_rating=9`);
  await expect(page.getByTestId("browse-empty")).toBeVisible();
}

test("where to watch (the visitor's region) and a minimum TMDB rating filter; cards and the title page name TMDB", async ({ page, request }) => {
  await tmdbFixtures(request);
  await filterByProviderAndTmdbRating(page);
  // Sorting by TMDB rating keeps every movie (those without one come last).
  const movies = await count("SELECT count(*) AS n FROM titles WHERE type = 'movie'");
  await page.goto("/titles?type=movie&sort=tmdb_rating-desc");
  await expect(page.getByTestId("result-count")).toContainText(new RegExp(`^(${movies}|${movies.toLocaleString("en")}) results`));
  await expect(cards(page).first()).toContainText("TMDB 8.9");
  await page.goto(`/titles/${TMDB_E2E.here}/orchard-of-quiet-lamps`);
  await expect(page.getByTestId("tmdb-rating")).toContainText("TMDB");
  await expect(page.getByTestId("tmdb-rating")).toContainText("8.7");
});

test.describe("TMDB filters without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  test("the provider and TMDB rating filters apply from the drawer", async ({ page, request }) => {
    await tmdbFixtures(request);
    await filterByProviderAndTmdbRating(page);
  });
});
