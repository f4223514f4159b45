import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PAGE_JS_BUDGET_BYTES, shippedJavaScript } from "../../scripts/lib/page-scripts";

/**
 * Issue 2's JavaScript budget for public pages, from a guest's browser: the
 * scripts a page's HTML makes the browser load at once weigh at most 120 KB
 * gzip (counted as `npm run bench -- --only core` counts them,
 * scripts/lib/page-scripts.ts), and React Aria (the signed-in user menu,
 * popovers, the debug error dialog, the form kit) does not load at all
 * (decision 006).
 */

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

test("a guest's public pages load no React Aria, not even after hydration", async ({ page }) => {
  // The home page, the browse list (/titles) and a title page.
  const paths = ["/", "/titles", await aTitlePath(page)];
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

test("a guest's public pages ship at most 120 KB of JavaScript (gzip) at first paint", async ({ page }) => {
  const paths = ["/", await aTitlePath(page), "/titles"];
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const measured: { path: string; gzip: number }[] = [];
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
    measured.push({ path, gzip: js.gzip });
    lines.push(
      `${path}: ${kb(js.gzip)} gzip; files ${js.files.map((file) => `${file.url.replace(/^.*\//, "")} ${kb(file.gzip)}`).join(", ")}; ` +
        `inline ${js.inline.map((script) => kb(script.gzip)).join(", ")}; ` +
        `loaded after hydration: ${later.length ? later.map((script) => new URL(script).pathname).join(", ") : "nothing"}`,
    );
  }
  test.info().annotations.push({ type: "JavaScript shipped", description: lines.join("\n") });
  console.log(lines.join("\n"));
  for (const { path, gzip } of measured) {
    expect(gzip, `${path}: ${kb(gzip)} of JavaScript at first paint (budget ${kb(PUBLIC_PAGE_JS_BUDGET_BYTES)})`).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGET_BYTES);
  }
});

test("the navbar type-ahead still loads its list on the first query", async ({ page }) => {
  await page.goto("/titles");
  const box = page.getByRole("combobox", { name: "Search titles and people" });
  await box.fill("the");
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toBeVisible();
});
