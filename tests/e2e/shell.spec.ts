import { expect, test, type Page } from "@playwright/test";

/**
 * The application shell: theme toggle without a flash, language
 * switch, cookie notice, 404 page and the mobile layout, each with
 * JavaScript on and off.
 */

const DAY_S = 24 * 60 * 60;

/** The <html> start tag of the raw HTML, i.e. what the browser paints first, before any script. */
function htmlTag(html: string) {
  return /<html\b[^>]*>/i.exec(html)?.[0] ?? "";
}

/** Clicks and waits until the preference POST has been answered (fetcher with JS, form navigation without). */
async function submitPreference(page: Page, path: string, click: () => Promise<void>) {
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(path) && r.request().method() === "POST"), click()]);
}

async function cookieNamed(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}

function expectMaxAge(expires: number | undefined, seconds: number) {
  const remaining = (expires ?? 0) - Date.now() / 1000;
  expect(remaining).toBeGreaterThan(seconds - 120);
  expect(remaining).toBeLessThanOrEqual(seconds + 5);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`theme ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("the toggle switches to dark, persists for 7 days and the SSR HTML already carries it", async ({ page }) => {
      const first = await page.goto("/");
      expect(htmlTag(await first!.text())).not.toMatch(/class="[^"]*\bdark\b/);
      await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

      await submitPreference(page, "/resources/theme", () => page.getByTestId("theme-toggle").first().click());
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      const cookie = await cookieNamed(page, "be-active-theme");
      expect(cookie?.value).toMatch(/^\d+$/);
      expectMaxAge(cookie?.expires, 7 * DAY_S);
      expect(cookie?.sameSite).toBe("Lax");

      // No flash: the response of a fresh load already has the dark class and
      // the dark theme's colours on <html>, before any script could run.
      const reloaded = await page.reload();
      const tag = htmlTag(await reloaded!.text());
      expect(tag).toMatch(/class="[^"]*\bdark\b/);
      expect(tag).toMatch(/style="[^"]*--be-background:/);
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await expect(page.locator("html")).toHaveAttribute("data-theme-id", cookie!.value);

      // And back to light.
      await submitPreference(page, "/resources/theme", () => page.getByTestId("theme-toggle").first().click());
      await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      const again = await page.reload();
      expect(htmlTag(await again!.text())).not.toMatch(/class="[^"]*\bdark\b/);
    });
  });

  test.describe(`language ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("the footer picker switches the page to Spanish and remembers it", async ({ page }) => {
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      const picker = page.getByTestId("language-select");
      await submitPreference(page, "/resources/locale", async () => {
        await picker.selectOption("es");
        if (!javaScriptEnabled) await page.getByRole("button", { name: "Change" }).click();
      });
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByTestId("language-select")).toHaveValue("es");
      // The page's texts follow at once (with JavaScript: the Spanish table loads, no reload).
      await expect(page.getByRole("link", { name: "Iniciar sesión" }).first()).toBeVisible();
      const cookie = await cookieNamed(page, "be-locale");
      expect(cookie?.value).toBe("es");
      expectMaxAge(cookie?.expires, 7 * DAY_S);

      const reloaded = await page.reload();
      expect(htmlTag(await reloaded!.text())).toContain('lang="es"');
      // A translated line from the shell, not just the attribute.
      await expect(page.getByRole("link", { name: "Iniciar sesión" }).first()).toBeVisible();
    });
  });

  test.describe(`cookie notice ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("OK hides it for 30 days, also after a reload", async ({ page }) => {
      await page.goto("/");
      const notice = page.getByTestId("cookie-notice");
      await expect(notice).toBeVisible();
      await submitPreference(page, "/resources/cookie-notice", () => notice.getByRole("button", { name: "OK" }).click());
      await expect(notice).toHaveCount(0);
      const cookie = await cookieNamed(page, "cookie_notice");
      expect(cookie?.value).toBe("1");
      expect(cookie?.path).toBe("/");
      expectMaxAge(cookie?.expires, 30 * DAY_S);
      await page.reload();
      await expect(page.getByTestId("copyright")).toBeVisible();
      await expect(page.getByTestId("cookie-notice")).toHaveCount(0);
    });

    test("a guest who only browses is sent no cookie (decision 049)", async ({ page }) => {
      const setCookies: string[] = [];
      page.on("response", async (response) => {
        const value = await response.headerValue("set-cookie").catch(() => null);
        if (value) setCookies.push(`${new URL(response.url()).pathname}: ${value.split("=")[0]}`);
      });
      for (const path of ["/", "/titles", "/search?query=the", "/people"]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
      }
      // A title page, which counts the guest's view.
      await page.goto("/titles");
      await page.locator('main a[href^="/titles/"]').first().click();
      await expect(page).toHaveURL(/\/titles\/\d+\//);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(setCookies).toEqual([]);
    });
  });

  test.describe(`404 page ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("an unknown address answers 404 with a way home", async ({ page }) => {
      const response = await page.goto("/this/page/does/not-exist");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Looks like you've found the doorway to the great nothing" })).toBeVisible();
      const home = page.getByRole("link", { name: "Take me there!" });
      await expect(home).toHaveAttribute("href", "/");
      await home.click();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test.describe(`mobile layout ${mode}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("below 768 px the menu folds into a disclosure and nothing overflows", async ({ page }) => {
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      const menuButton = nav.locator("summary");
      await expect(menuButton).toBeVisible();
      // The desktop Login button is hidden; the one inside the disclosure appears when opened.
      const login = nav.getByRole("link", { name: "Sign in" });
      await expect(login.filter({ visible: true })).toHaveCount(0);
      await menuButton.click();
      await expect(login.filter({ visible: true })).toHaveCount(1);
      await login.filter({ visible: true }).click();
      await expect(page).toHaveURL(/\/login/);

      await page.goto("/");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.getByTestId("copyright")).toBeVisible();
      await expect(page.getByTestId("language-select")).toBeVisible();
    });
  });
}

test("at 768 px and wider the navbar shows its links and no disclosure", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.locator("summary")).toBeHidden();
  await expect(nav.getByRole("link", { name: "Sign in" }).filter({ visible: true })).toHaveCount(1);
});
