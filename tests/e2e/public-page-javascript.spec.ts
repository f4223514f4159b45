import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGE_JS_BUDGET_BYTES, PUBLIC_PAGE_JS_MARGIN_BYTES, shippedJavaScript } from "../../scripts/lib/page-scripts";

/**
 * The public-page JavaScript budget (decision 006), from a guest's browser: the
 * scripts a page's HTML makes the browser load at once weigh at most 120 KB
 * gzip (counted as `npm run bench -- --only core` counts them,
 * scripts/lib/page-scripts.ts) with decision 026's 8 KB margin kept free (so at
 * most 112 KB), and React Aria (the signed-in user menu, popovers, the debug
 * error dialog, the form kit) does not load at all (decisions 006 and 026).
 */

/** What a measured public page may weigh: the budget less the margin kept free. */
const PAGE_LIMIT_BYTES = PUBLIC_PAGE_JS_BUDGET_BYTES - PUBLIC_PAGE_JS_MARGIN_BYTES;

/** React Aria Components' default class names: present in every chunk that carries it. */
const REACT_ARIA_SIGNATURE = "react-aria-";

async function scriptsLoadedBy(page: Page, path: string) {
  const bodies = new Map<string, string>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    try {
      bodies.set(new URL(response.url()).pathname, await response.text());
    } catch {
      // A script answered after the page moved on; nothing to read.
    }
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return bodies;
}

async function aTitlePath(page: Page) {
  const html = await (await page.request.get("/titles")).text();
  const path = /href="(\/titles\/\d+\/[^"?#]+)"/.exec(html)?.[1];
  expect(path, "the seeded catalogue has titles").toBeTruthy();
  return path!;
}

/** A person named on a title page (its cast or crew). */
async function aPersonPath(page: Page, titlePath: string) {
  const html = await (await page.request.get(titlePath)).text();
  const path = /href="(\/people\/\d+\/[^"?#]+)"/.exec(html)?.[1];
  expect(path, `${titlePath} names a person`).toBeTruthy();
  return path!;
}

/** The public pages measured: home, the browse list, a title page, a person page and a search. */
async function publicPaths(page: Page) {
  const title = await aTitlePath(page);
  return ["/", "/titles", title, await aPersonPath(page, title), "/search?query=the"];
}

test("a guest's public pages load no React Aria, not even after hydration", async ({ page }) => {
  const paths = await publicPaths(page);
  for (const path of paths) {
    const scripts = await scriptsLoadedBy(page, path);
    expect(scripts.size, `${path} loads scripts`).toBeGreaterThan(0);
    const withAria = [...scripts].filter(([, body]) => body.includes(REACT_ARIA_SIGNATURE)).map(([url]) => url);
    expect(withAria, `React Aria chunks loaded by ${path}`).toEqual([]);
  }
});

/**
 * The page as a guest's browser gets it: the HTML of the navigation and the
 * bytes of every script the browser fetched while loading it.
 */
async function loadAsGuest(page: Page, path: string) {
  const received = new Map<string, Uint8Array>();
  const reading: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    reading.push(
      response.body().then(
        (body) => void received.set(response.url(), new Uint8Array(body)),
        () => {},
      ),
    );
  });
  const navigation = await page.goto(path);
  expect(navigation?.status(), `${path} answers`).toBe(200);
  const html = await navigation!.text();
  await page.waitForLoadState("networkidle");
  await Promise.all(reading);
  return { html, url: navigation!.url(), received };
}

/** What each page ships, measured as the bench measures it; the lines are annotated and printed. */
async function measurePages(page: Page, paths: string[], label: string) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const measured: { path: string; gzip: number; html: string }[] = [];
  const lines: string[] = [];
  for (const path of paths) {
    const { html, url, received } = await loadAsGuest(page, path);
    // Every script the HTML names, with the bytes this browser received for it.
    const js = await shippedJavaScript(html, url, async (script) => {
      const bytes = received.get(script);
      expect(bytes, `the browser loaded ${new URL(script).pathname}, which ${path} names`).toBeDefined();
      return bytes!;
    });
    expect(js.foreign, `${path} loads no script from another origin`).toEqual([]);
    expect(js.files.length, `${path} loads its scripts`).toBeGreaterThan(0);
    const later = [...received.keys()].filter((script) => !js.files.some((file) => file.url === new URL(script).pathname));
    measured.push({ path, gzip: js.gzip, html });
    lines.push(
      `${label} ${path}: ${kb(js.gzip)} gzip; files ${js.files.map((file) => `${file.url.replace(/^.*\//, "")} ${kb(file.gzip)}`).join(", ")}; ` +
        `inline ${js.inline.map((script) => kb(script.gzip)).join(", ")}; ` +
        `loaded after hydration: ${later.length ? later.map((script) => new URL(script).pathname).join(", ") : "nothing"}`,
    );
  }
  test.info().annotations.push({ type: "JavaScript shipped", description: lines.join("\n") });
  console.log(lines.join("\n"));
  for (const { path, gzip } of measured) {
    expect(gzip, `${label} ${path}: ${kb(gzip)} of JavaScript at first paint (budget ${kb(PUBLIC_PAGE_JS_BUDGET_BYTES)} less the ${kb(PUBLIC_PAGE_JS_MARGIN_BYTES)} margin)`).toBeLessThanOrEqual(
      PAGE_LIMIT_BYTES,
    );
  }
  return measured;
}

test("a guest's public pages ship at most 112 KB of JavaScript (gzip) at first paint: the 120 KB budget with 8 KB to spare", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const measured = await measurePages(page, await publicPaths(page), "en");
  // English is the keys' own text: no lines embedded, none loaded later.
  for (const { html } of measured) expect(html).not.toContain("__beLines");
  expect(requested.filter((path) => path.startsWith("/resources/i18n/"))).toEqual([]);
});

/**
 * A translated page ships only the lines it rendered (an inline script, not
 * the language's whole table in the root data) and loads the whole table as
 * JSON once it is interactive (app/i18n/page-lines.tsx, decision 006).
 */
for (const { language, locale, login } of [
  { language: "es", locale: "es-ES", login: "Iniciar sesión" },
  { language: "fr", locale: "fr-FR", login: "Connexion" },
]) {
  test.describe(`a guest reading in ${language}`, () => {
    test.use({ locale });

    test("public pages ship at most 112 KB of JavaScript (gzip), in the language, without a hydration error", async ({ page }) => {
      const errors = collectErrors(page);
      const tables: { url: string; status: number; cacheControl: string | undefined }[] = [];
      page.on("response", (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith("/resources/i18n/")) tables.push({ url: url.pathname + url.search, status: response.status(), cacheControl: response.headers()["cache-control"] });
      });
      const measured = await measurePages(page, await publicPaths(page), language);
      for (const { path, html } of measured) {
        expect(htmlLang(html), path).toBe(language);
        expect(html, `${path} is rendered in ${language}`).toContain(`>${login}<`);
        // Only the page's own lines: the root data no longer carries the table.
        expect(html, `${path} embeds its lines`).toContain("__beLines=");
        expect(html).not.toMatch(/<(script|link)\b[^>]*\/resources\/i18n\//);
        expect(lineCount(html), `${path} ships only the lines it rendered`).toBeLessThan(200);
      }
      await expect(page.getByRole("link", { name: login }).first()).toBeVisible();
      // The whole table, loaded after hydration by its version, kept by the browser for a year.
      await expect.poll(() => tables.length).toBeGreaterThan(0);
      for (const table of tables) {
        expect(table.url).toMatch(new RegExp(`^/resources/i18n/${language}\\?v=[a-z0-9]+$`));
        expect(table.status).toBe(200);
        expect(table.cacheControl).toBe("public, max-age=31536000, immutable");
      }
      expect(errors).toEqual([]);
    });
  });
}

test.describe("a Spanish guest navigating", () => {
  test.use({ locale: "es-ES" });

  test("a client-side navigation shows the next page in Spanish, with lines the first page did not render", async ({ page }) => {
    const errors = collectErrors(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    // The whole Spanish table loads once the page is hydrated.
    const table = page.waitForResponse((response) => new URL(response.url()).pathname === "/resources/i18n/es");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect((await table).status()).toBe(200);
    await page.getByRole("navigation").getByRole("link", { name: "Películas" }).first().click();
    await expect(page).toHaveURL(/\/titles\?type=movie/);
    await expect(page.getByRole("button", { name: "Aplicar filtros" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply filters" })).toHaveCount(0);
    // The cookie notice hydrates with the table (its lines are not inline) and answers with JavaScript.
    const notice = page.getByRole("region", { name: "Aviso de cookies" });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Aceptar" }).click();
    await expect(notice).toHaveCount(0);
    expect(documents, "the page was not loaded again").toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

function htmlLang(html: string) {
  return /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1];
}

function lineCount(html: string) {
  const json = /__beLines=(\{.*?\})<\/script>/s.exec(html)?.[1];
  return json ? Object.keys(JSON.parse(json) as Record<string, string>).length : 0;
}

/** Console errors and uncaught exceptions (a hydration mismatch is reported as one). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test("the navbar type-ahead still loads its list on the first query", async ({ page }) => {
  await page.goto("/titles");
  const box = page.getByRole("combobox", { name: "Search titles and people" });
  await box.fill("the");
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toBeVisible();
});

/**
 * React Router's navigation code (its data strategy, loaders' and actions'
 * calls, fetchers, redirects) is not part of the first
 * paint: it loads on the visitor's first interaction, and a click still
 * navigates on the client, back included (scripts/vite/lazy-router-navigation.ts).
 */
test("React Router's navigation code loads on the first interaction, and client navigation works", async ({ page }) => {
  const errors = collectErrors(page);
  const scripts: string[] = [];
  const documents: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "script") scripts.push(url.pathname);
    if (request.resourceType() === "document") documents.push(url.pathname);
  });
  await page.goto("/titles");
  await page.waitForLoadState("networkidle");
  const navigationChunk = (path: string) => /\/router-navigation-[\w-]+\.js$/.test(path);
  expect(scripts.filter(navigationChunk), "not loaded before the visitor does anything").toEqual([]);
  const link = page.locator('main a[href^="/titles/"]').first();
  const href = (await link.getAttribute("href"))!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.locator("h1").first()).toBeVisible();
  expect(scripts.filter(navigationChunk)).toHaveLength(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/titles$/);
  await expect(page.getByRole("button", { name: "Apply filters" })).toBeVisible();
  expect(documents, "both navigations happened in the page").toEqual(["/titles"]);
  expect(errors).toEqual([]);
});

test.describe("a guest in Madrid", () => {
  test.use({ timezoneId: "Europe/Madrid" });

  test("the browser's time zone reaches the server as a cookie once the page is idle after hydration", async ({ page }) => {
    await page.goto("/titles");
    const zone = async () => (await page.context().cookies()).find((cookie) => cookie.name === "be-timezone")?.value;
    await expect.poll(zone).toBe(encodeURIComponent("Europe/Madrid"));
  });
});
