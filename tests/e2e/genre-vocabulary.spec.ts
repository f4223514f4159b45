import { expect, test } from "@playwright/test";
import { queryE2e } from "./fixtures/e2e-db";

/**
 * The genre vocabulary of /titles is the one the data uses (decision 042):
 * every genre offered has titles, shows how many, and its filter finds
 * exactly those; a seeded real film carries its true (TMDB) genres; the TMDB
 * rating filter and sorts are offered only when some title has a TMDB rating.
 * Expected numbers are read from the seeded database.
 */

test("every offered genre has titles, shows its count, and its filter returns them", async ({ page }) => {
  const rows = await queryE2e<{ name: string; slug: string; n: number }>("SELECT g.name, g.slug, (SELECT count(*) FROM title_genres tg WHERE tg.genre_id = g.id) AS n FROM genres g ORDER BY g.name");
  const withTitles = rows.filter((r) => Number(r.n) > 0);
  expect(withTitles.length).toBeGreaterThan(10);
  await page.goto("/titles");
  const filter = page.getByTestId("genre-filter");
  const offered = filter.locator("label:has(input[name=genre])");
  await expect(offered).toHaveCount(withTitles.length);
  for (const genre of withTitles) {
    const label = filter.locator(`label:has(input[value="${genre.slug}"])`);
    await expect(label).toContainText(genre.name);
    await expect(label.getByTestId("genre-count")).toHaveText(Number(genre.n).toLocaleString("en"));
  }
  for (const empty of rows.filter((r) => Number(r.n) === 0)) await expect(filter.locator(`input[value="${empty.slug}"]`)).toHaveCount(0);

  for (const genre of withTitles) {
    await page.goto(`/titles?genre=${genre.slug}`);
    await expect(page.getByTestId("browse-empty"), genre.name).toHaveCount(0);
    await expect(page.getByTestId("result-count"), genre.name).toContainText(new RegExp(`^${Number(genre.n).toLocaleString("en")} results?`));
  }
});

test("Crime in the 1990s finds the decade's crime films", async ({ page }) => {
  const [{ n }] = await queryE2e<{ n: number }>(
    "SELECT count(*) AS n FROM titles t JOIN title_genres tg ON tg.title_id = t.id JOIN genres g ON g.id = tg.genre_id WHERE g.slug = 'crime' AND t.year BETWEEN 1990 AND 1999",
  );
  expect(Number(n)).toBeGreaterThan(20);
  await page.goto("/titles?genre=crime&year_from=1990&year_to=1999&sort=rating-desc");
  await expect(page.getByTestId("result-count")).toContainText(`${Number(n).toLocaleString("en")} results`);
  await expect(page.getByTestId("browse-results")).toContainText("Pulp Fiction");
  await expect(page.getByTestId("browse-results")).toContainText("The Shawshank Redemption");
});

test("a seeded real film carries its true genres", async ({ page }) => {
  const [film] = await queryE2e<{ id: number; slug: string }>("SELECT id, slug FROM titles WHERE name = 'The Shawshank Redemption' AND year = 1994");
  await page.goto(`/titles/${film.id}/${film.slug}`);
  const genres = page.locator('a[href^="/titles?genre="]');
  await expect(genres).toHaveCount(2);
  expect((await genres.allInnerTexts()).map((s) => s.trim()).sort()).toEqual(["Crime", "Drama"]);
  await expect(page.locator('a[href="/titles?genre=history"]')).toHaveCount(0);
});

test("the TMDB rating filter and sorts are offered only when a title has a TMDB rating", async ({ page }) => {
  const [{ n }] = await queryE2e<{ n: number }>("SELECT count(*) AS n FROM titles WHERE tmdb_rating IS NOT NULL");
  await page.goto("/titles");
  const sorts = page.getByTestId("sort-select").locator("option");
  const labels = await sorts.allInnerTexts();
  const drawer = page.getByTestId("filter-drawer");
  if (Number(n) === 0) {
    expect(labels.filter((l) => l.includes("TMDB"))).toEqual([]);
    await expect(drawer.locator("select[name=tmdb_rating]")).toHaveCount(0);
    // A shared link with the sort falls back to the default order instead of a list sorted by nothing.
    await page.goto("/titles?sort=tmdb_rating-desc");
    await expect(page.getByTestId("sort-select")).toHaveValue("popularity-desc");
  } else {
    expect(labels).toEqual(expect.arrayContaining(["TMDB rating, highest first", "TMDB rating, lowest first"]));
    await expect(drawer.locator("select[name=tmdb_rating]")).toHaveCount(1);
  }
});
