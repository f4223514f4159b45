import { expect, test } from "@playwright/test";

/**
 * Forgiving search in the browser (decision 032): a typo finds the film in
 * the navbar's suggestions with JavaScript, and on the results page without
 * it, which also offers "Did you mean"; odd input never breaks a search.
 */

test.describe("with JavaScript", () => {
  test("a typo in the navbar suggests the film, and the list never shows the previous query's rows", async ({ page }) => {
    await page.goto("/titles");
    const box = page.getByTestId("navbar-search-input");
    const list = page.getByTestId("navbar-search-suggestions");
    await box.click();
    await box.pressSequentially("godfathr", { delay: 30 });
    await expect(list.getByRole("option", { name: /^The Godfather\b/ }).first()).toBeVisible();
    // Typing on, with the new answer held back: no row of "godfathr" is shown meanwhile, only "Searching…".
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/search\/suggest\?query=shawshenk/, async (route) => {
      await held;
      await route.continue();
    });
    await box.fill("");
    await box.pressSequentially("shawshenk", { delay: 30 });
    await expect(page.getByTestId("navbar-search-pending")).toBeVisible();
    await expect(list.getByRole("option")).toHaveCount(0);
    await page.waitForTimeout(400);
    await expect(list.getByRole("option", { name: /Godfather/ })).toHaveCount(0);
    release();
    await expect(list.getByRole("option", { name: /The Shawshank Redemption/ })).toBeVisible();
    await expect(list.getByRole("option", { name: /Godfather/ })).toHaveCount(0);
    await list.getByRole("option", { name: /The Shawshank Redemption/ }).click();
    await expect(page).toHaveURL(/\/titles\/\d+\/the-shawshank-redemption/);
  });

  test("suggestions say what other name a title was found by", async ({ request }) => {
    const body = (await (await request.get("/search/suggest?query=amelie")).json()) as { results: { name: string; description: string }[] };
    const amelie = body.results.find((r) => r.name === "Le Fabuleux destin d'Amélie Poulain");
    expect(amelie?.description).toContain("Also known as “Amélie”");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the results page finds a typo and offers Did you mean, which searches the corrected words", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("navbar-search-input").fill("shawshank redemtion");
    await page.getByTestId("navbar-search-input").press("Enter");
    await expect(page).toHaveURL(/\/search\?query=shawshank\+redemtion/);
    await expect(page.getByTestId("search-titles").getByText("The Shawshank Redemption").first()).toBeVisible();
    const suggestion = page.getByTestId("search-did-you-mean");
    await expect(suggestion).toContainText("Did you mean: shawshank redemption");
    await suggestion.getByRole("link").click();
    await expect(page).toHaveURL(/query=shawshank\+redemption/);
    await expect(page.getByTestId("search-did-you-mean")).toHaveCount(0);
    await expect(page.getByTestId("search-titles").getByText("The Shawshank Redemption").first()).toBeVisible();
  });

  test("a title found by another name says so", async ({ page }) => {
    await page.goto("/search?query=leon+the+professional");
    const titles = page.getByTestId("search-titles");
    await expect(titles.getByText("Léon", { exact: true }).first()).toBeVisible();
    await expect(titles.getByTestId("search-also-known-as").first()).toContainText("Léon: The Professional");
  });
});

test("bad input answers 200 with no results or a clear message, never a 500", async ({ request }) => {
  const inputs = [
    "x".repeat(10_000),
    "!!! ... ??? ---",
    "\uD800",
    "ab\uDC00cd",
    '"',
    "*",
    "NEAR",
    "NEAR(dark knight, 2)",
    "dark OR knight",
    "-",
    "dark -knight",
    "'; DROP TABLE titles; --",
    '" OR 1=1 --',
  ];
  for (const query of inputs) {
    const encoded = encodeURIComponent(query.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
    // Lone surrogates cannot be URL-encoded as UTF-8; send their raw escapes as a browser would not, and a replacement char.
    for (const path of [`/search?query=${encoded}`, `/search/suggest?query=${encoded}`, `/api/v1/search?query=${encoded}`]) {
      const response = await request.get(path);
      expect(response.status(), `${path.slice(0, 80)}`).toBe(200);
    }
  }
  // Raw lone-surrogate escapes in the URL (%ED%A0%80 is not UTF-8): still no 500.
  for (const path of ["/search?query=%ED%A0%80", "/search/suggest?query=%ED%A0%80", "/api/v1/search?query=%ED%A0%80abc"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBeLessThan(500);
  }
  const api = (await (await request.get(`/api/v1/search?query=${encodeURIComponent("!!! ... ???")}`)).json()) as { titles: unknown[]; people: unknown[] };
  expect(api.titles).toEqual([]);
  expect(api.people).toEqual([]);
  const page = await (await request.get(`/search?query=${encodeURIComponent("!!! ...")}`)).text();
  expect(page).toContain('data-testid="search-no-results"');
  // A text query on the titles list is refused with a pointer, not answered with the popular list (defect 41).
  const titles = await request.get("/api/v1/titles?query=matrix");
  expect(titles.status()).toBe(422);
  expect(JSON.stringify(await titles.json())).toContain("/api/v1/search");
});
