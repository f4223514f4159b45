import { expect, test, type Page } from "@playwright/test";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { zipSync } from "fflate";
import { createSignedInUser, signedInContext, waitForApp } from "./social/helpers";

/**
 * Screenshots of the import review screen and its progress/result (decision
 * 027): desktop 1280 and phone 390, light and dark, into
 * test-results/import-screens/ to be looked at. Also checks nothing on them
 * overflows the viewport sideways.
 */
const FIXTURES = "tests/e2e/fixtures/imports/letterboxd";
const tree = (root: string, at = ""): Record<string, Uint8Array> =>
  Object.assign(
    {},
    ...readdirSync(join(root, at)).map((name) =>
      statSync(join(root, at, name)).isDirectory() ? tree(root, `${at}${name}/`) : { [`${at}${name}`]: new Uint8Array(readFileSync(join(root, at, name))) },
    ),
  );

async function shoot(page: Page, name: string) {
  for (const [label, width, height] of [
    ["phone", 390, 844],
    ["desktop", 1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/import-screens/${name}-${label}.png`, fullPage: true });
  }
}

test("import review and progress screens, light and dark, desktop and phone", async ({ browser }) => {
  test.setTimeout(120_000);
  const user = await createSignedInUser("import-screens");
  const context = await signedInContext(browser, user);
  const page = await context.newPage();
  await page.goto("/library/import");
  await waitForApp(page);
  // The cookie notice would cover the full-page shots.
  const ok = page.getByRole("button", { name: "OK", exact: true });
  // Its answer revalidates this page; an upload sent meanwhile lost its redirect to that revalidation (seen under load).
  if (await ok.isVisible()) {
    await Promise.all([page.waitForResponse((r) => r.request().method() === "GET" && r.url().includes("/library/import.data")), ok.click()]);
  }
  await page.getByTestId("import-file").setInputFiles({ name: "letterboxd-export.zip", mimeType: "application/zip", buffer: Buffer.from(zipSync(tree(FIXTURES))) });
  await page.getByTestId("import-submit").click();
  // Reading and matching the archive is the slow step on a loaded 2-core runner.
  await expect(page.getByRole("heading", { name: "Review your import" })).toBeVisible({ timeout: 30_000 });
  const typo = page.locator('[data-testid=import-attention][data-name="The Shawshank Redemtion"]');
  await typo.getByTestId("import-search-input").fill("Shawshank");
  await typo.getByTestId("import-search").click();
  await expect(page.getByRole("radio", { name: /The Shawshank Redemption/ })).toBeChecked();
  await shoot(page, "review-light");
  await page.locator("[data-testid=theme-toggle]:visible").first().click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await shoot(page, "review-dark");
  await page.getByTestId("import-skip-rest").check();
  await page.getByTestId("import-start").click();
  await expect(page.getByTestId("import-progress")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await shoot(page, "done-dark");
  await page.locator("[data-testid=theme-toggle]:visible").first().click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await shoot(page, "done-light");
  await page.goto("/library/import");
  await shoot(page, "upload-light");
});
