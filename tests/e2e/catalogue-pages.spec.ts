import { expect, test } from "@playwright/test";
import { titleWithCastAndVideo, personWithCredits, r2Video, seriesWithEpisodes } from "./fixtures/catalogue";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, signInContext } from "./fixtures/signed-in-user";

/**
 * The public catalogue pages (title, credits, seasons, episodes,
 * person, watch, search, browse, custom pages), each with JavaScript on and
 * off. Settings-dependent pages (homepage types, ads) are in
 * homepage-and-ads.spec.ts.
 */

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`catalogue pages ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("a title page shows facts, ratings, plot, cast and related titles, with SEO tags and JSON-LD", async ({ page }) => {
      const movie = await titleWithCastAndVideo();
      await page.goto(`/titles/${movie.id}/${movie.slug}`);
      await expect(page.getByTestId("title-name")).toContainText(movie.name);
      await expect(page.getByTestId("title-facts")).toBeVisible();
      await expect(page.getByTestId("title-ratings")).toBeVisible();
      const cast = page.getByTestId("title-cast").getByRole("listitem");
      expect(await cast.count()).toBeGreaterThan(2);
      await expect(page.getByTestId("title-videos").getByTestId("video-card").first()).toBeVisible();
      await expect(page.getByTestId("related-titles").getByTestId("title-card").first()).toBeVisible();

      await expect(page).toHaveTitle(new RegExp(movie.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toMatch(new RegExp(`/titles/${movie.id}/${movie.slug}$`));
      expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain(movie.name);
      expect(await page.locator('meta[name="twitter:card"]').getAttribute("content")).toBeTruthy();
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
      expect(jsonLd["@type"]).toBe(movie.type === "movie" ? "Movie" : "TVSeries");
      expect(jsonLd.name).toBe(movie.name);

      // Below-the-fold images load lazily and every image reserves its space.
      const related = page.getByTestId("related-titles").locator("img").first();
      await expect(related).toHaveAttribute("loading", "lazy");
      const unsized = await page.locator("main img:not([width]), main img:not([height])").count();
      expect(unsized).toBe(0);
    });

    test("full credits list the whole cast and the crew by department", async ({ page }) => {
      const movie = await titleWithCastAndVideo();
      await page.goto(`/titles/${movie.id}/${movie.slug}`);
      await page.getByTestId("full-credits-link").first().click();
      await expect(page).toHaveURL(new RegExp(`/titles/${movie.id}/${movie.slug}/credits$`));
      await expect(page.getByTestId("credits-page")).toBeVisible();
      expect(await page.getByTestId("full-cast").getByRole("listitem").count()).toBeGreaterThan(2);
    });

    test("a series links to its seasons, a season to its episodes, and episodes to each other", async ({ page }) => {
      test.slow(); // eight navigations
      const series = await seriesWithEpisodes();
      await page.goto(`/titles/${series.id}/${series.slug}`);
      await page.getByTestId("title-seasons").getByRole("link").first().click();
      await expect(page).toHaveURL(/\/season\/\d+$/);
      const seasonNav = page.getByTestId("season-nav");
      await expect(seasonNav.locator('[aria-current="page"]')).toHaveCount(1);
      const episodes = page.getByTestId("episode-list").getByRole("link");
      expect(await episodes.count()).toBeGreaterThan(1);
      await episodes.first().click();
      await expect(page).toHaveURL(/\/season\/\d+\/episode\/\d+$/);
      const firstEpisodeUrl = page.url();
      await page.getByTestId("episode-nav").locator('a[rel="next"]').click();
      await expect(page).not.toHaveURL(firstEpisodeUrl);
      await page.getByTestId("episode-nav").locator('a[rel="prev"]').click();
      await expect(page).toHaveURL(firstEpisodeUrl);

      // The second season is one click away from the first.
      await page.goto(`/titles/${series.id}/${series.slug}/season/1`);
      await page.getByTestId("season-nav").getByRole("link").nth(1).click();
      await expect(page).toHaveURL(/\/season\/2$/);
      await expect(page.getByTestId("season-nav").locator('[aria-current="page"]')).toHaveText(/2/);
    });

    test("a person page shows the biography, known-for and the filmography by department", async ({ page }) => {
      const person = await personWithCredits();
      await page.goto(`/people/${person.id}/${person.slug}`);
      await expect(page.getByTestId("person-name")).toHaveText(person.name);
      await expect(page.getByTestId("person-biography")).toBeVisible();
      // "Known for": four titles, and only for someone with more titles than that (decision 029).
      const [{ n }] = await queryE2e<{ n: number }>("SELECT count(DISTINCT title_id) AS n FROM credits WHERE person_id = ?", [person.id]);
      await expect(page.getByTestId("known-for").getByTestId("title-card")).toHaveCount(n > 4 ? 4 : 0);
      await expect(page.getByTestId("filmography-department").first()).toBeVisible();
      const firstYear = page.getByTestId("filmography-department").first().locator("li span.tabular-nums").first();
      await expect(firstYear).toHaveText(/^(\d{4}|—)$/);
    });

    test("search without the type-ahead: the navbar form submits to /search with results grouped by kind", async ({ page }) => {
      await page.goto("/titles");
      const box = page.getByTestId("navbar-search-input");
      await box.fill("dark");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\?query=dark/);
      await expect(page.getByTestId("search-titles")).toBeVisible();
      await expect(page.getByTestId("search-titles").getByTestId("title-card").first()).toBeVisible();

      await page.goto("/search?query=zzqqxxnothing");
      await expect(page.getByTestId("search-no-results")).toBeVisible();
      await page.goto("/search");
      await expect(page.getByTestId("search-empty")).toBeVisible();
    });

    test("without titles.view the navbar has no search box and the search routes refuse", async ({ page, context, baseURL }) => {
      // A signed-in user whose roles were taken away: no titles.view.
      const user = await createSignedInUser("no-catalogue");
      await queryE2e("DELETE FROM user_roles WHERE user_id = ?", [user.userId]);
      await signInContext(context, baseURL!, user);
      await page.goto("/pages/about");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByTestId("navbar-search-input")).toHaveCount(0);
      await expect(page.getByRole("search")).toHaveCount(0);
      const search = await page.request.get("/search?query=dark", { maxRedirects: 0 });
      expect([302, 404]).toContain(search.status());
      const suggest = await page.request.get("/search/suggest?query=dark");
      expect(suggest.status()).toBe(403);
      expect((await suggest.json()).results).toEqual([]);
    });

    test("browse filters narrow the list through a GET form", async ({ page }) => {
      test.slow(); // five navigations
      await page.goto("/titles");
      await expect(page.getByTestId("browse-results").getByTestId("title-card").first()).toBeVisible();
      // With JavaScript the filter fields' code loads after hydration (decision 020); they submit on change once it is in.
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      const filters = page.getByTestId("browse-filters");
      await filters.getByLabel("Type").selectOption("series");
      if (javaScriptEnabled) await expect(page).toHaveURL(/type=series/);
      await page.getByTestId("sort-select").selectOption("name-asc");
      if (!javaScriptEnabled) await page.getByTestId("apply-filters").click();
      await expect(page).toHaveURL(/type=series/);
      await expect(page).toHaveURL(/sort=name-asc/);
      const names = await page.getByTestId("browse-results").getByTestId("title-card-name").allTextContents();
      expect(names.length).toBeGreaterThan(1);
      expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
      await expect(page.getByTestId("browse-results").getByTestId("title-card").first()).toContainText("Series");

      await page.goto("/titles?year_from=1994&year_to=1994&type=movie");
      const years = await page.getByTestId("browse-results").getByTestId("title-card-meta").allTextContents();
      expect(years.length).toBeGreaterThan(0);
      for (const year of years) expect(year).toContain("1994");

      await page.goto("/titles?page=2");
      await expect(page.getByTestId("pagination").locator('a[rel="prev"]')).toBeVisible();
    });

    test("browse people filters by department through the same GET form", async ({ page }) => {
      await page.goto("/people");
      await expect(page.getByTestId("browse-people").getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("browse-results").locator("li").first()).toBeVisible();
      const filters = page.getByTestId("browse-filters");
      await filters.getByLabel("Known for").selectOption("Directing");
      if (!javaScriptEnabled) await page.getByTestId("apply-filters").click();
      await expect(page).toHaveURL(/department=Directing/);
      const cards = page.getByTestId("browse-results").locator("li");
      await expect(cards.first()).toBeVisible();
      await expect(cards.first()).toContainText("Directing");
      await expect(filters.getByLabel("Known for")).toHaveValue("Directing");
      await page.goto("/people?department=NoSuchDepartment");
      await expect(page.getByTestId("browse-empty")).toBeVisible();
    });

    test("a custom page shows its title and sanitised body with navbar and footer", async ({ page }) => {
      await page.goto("/pages/privacy-policy");
      await expect(page.getByTestId("custom-page").getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
      await expect(page.getByTestId("custom-page")).toContainText("Template text");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByTestId("copyright")).toBeVisible();
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/pages\/privacy-policy$/);
    });
  });
}

test.describe("with JavaScript only", () => {
  test("the sample video plays: currentTime advances", async ({ page }) => {
    const video = await r2Video();
    await page.goto(`/watch/${video.id}`);
    const player = page.getByTestId("video-player");
    await expect(player).toBeVisible();
    await expect(page.getByTestId("watch-title-link")).toBeVisible();
    await player.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
    expect(await player.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
  });

  test("the navbar type-ahead suggests titles and people with images and opens the chosen one", async ({ page }) => {
    const movie = await titleWithCastAndVideo();
    await page.goto("/titles");
    const box = page.getByRole("combobox", { name: "Search titles and people" });
    await box.fill(movie.name.slice(0, Math.min(8, movie.name.length)));
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    const options = list.getByRole("option");
    await expect(options.first()).toBeVisible();
    await expect(options.first().locator("img")).toHaveAttribute("src", /.+/);
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", /option-0$/);
    const chosen = (await options.first().locator("span.font-medium").textContent()) ?? "";
    await box.press("Enter");
    await expect(page).toHaveURL(/\/(titles|people)\/\d+\//);
    await expect(page.locator("h1").first()).toContainText(chosen.trim());
  });

  test("the watch page's video is served with HTTP ranges", async ({ request }) => {
    const video = await r2Video();
    const html = await (await request.get(`/watch/${video.id}`)).text();
    const src = /<source src="([^"]+)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const partial = await request.get(src!, { headers: { Range: "bytes=0-99" } });
    expect(partial.status()).toBe(206);
    expect((await partial.body()).byteLength).toBe(100);
    expect(partial.headers()["content-type"]).toMatch(/^video\//);
  });
});

/**
 * A guest's person page and search results arrive as HTML the browser keeps (static islands,
 * decision 045): their data is not in the page's hydration data, yet their links still navigate
 * in the page, and "Show all" keeps the reader where they were.
 */
test.describe("person page and search results as static HTML", () => {
  /** A fictional person credited in 55 films: more than the filmography shows before "Show all". */
  async function prolificPerson() {
    const slug = `prolific-island-person-${Date.now()}`;
    const [person] = await queryE2e<{ id: number }>("INSERT INTO people (name, slug, popularity, known_for) VALUES (?, ?, 0, 'Acting') RETURNING id", ["Prolific Island Person", slug]);
    await queryE2e(
      `INSERT INTO credits (title_id, person_id, kind, character, position, department, job)
       SELECT id, ?, 'cast', 'Island Role ' || id, 0, 'Acting', 'Actor' FROM titles WHERE type = 'movie' ORDER BY id LIMIT 55`,
      [person.id],
    );
    return { id: person.id, slug, credits: 55 };
  }

  /** The text of the page's inline scripts (React Router's context and loader data), JSON-LD aside. */
  const inlineData = (page: import("@playwright/test").Page) => page.locator("script:not([type]):not([src])").evaluateAll((scripts) => scripts.map((s) => s.textContent).join("\n"));

  test("with JavaScript: the filmography is HTML only, its links navigate in the page and Show all keeps the scroll", async ({ page }) => {
    const person = await prolificPerson();
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await page.goto(`/people/${person.id}/${person.slug}`);
    await page.waitForLoadState("networkidle");
    const department = page.getByTestId("filmography-department");
    await expect(department.getByRole("listitem")).toHaveCount(50);
    await expect(page.getByTestId("known-for").getByTestId("title-card")).toHaveCount(4);
    const data = await inlineData(page);
    expect(data).toContain("loaderData");
    expect(data, "no filmography entry in the hydration data").not.toContain("Island Role");
    expect(data, "no known-for card in the hydration data").not.toContain("externalRating");

    const showAll = page.getByTestId("filmography-show-all");
    await expect(showAll).toHaveText(`Show all ${person.credits} credits`);
    await showAll.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(200);
    await showAll.click();
    await expect(page).toHaveURL(/\?credits=all$/);
    await expect(department.getByRole("listitem")).toHaveCount(person.credits);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before), "the scroll position is kept").toBeLessThan(50);

    const credit = department.getByRole("link").first();
    const href = (await credit.getAttribute("href"))!;
    await credit.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId("title-name")).toBeVisible();
    await page.goBack();
    await expect(department.first()).toBeVisible();
    expect(documents, "every navigation happened in the page").toEqual([`/people/${person.id}/${person.slug}`]);
  });

  test("without JavaScript: Show all is a plain link to every credit", async ({ browser }) => {
    const person = await prolificPerson();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/people/${person.id}/${person.slug}`);
    await page.getByTestId("filmography-show-all").click();
    await expect(page).toHaveURL(/\?credits=all$/);
    await expect(page.getByTestId("filmography-department").getByRole("listitem")).toHaveCount(person.credits);
    await expect(page.getByTestId("filmography-show-all")).toHaveCount(0);
    await context.close();
  });

  test("a guest's search results are HTML only and still navigate in the page", async ({ page }) => {
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    await page.goto("/search?query=dark");
    await page.waitForLoadState("networkidle");
    const card = page.getByTestId("search-titles").getByTestId("title-card").first();
    await expect(card).toBeVisible();
    const name = (await card.getByTestId("title-card-name").textContent())!;
    expect(await inlineData(page), "no result in the hydration data").not.toContain(JSON.stringify(name).slice(1, -1));
    await card.click();
    await expect(page.getByTestId("title-name")).toContainText(name);
    expect(documents).toEqual(["/search"]);
  });
});
