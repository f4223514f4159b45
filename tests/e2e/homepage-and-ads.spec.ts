import { expect, test } from "@playwright/test";
import { titleWithCastAndVideo, personWithCredits, r2Video } from "./fixtures/catalogue";
import { setSettings } from "./fixtures/e2e-db";
import { HtmlValidate } from "html-validate";
import { htmlValidateConfig } from "./fixtures/html-validate-config";

/**
 * Pages that depend on settings: each homepage type and the ad slots. The
 * tests write settings straight into the e2e database and flush the server's
 * settings cache (tests/e2e/fixtures/e2e-db.ts); they run one at a time and
 * put every setting back, because the whole site sees them.
 */
test.describe.configure({ mode: "serial" });

const HOMEPAGE_DEFAULTS = { "homepage.type": undefined, "homepage.value": undefined, "homepage.trending": undefined, "homepage.pricing": undefined };
const AD_DEFAULTS = {
  "ads.general_top": undefined,
  "ads.general_bottom": undefined,
  "ads.title_top": undefined,
  "ads.person_top": undefined,
  "ads.watch_top": undefined,
};

test.beforeAll(async ({ request }) => {
  await setSettings(request, { ...HOMEPAGE_DEFAULTS, ...AD_DEFAULTS });
});

test.afterAll(async ({ request }) => {
  await setSettings(request, { ...HOMEPAGE_DEFAULTS, ...AD_DEFAULTS });
});

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`homepage ${mode}`, () => {
    test.use({ javaScriptEnabled });
    test.afterEach(async ({ request }) => {
      await setSettings(request, HOMEPAGE_DEFAULTS);
    });

    test("the landing page: header with two calls to action, features, a 3-column trending grid and the footer banner", async ({ page, request }) => {
      // The seeded homepage is the home channel (tests/e2e/channels.spec.ts); the landing page is a homepage type.
      await setSettings(request, { "homepage.type": "landingPage" });
      await page.goto("/");
      await expect(page.getByTestId("landing-header").getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("cta1")).toHaveAttribute("href", "/titles");
      await expect(page.getByTestId("cta2")).toBeVisible();
      await expect(page.getByTestId("primary-features").getByRole("listitem")).toHaveCount(3);
      await expect(page.getByTestId("secondary-features")).toBeVisible();
      const grid = page.getByTestId("trending-grid");
      await expect(grid.getByRole("listitem")).toHaveCount(9);
      await grid.scrollIntoViewIfNeeded();
      const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
      expect(columns).toBe(3);
      // Billing is on and plans are seeded: the pricing section shows them.
      await expect(page.getByTestId("landing-pricing")).toBeVisible();
      await expect(page.getByTestId("landing-footer-banner").getByTestId("cta3")).toBeVisible();
      // Its HTML (with the pricing table) is as valid as every other page type's (html-validity.spec.ts).
      const report = await new HtmlValidate(htmlValidateConfig).validateString(await (await request.get("/")).text(), "landing page");
      expect(report.results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
      // The landing page uses its own navbar menu position.
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Movies" })).toBeVisible();

      // A trending card opens its title.
      await grid.getByRole("link").first().click();
      await expect(page).toHaveURL(/\/titles\/\d+\//);
    });

    test("the trending grid and the pricing section can be switched off", async ({ page, request }) => {
      await setSettings(request, { "homepage.type": "landingPage", "homepage.trending": false, "homepage.pricing": false });
      await page.goto("/");
      await expect(page.getByTestId("landing-header")).toBeVisible();
      await expect(page.getByTestId("trending-grid")).toHaveCount(0);
      await expect(page.getByTestId("landing-pricing")).toHaveCount(0);
    });

    test("a custom page as the homepage", async ({ page, request }) => {
      await setSettings(request, { "homepage.type": "customPage", "homepage.value": "about" });
      await page.goto("/");
      await expect(page.getByTestId("custom-page").getByRole("heading", { level: 1 })).toHaveText("About us");
      await expect(page.getByTestId("landing-page")).toHaveCount(0);
      // A missing page falls back to the landing page rather than failing.
      await setSettings(request, { "homepage.value": "no-such-page" });
      await page.goto("/");
      await expect(page.getByTestId("landing-page")).toBeVisible();
    });

    test("the sign-in screen as the homepage, and signing in from it", async ({ page, request }) => {
      await setSettings(request, { "homepage.type": "loginPage" });
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      // The form posts to the homepage itself; a wrong password is answered there.
      await page.getByLabel("Email").fill("nobody@example.com");
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: /sign in|continue|log ?in/i }).click();
      await expect(page).toHaveURL(/\/(\?index)?$/);
      await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    });

    test("the registration screen as the homepage", async ({ page, request }) => {
      await setSettings(request, { "homepage.type": "registerPage" });
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Create a new account" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
    });
  });

  test.describe(`ad slots ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("slots are absent when empty", async ({ page, request }) => {
      await setSettings(request, AD_DEFAULTS);
      const movie = await titleWithCastAndVideo();
      await page.goto(`/titles/${movie.id}/${movie.slug}`);
      await expect(page.getByTestId("title-page")).toBeVisible();
      await expect(page.locator("[data-ad-slot]")).toHaveCount(0);
      await page.goto("/pages/about");
      await expect(page.locator("[data-ad-slot]")).toHaveCount(0);
    });

    test("each slot renders its HTML where the spec puts it, and ad scripts run under the CSP", async ({ page, request }) => {
      const ad = (name: string) => `<div class="test-ad" data-name="${name}">Ad ${name}</div><script>document.querySelector('[data-name="${name}"]').dataset.ran = "yes";</script>`;
      await setSettings(request, {
        "ads.general_top": ad("general_top"),
        "ads.general_bottom": ad("general_bottom"),
        "ads.title_top": ad("title_top"),
        "ads.person_top": ad("person_top"),
        "ads.watch_top": ad("watch_top"),
      });
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });

      const movie = await titleWithCastAndVideo();
      await page.goto(`/titles/${movie.id}/${movie.slug}`);
      const titleAd = page.locator('[data-ad-slot="ads.title_top"]');
      await expect(titleAd).toContainText("Ad title_top");
      // After the plot summary.
      const plotBeforeAd = await page.evaluate(() => {
        const plot = document.getElementById("plot-heading")!;
        const slot = document.querySelector('[data-ad-slot="ads.title_top"]')!;
        return Boolean(plot.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(plotBeforeAd).toBe(true);
      if (javaScriptEnabled) await expect(titleAd.locator(".test-ad")).toHaveAttribute("data-ran", "yes");

      const person = await personWithCredits();
      await page.goto(`/people/${person.id}/${person.slug}`);
      await expect(page.locator('[data-ad-slot="ads.person_top"]')).toContainText("Ad person_top");

      const video = await r2Video();
      await page.goto(`/watch/${video.id}`);
      const watchAd = page.locator('[data-ad-slot="ads.watch_top"]');
      await expect(watchAd).toContainText("Ad watch_top");
      const belowPlayer = await page.evaluate(() => {
        const player = document.querySelector('[data-testid="video-player"], [data-testid="video-embed"]')!;
        const slot = document.querySelector('[data-ad-slot="ads.watch_top"]')!;
        return Boolean(player.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(belowPlayer).toBe(true);

      await page.goto("/pages/about");
      await expect(page.locator('[data-ad-slot="ads.general_top"]')).toContainText("Ad general_top");
      await expect(page.locator('[data-ad-slot="ads.general_bottom"]')).toContainText("Ad general_bottom");
      if (javaScriptEnabled) {
        await expect(page.locator('[data-name="general_top"]')).toHaveAttribute("data-ran", "yes");
        // After a client-side navigation the slot's script runs too.
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People" }).click();
        await expect(page).toHaveURL(/\/people$/);
        await expect(page.locator('[data-name="general_top"]')).toHaveAttribute("data-ran", "yes");
      }
      expect(violations).toEqual([]);
      await setSettings(request, AD_DEFAULTS);
    });
  });
}
