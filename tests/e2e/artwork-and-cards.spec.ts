import { expect, test, type Page } from "@playwright/test";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, signInContext } from "./fixtures/signed-in-user";

/**
 * Decision 029: every image on the first pages a visitor opens is a real
 * image (imported or uploaded) or the site's generated artwork, served as an
 * image and saying what it is; one title card everywhere, readable on a
 * phone; the card's rating names its source and follows the sort.
 */

/** The seed's most popular real film (vega-datasets: no poster, no invented data). */
async function seededFilm() {
  const [row] = await queryE2e<{ id: number; slug: string; name: string }>(
    `SELECT id, slug, name FROM titles WHERE type = 'movie' AND poster IS NULL AND generated_fields = '[]' ORDER BY popularity DESC LIMIT 1`,
  );
  expect(row, "the seed has a real film without a poster").toBeTruthy();
  return row!;
}

/** A seeded person without a portrait (a real director). */
async function seededPerson() {
  const [row] = await queryE2e<{ id: number; slug: string }>(
    `SELECT p.id, p.slug FROM people p WHERE p.profile IS NULL AND EXISTS (SELECT 1 FROM credits c WHERE c.person_id = p.id) ORDER BY p.popularity DESC LIMIT 1`,
  );
  expect(row, "the seed has a person without a portrait").toBeTruthy();
  return row!;
}

/** Every <img> of the page: its src (never empty) answers 200 with an image. */
async function expectEveryImageServed(page: Page, path: string) {
  await page.goto(path);
  const images = await page.locator("img").evaluateAll((imgs) => imgs.map((img) => ({ src: img.getAttribute("src"), alt: img.getAttribute("alt") })));
  expect(images.length, `${path} shows images`).toBeGreaterThan(0);
  const missing = images.filter((img) => !img.src);
  expect(missing, `${path}: <img> without a src`).toEqual([]);
  for (const src of new Set(images.map((img) => img.src!))) {
    const response = await page.request.get(src);
    expect(response.status(), `${path}: ${src}`).toBe(200);
    expect(response.headers()["content-type"], `${path}: ${src}`).toMatch(/^image\//);
  }
  return images;
}

test("every image on the home page, /titles, a seeded film's page and a seeded person's page is served as an image", async ({ page }) => {
  const film = await seededFilm();
  const person = await seededPerson();
  for (const path of ["/", "/titles", `/titles/${film.id}/${film.slug}`, `/people/${person.id}/${person.slug}`]) {
    await expectEveryImageServed(page, path);
  }
  // The seeded film's own poster is generated art that says so, and is the first screen's image fetched first.
  await page.goto(`/titles/${film.id}/${film.slug}`);
  const poster = page.getByTestId("title-poster");
  await expect(poster).toHaveAttribute("alt", `Generated artwork for ${film.name}, not an official image`);
  await expect(poster).toHaveAttribute("fetchpriority", "high");
  await expect(poster).toHaveAttribute("width", "400");
  await expect(poster).toHaveAttribute("height", "600");
});

test("generated posters differ per film, say what they are, and are cached for good at their hashed address", async ({ page }) => {
  await page.goto("/titles");
  const posters = page.getByTestId("title-card").locator("img[data-generated]");
  await expect(posters.first()).toBeVisible();
  const first = await posters.nth(0).getAttribute("src");
  const second = await posters.nth(1).getAttribute("src");
  expect(first).toMatch(/^\/artwork\/poster\/\d+-[0-9a-z]+\.svg$/);
  expect(second).not.toBe(first);
  await expect(posters.nth(0)).toHaveAttribute("alt", /^Generated artwork for .+, not an official image$/);

  const [a, b] = await Promise.all([page.request.get(first!), page.request.get(second!)]);
  expect(await a.text()).not.toBe(await b.text());
  expect(await a.text()).toContain("GENERATED ARTWORK");
  expect(a.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // Lazy below the fold, eager on the first row, never a layout shift: sizes are reserved.
  const last = page.getByTestId("title-card").last().locator("img");
  await expect(last).toHaveAttribute("loading", "lazy");
  await expect(posters.nth(0)).toHaveAttribute("loading", "eager");

  // An outdated hash still answers the current drawing, revalidated instead of cached for good.
  const stale = await page.request.get(first!.replace(/-[0-9a-z]+\.svg$/, "-0.svg"));
  expect(stale.status()).toBe(200);
  expect(stale.headers()["cache-control"]).not.toContain("immutable");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("card names and years are not cut to a few characters, and rows stay inside the page", async ({ page }) => {
    for (const path of ["/", "/titles"]) {
      await page.goto(path);
      const names = page.getByTestId("title-card-name");
      await expect(names.first()).toBeVisible();
      const measured = await names.evaluateAll((els) =>
        els.slice(0, 12).map((el) => {
          const meta = el.parentElement!.querySelector('[data-testid="title-card-meta"]') as HTMLElement;
          return {
            text: el.textContent ?? "",
            width: el.getBoundingClientRect().width,
            // A name that fits in two lines is not clamped at all.
            clamped: el.scrollHeight > el.clientHeight + 1,
            metaCut: meta.scrollWidth > meta.clientWidth + 1,
          };
        }),
      );
      for (const card of measured) {
        expect(card.width, `${path}: "${card.text}" has room`).toBeGreaterThan(120);
        if (card.text.length <= 24) expect(card.clamped, `${path}: "${card.text}" is shown whole`).toBe(false);
        expect(card.metaCut, `${path}: the year and type of "${card.text}"`).toBe(false);
      }
    }
    // Home rows scroll inside the page: the first card starts inside the page's padding.
    await page.goto("/");
    const firstCard = page.getByTestId("channel-scroller").nth(1).getByTestId("title-card-box").first();
    const box = (await firstCard.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(8);
  });
});

test("a list sorted by IMDb's rating shows IMDb's rating on every card", async ({ page }) => {
  await page.goto("/titles?sort=rating-desc");
  const ratings = page.getByTestId("title-card-box").locator("span.rounded-full");
  await expect(ratings.first()).toBeVisible();
  const texts = await ratings.allTextContents();
  expect(texts.length).toBeGreaterThan(10);
  for (const text of texts) expect(text).toMatch(/^IMDb \d\.\d$/);
  const values = texts.map((text) => Number(text.slice(5)));
  expect(values).toEqual([...values].sort((x, y) => y - x));
});

test("a guest's \"+\" on a card leads to sign-in and back; the card's menu holds Add to list", async ({ page }) => {
  await page.goto("/titles");
  const card = page.getByTestId("title-card-box").first();
  const plus = card.getByTestId("card-watchlist");
  await expect(plus).toHaveAttribute("href", "/login?redirect=%2Ftitles");
  await expect(plus).toHaveAccessibleName(/^Add .+ to your watchlist$/);
  await card.getByTestId("card-menu").locator("summary").click();
  await expect(card.getByTestId("card-add-to-list")).toBeVisible();
  await expect(card.getByTestId("card-add-to-list")).toHaveAttribute("href", /^\/lists\/add\/\d+$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test('a member\'s "+" on a card puts the title on the watchlist and comes back', async ({ page, context, baseURL }) => {
    const user = await createSignedInUser("card-plus");
    await signInContext(context, baseURL!, user);
    await page.goto("/titles?sort=name-asc");
    const card = page.getByTestId("title-card-box").first();
    const name = (await card.getByTestId("title-card-name").textContent())!;
    await card.getByTestId("card-watchlist").click();
    await expect(page).toHaveURL(/\/titles\?sort=name-asc$/);
    await page.goto("/watchlist");
    const listed = page.getByTestId("watchlist-items").getByTestId("title-card-box").filter({ hasText: name });
    await expect(listed).toHaveCount(1);
    // On the watchlist the "+" knows the state: it removes.
    await expect(listed.getByTestId("card-watchlist")).toHaveAccessibleName(`Remove ${name} from your watchlist`);
  });
});

test("the home rows' back arrow is hidden at the start and never covers a card", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const row = page
    .getByTestId("channel-row")
    .filter({ has: page.getByTestId("channel-arrow-next").locator("visible=true") })
    .first();
  const prev = row.getByTestId("channel-arrow-prev");
  const next = row.getByTestId("channel-arrow-next");
  await expect(next).toBeVisible();
  await expect(prev).toBeHidden();
  const nextBox = (await next.boundingBox())!;
  const cards = await row
    .getByTestId("channel-scroller")
    .locator("li")
    .evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON() as DOMRect));
  for (const card of cards) {
    const overlaps = nextBox.x < card.right && nextBox.x + nextBox.width > card.left && nextBox.y < card.bottom && nextBox.y + nextBox.height > card.top;
    expect(overlaps).toBe(false);
  }
  await next.click();
  await expect(prev).toBeVisible();
});
