import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { queryE2e } from "./fixtures/e2e-db";
import { darkTheme } from "./fixtures/page-types";
import { uniqueIp } from "./fixtures/test-data";

/**
 * What a new visitor sees, compared with the pictures kept in the repository
 * (tests/e2e/visual.spec.ts-snapshots/): the home page, a film's page, a
 * series' page and the title card, at desktop and phone width, in the light
 * and the dark theme, signed out. It runs in the "as-seeded" project, on the
 * seed before any other spec writes to the shared server.
 *
 * Two fresh seeded servers give pictures equal to the pixel, so the tolerance
 * is small: 100 pixels of a screen (50 of the card) may differ by more than
 * the default colour threshold. A blank poster, a lost name or a button whose
 * label vanished into its background changes far more.
 * After a deliberate change of the look: `npx playwright test visual --project as-seeded
 * --no-deps --update-snapshots=all`, look at every new picture, and commit them.
 */

const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** Screens: about the glyphs of one short word. */
const SCREEN = { maxDiffPixels: 100, animations: "disabled", caret: "hide" } as const;
/** The card alone. */
const CARD = { maxDiffPixels: 50, animations: "disabled", caret: "hide" } as const;

async function guest(browser: Browser, size: keyof typeof WIDTHS, dark: boolean) {
  const phone = size === "phone";
  const context = await browser.newContext({
    viewport: WIDTHS[size],
    isMobile: phone,
    hasTouch: phone,
    colorScheme: dark ? "dark" : "light",
    extraHTTPHeaders: { "CF-Connecting-IP": uniqueIp() },
  });
  // The cookie notice was answered: it is not what these pictures are about.
  const cookies = [{ name: "cookie_notice", value: "1", url: E2E_BASE_URL, sameSite: "Lax" as const }];
  if (dark) cookies.push({ name: "be-active-theme", value: String(await darkTheme()), url: E2E_BASE_URL, sameSite: "Lax" });
  await context.addCookies(cookies);
  return context;
}

/** Every image on the first screen has arrived and the fonts are set, so the picture is the settled page. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images to the right of a row's scroll box never load; only those on the screen count.
    const inView = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.top < window.innerHeight && box.bottom > 0 && box.left < window.innerWidth && box.right > 0;
    });
    const arrived = (img: HTMLImageElement) =>
      new Promise((done) => {
        img.addEventListener("load", done, { once: true });
        img.addEventListener("error", done, { once: true });
      });
    await Promise.all(inView.map((img) => (img.complete ? null : arrived(img))));
  });
}

async function seeded() {
  const [film] = await queryE2e<{ id: number; slug: string }>("SELECT id, slug FROM titles WHERE type = 'movie' ORDER BY popularity DESC, id LIMIT 1");
  const [series] = await queryE2e<{ id: number; slug: string }>("SELECT id, slug FROM titles WHERE type = 'series' ORDER BY popularity DESC, id LIMIT 1");
  expect(film, "the seed has a film").toBeTruthy();
  expect(series, "the seed has a series").toBeTruthy();
  return { film: `/titles/${film.id}/${film.slug}`, series: `/titles/${series.id}/${series.slug}` };
}

for (const size of ["desktop", "phone"] as const) {
  for (const dark of [false, true]) {
    const look = `${size}-${dark ? "dark" : "light"}`;
    test(`the first screen of the home page, a film, a series and a card look as they should: ${look}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const paths = await seeded();
      const context = await guest(browser, size, dark);
      try {
        const page = await context.newPage();
        for (const [name, path] of [
          ["home", "/"],
          ["film", paths.film],
          ["series", paths.series],
        ] as const) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await settle(page);
          await expect(page, `${name} at ${look}`).toHaveScreenshot(`${name}-${look}.png`, SCREEN);
        }
        await page.goto("/titles");
        await settle(page);
        const card = page.getByTestId("title-card-box").first();
        await expect(card).toBeVisible();
        await expect(card, `the card at ${look}`).toHaveScreenshot(`card-${look}.png`, CARD);
      } finally {
        await context.close();
      }
    });
  }
}
