import { expect, test, type Page } from "@playwright/test";

/**
 * Issue 2's JavaScript budget for public pages, from a guest's browser:
 * React Aria (the signed-in user menu, popovers, the debug error dialog, the
 * form kit) must not load at all. `npm run bench -- --only core` measures the
 * gzip sizes against the 120 KB budget (decision 006).
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

test("the navbar type-ahead still loads its list on the first query", async ({ page }) => {
  await page.goto("/titles");
  const box = page.getByRole("combobox", { name: "Search titles and people" });
  await box.fill("the");
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toBeVisible();
});
