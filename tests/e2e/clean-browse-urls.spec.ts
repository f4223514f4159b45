import { expect, test } from "@playwright/test";

/** Browse addresses carry only the filters that are set (decision 031), with and without JavaScript. */
test("an address with empty parameters redirects to the clean one", async ({ request }) => {
  const response = await request.get("/titles?genre=&type=movie&year=&sort=", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/titles?type=movie");
  const people = await request.get("/people?department=&gender=", { maxRedirects: 0 });
  expect(people.headers().location).toBe("/people");
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test("applying the filters lands on an address without empty parameters", async ({ page }) => {
      await page.goto("/titles");
      await page.getByTestId("apply-filters").click();
      await page.waitForLoadState("load");
      await expect(page).toHaveURL(/\/titles(\?[^=&]+=[^&]+(&[^=&]+=[^&]+)*)?$/);
      expect(page.url()).not.toMatch(/=(&|$)/);
    });
  });
}
