import { expect, test } from "@playwright/test";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser } from "./fixtures/signed-in-user";
import { signedInContext, waitForApp } from "./social/helpers";

/**
 * The home page (a channel page) for a member with watchlist.use shows their
 * "Coming soon from your watchlist" row above the channel's rows; a guest's
 * home page has no personal row and is still the shared cached copy.
 */

/** A fictional unreleased film (30 days from now), made for this run. */
async function unreleasedFilm(suffix: string) {
  const id = 990_000 + Math.floor(Math.random() * 9_000);
  const name = `Lanterns Over Qerith ${suffix} ${id}`;
  const slug = `lanterns-over-qerith-${suffix}-${id}`;
  const release = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await queryE2e("INSERT INTO titles (id, type, name, slug, year, release_date, popularity) VALUES (?, 'movie', ?, ?, ?, ?, 0)", [id, name, slug, Number(release.slice(0, 4)), release]);
  return { id, name };
}

for (const javaScriptEnabled of [true, false]) {
  test(`a member sees the film they watchlisted in "Coming soon" on the home page (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({ browser, request }) => {
    const film = await unreleasedFilm(javaScriptEnabled ? "js" : "nojs");
    const member = await createSignedInUser("home-rows");
    // The watchlist button's form post, as a title page sends it.
    const added = await request.post("/watchlist", { form: { intent: "add", titleId: film.id }, headers: { Cookie: member.cookieHeader } });
    expect(added.status()).toBe(200);
    expect(await queryE2e("SELECT 1 FROM watchlist_items WHERE user_id = ? AND title_id = ?", [member.userId, film.id])).toHaveLength(1);

    const context = await signedInContext(browser, member, { javaScriptEnabled });
    const page = await context.newPage();
    // Tests running beside this one may switch the home page type for a moment (homepage-and-ads, admin settings):
    // load the home page until it is the channel home this test is about.
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByTestId("channel-page")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
    if (javaScriptEnabled) await waitForApp(page);
    const row = page.getByTestId("coming-soon-row");
    await expect(row.getByRole("heading", { name: "Coming soon from your watchlist" })).toBeVisible();
    await expect(row.getByRole("link", { name: film.name }).first()).toBeVisible();
    // The channel's own rows are still there below it.
    await expect(page.getByTestId("channel-page")).toBeVisible();
    await context.close();
  });
}

test("a guest's home page has no personal row and is served from the page cache", async ({ page, request }) => {
  const first = await request.get("/");
  expect(first.status()).toBe(200);
  // The next request is answered from a copy of the channel home page. Tests running beside this one may switch the
  // home page type for a moment (homepage-and-ads, admin settings) or bump the content version with an admin write,
  // which drops every copy: ask again until the channel home page comes from a copy.
  let html = "";
  await expect
    .poll(
      async () => {
        const again = await request.get("/");
        html = await again.text();
        return `${again.headers()["x-page-cache"]} ${html.includes('data-testid="channel-page"') ? "channel home" : "another home page"}`;
      },
      { timeout: 40_000 },
    )
    .toMatch(/^(hit|edge) channel home$/);
  expect(html).not.toContain('data-testid="member-home-rows"');
  expect(html).not.toContain("Coming soon from your watchlist");

  // In a browser, once hydrated, still none, and the member rows' code was never fetched.
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("channel-page")).toBeVisible();
  await expect(page.getByTestId("member-home-rows")).toHaveCount(0);
  expect(scripts.filter((url) => /member-home-rows/.test(url))).toEqual([]);
});
