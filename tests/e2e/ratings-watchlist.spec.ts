import { expect, test, type Browser, type Page } from "@playwright/test";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, type SignedInUser } from "./fixtures/signed-in-user";
import { api, signedInContext, waitForApp } from "./social/helpers";

/**
 * Decision 023, a member's library end to end, with JavaScript on and off:
 * rating a title moves the site's average; the watchlist from a card and
 * from the title page; three episodes marked watched give the progress and
 * the next episode; a private profile is refused to others; bad ratings
 * change nothing.
 */

type Title = { id: number; slug: string; name: string };

/** A seeded movie per test (distinct offsets), so parallel tests never vote on the same one. */
async function movie(offset: number): Promise<Title> {
  const [row] = await queryE2e<Title>("SELECT id, slug, name FROM titles WHERE type = 'movie' ORDER BY popularity DESC LIMIT 1 OFFSET ?", [200 + offset]);
  if (!row) throw new Error("the seed has too few movies");
  return row;
}

/** A seeded series whose season 1 has at least four episodes, one per test. */
async function series(offset: number) {
  const [row] = await queryE2e<Title & { episode_count: number }>(
    `SELECT t.id, t.slug, t.name, t.episode_count FROM titles t
     WHERE t.type = 'series' AND (SELECT count(*) FROM episodes e WHERE e.title_id = t.id AND e.season_number = 1) >= 4
     ORDER BY t.id LIMIT 1 OFFSET ?`,
    [offset],
  );
  if (!row) throw new Error("the seed has too few series with four episodes in season 1");
  const episodes = await queryE2e<{ episode_number: number; name: string }>("SELECT episode_number, name FROM episodes WHERE title_id = ? AND season_number = 1 ORDER BY episode_number", [row.id]);
  return { ...row, episodes };
}

const path = (title: Title) => `/titles/${title.id}/${encodeURIComponent(title.slug)}`;

async function page(browser: Browser, user: SignedInUser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await signedInContext(browser, user, { javaScriptEnabled });
  return context.newPage();
}

/** With JavaScript, wait until React has hydrated (the user menu becomes a button), so clicks go to fetchers. */
async function ready(p: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await waitForApp(p);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  const offset = javaScriptEnabled ? 0 : 1;

  test.describe(mode, () => {
    test("rating a title changes the site's average and count", async ({ browser, request }) => {
      const title = await movie(offset);
      const other = await createSignedInUser("rater");
      const answer = await request.post("/library/rating", { form: { intent: "rate", titleId: title.id, rating: 4 }, headers: { Cookie: other.cookieHeader } });
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toMatchObject({ ok: true, rating: 4, average: { rating: 4, voteCount: 1 } });

      const user = await createSignedInUser("rater");
      const p = await page(browser, user, javaScriptEnabled);
      await p.goto(path(title));
      await expect(p.getByTestId("title-ratings")).toContainText("Reelbase users");
      await expect(p.getByTestId("site-rating")).toContainText("4.0");
      await expect(p.getByTestId("site-rating")).toContainText("1 vote");
      await expect(p.getByTestId("my-rating")).toHaveText("Not rated yet");
      await ready(p, javaScriptEnabled);
      // Five stars = 10/10.
      await p.locator("label", { has: p.getByTestId("rate-10") }).click();
      if (!javaScriptEnabled) await p.getByTestId("rate-submit").click();
      await expect(p.getByTestId("site-rating")).toContainText("7.0");
      await expect(p.getByTestId("site-rating")).toContainText("2 votes");
      await expect(p.getByTestId("my-rating")).toHaveText("Your rating: 10/10");
      await expect(p.getByTestId("rate-10")).toBeChecked();

      // Changing the vote keeps the count; removing it takes it away.
      await p.locator("label", { has: p.getByTestId("rate-6") }).click();
      if (!javaScriptEnabled) await p.getByTestId("rate-submit").click();
      await expect(p.getByTestId("site-rating")).toContainText("5.0");
      await expect(p.getByTestId("site-rating")).toContainText("2 votes");
      await p.getByTestId("rating-remove").click();
      await expect(p.getByTestId("my-rating")).toHaveText("Not rated yet");
      await expect(p.getByTestId("site-rating")).toContainText("4.0");
      await expect(p.getByTestId("site-rating")).toContainText("1 vote");
      await p.context().close();
    });

    test("add to and remove from the watchlist on the title page and from a card", async ({ browser }) => {
      const [first, second] = [await movie(10 + offset * 2), await movie(11 + offset * 2)];
      const user = await createSignedInUser("watchlist");
      const p = await page(browser, user, javaScriptEnabled);

      // From the title page.
      await p.goto(path(first));
      await ready(p, javaScriptEnabled);
      const button = p.getByTestId("title-library").getByTestId("watchlist-button");
      await expect(button).toHaveAccessibleName("Add to watchlist");
      await button.click();
      await expect(button).toHaveAccessibleName("Remove from watchlist");
      await p.goto("/watchlist");
      await expect(p.getByTestId("watchlist-items").getByTestId("library-card")).toHaveCount(1);
      await expect(p.getByTestId("watchlist-items")).toContainText(first.name);

      // From a card: "for you" suggests titles like one I rated highly.
      await p.goto(path(second));
      await ready(p, javaScriptEnabled);
      await p.locator("label", { has: p.getByTestId("rate-9") }).click();
      if (!javaScriptEnabled) await p.getByTestId("rate-submit").click();
      await expect(p.getByTestId("my-rating")).toHaveText("Your rating: 9/10");
      await p.goto("/for-you");
      const because = p
        .getByTestId("for-you-items")
        .getByTestId("library-card")
        .filter({ hasText: `Because you rated ${second.name} 9/10` });
      await expect(because.first()).toBeVisible();
      const suggested = (await because.first().getByTestId("title-card-name").textContent())!.trim();
      const card = p
        .getByTestId("for-you-items")
        .getByTestId("library-card")
        .filter({ has: p.getByText(suggested, { exact: true }) });
      await ready(p, javaScriptEnabled);
      // The card's own "+" is the watchlist (decision 029): one control, no second button.
      await expect(card.getByTestId("watchlist-button")).toHaveCount(0);
      await expect(card.getByTestId("card-watchlist")).toHaveAccessibleName(`Add ${suggested} to your watchlist`);
      await card.getByTestId("card-watchlist").click();
      // Once listed it seeds suggestions itself and leaves "for you" (it is on the watchlist already).
      await expect(p.getByText(/Added .* to your watchlist/)).toBeVisible();
      await p.goto("/watchlist?sort=name");
      const items = p.getByTestId("watchlist-items").getByTestId("library-card");
      await expect(items).toHaveCount(2);
      await expect(p.getByTestId("watchlist-items")).toContainText(suggested);

      // Removing from a card on the watchlist page.
      await ready(p, javaScriptEnabled);
      await items.filter({ hasText: first.name }).getByTestId("card-watchlist").click();
      if (javaScriptEnabled) await expect(items.filter({ hasText: first.name })).toHaveCount(0);
      await p.goto("/watchlist");
      await expect(items).toHaveCount(1);
      await expect(p.getByTestId("watchlist-items")).not.toContainText(first.name);

      // And from the title page again.
      await p.goto(path(first));
      await expect(p.getByTestId("title-library").getByTestId("watchlist-button")).toHaveAccessibleName("Add to watchlist");

      // Search results carry the button too.
      await p.goto(`/search?query=${encodeURIComponent(first.name)}`);
      const result = p
        .getByTestId("search-titles")
        .locator("li", { has: p.getByText(first.name, { exact: true }) })
        .first();
      await ready(p, javaScriptEnabled);
      await result.getByTestId("card-watchlist").click();
      await expect(result.getByTestId("card-watchlist")).toHaveAccessibleName(`Remove ${first.name} from your watchlist`);
      await p.goto("/watchlist");
      await expect(p.getByTestId("watchlist-items")).toContainText(first.name);
      await p.context().close();
    });

    test("three episodes marked watched give the progress and the next episode", async ({ browser }) => {
      const show = await series(offset);
      const user = await createSignedInUser("viewer");
      const p = await page(browser, user, javaScriptEnabled);
      await p.goto(`${path(show)}/season/1`);
      await ready(p, javaScriptEnabled);
      for (let i = 0; i < 3; i += 1) {
        await p.getByTestId("episode-list").getByTestId("episode-mark-watched").first().getByTestId("mark-watched").click();
        await expect(p.getByTestId("episode-watched")).toHaveCount(i + 1);
      }
      await p.goto(path(show));
      const progress = p.getByTestId("series-progress");
      await expect(progress.getByTestId("progress-count")).toHaveText(`3 of ${show.episode_count} episodes`);
      await expect(progress.getByTestId("next-episode")).toHaveText(`Next: S1 E${show.episodes[3].episode_number} · ${show.episodes[3].name}`);
      await p.goto("/progress");
      const item = p.getByTestId("progress-item").filter({ hasText: show.name });
      await expect(item.getByTestId("progress-count")).toHaveText(`3 of ${show.episode_count} episodes`);
      await expect(item.getByTestId("next-episode")).toContainText(show.episodes[3].name);
      await p.goto("/history");
      await expect(p.getByTestId("history-item")).toHaveCount(3);
      await p.context().close();
    });

    test("a private profile is refused to others and shown to its owner", async ({ browser }) => {
      const owner = await createSignedInUser("private");
      const p = await page(browser, owner, javaScriptEnabled);
      await p.goto("/account-settings#profile-privacy");
      const profileLink = await p.getByTestId("profile-privacy-form").getByRole("link", { name: "View my profile" }).getAttribute("href");
      await ready(p, javaScriptEnabled);
      await p.getByTestId("profile-private").check();
      await p.getByTestId("profile-privacy-save").click();
      await expect(p.getByText("Your profile is now private")).toBeVisible();

      const visitor = await createSignedInUser("visitor");
      const q = await page(browser, visitor, javaScriptEnabled);
      const refused = await q.goto(profileLink!);
      expect(refused?.status()).toBe(403);
      await expect(q.getByTestId("profile-private")).toHaveText(/This profile is private/);
      await expect(q.getByTestId("user-profile")).toHaveCount(0);
      // A guest is asked to sign in first (the site's rule for any refused page).
      const guest = await browser.newContext({ javaScriptEnabled });
      const guestPage = await guest.newPage();
      await guestPage.goto(profileLink!);
      await expect(guestPage).toHaveURL(/\/login\?redirect=/);
      await expect(guestPage.getByTestId("user-profile")).toHaveCount(0);

      const own = await p.goto(profileLink!);
      expect(own?.status()).toBe(200);
      await expect(p.getByTestId("user-profile")).toContainText("Your profile is private");
      await Promise.all([p.context().close(), q.context().close(), guest.close()]);
    });
  });
}

test("bad ratings (0, 11, 7.5, x) get a field error and change nothing", async ({ request }) => {
  const title = await movie(30);
  const user = await createSignedInUser("bad-rating");
  const ok = await request.post("/library/rating", { form: { intent: "rate", titleId: title.id, rating: 8 }, headers: { Cookie: user.cookieHeader } });
  expect(ok.status()).toBe(200);
  const before = await queryE2e("SELECT rating, vote_count FROM titles WHERE id = ?", [title.id]);
  for (const rating of ["0", "11", "7.5", "x", ""]) {
    const response = await request.post("/library/rating", { form: { intent: "rate", titleId: title.id, rating }, headers: { Cookie: user.cookieHeader } });
    expect(response.status(), `rating ${rating}`).toBe(422);
    expect((await response.json()).errors.rating).toEqual(["Choose a rating from 1 to 10."]);
  }
  // An unknown title: 404, nothing written.
  expect((await request.post("/library/rating", { form: { intent: "rate", titleId: 999999999, rating: 5 }, headers: { Cookie: user.cookieHeader } })).status()).toBe(404);
  expect(await queryE2e("SELECT rating, vote_count FROM titles WHERE id = ?", [title.id])).toEqual(before);
  expect(await queryE2e("SELECT rating FROM ratings WHERE user_id = ?", [user.userId])).toEqual([{ rating: 8 }]);

  // Without JavaScript: back to the page with the message, still nothing changed.
  const noJs = await request.post("/library/rating", { form: { intent: "rate", titleId: title.id, rating: "7.5", redirectTo: path(title) }, headers: { Cookie: user.cookieHeader }, maxRedirects: 0 });
  expect(noJs.status()).toBe(303);
  expect(noJs.headers().location).toBe(path(title));
  expect(await queryE2e("SELECT rating FROM ratings WHERE user_id = ?", [user.userId])).toEqual([{ rating: 8 }]);
  // A guest is sent to sign in.
  const guest = await request.post("/library/rating", { form: { intent: "rate", titleId: title.id, rating: 5 }, maxRedirects: 0 });
  expect(guest.status()).toBe(302);
});

test("API v1: ratings, watchlist, history, progress and profiles; bad ratings are 422 and change nothing", async ({ request }) => {
  const title = await movie(31);
  const show = await series(2);
  const user = await createSignedInUser("library-api");
  for (const rating of [0, 11, 7.5, "x"]) {
    const bad = await api(request, user, "POST", "/ratings", { title_id: title.id, rating });
    expect(bad.status, `rating ${rating}`).toBe(422);
    expect(bad.body.errors.rating).toBeTruthy();
  }
  expect((await api(request, user, "GET", "/ratings")).body.data).toEqual([]);
  expect((await api(request, user, "POST", "/ratings", { title_id: 999999999, rating: 5 })).status).toBe(404);

  const rated = await api(request, user, "POST", "/ratings", { title_id: title.id, rating: 8 });
  expect(rated).toMatchObject({ status: 200, body: { rating: 8, title_id: title.id, average: { vote_count: expect.any(Number) } } });
  const mine = await api(request, user, "GET", "/ratings");
  expect(mine.body.data).toEqual([expect.objectContaining({ rating: 8, title: expect.objectContaining({ id: title.id }) })]);

  expect((await api(request, user, "POST", "/watchlist", { title_id: title.id })).body).toMatchObject({ in_watchlist: true });
  expect((await api(request, user, "GET", "/watchlist")).body.data.map((t: { id: number }) => t.id)).toEqual([title.id]);
  expect((await api(request, user, "DELETE", `/watchlist/${title.id}`)).body).toMatchObject({ in_watchlist: false });

  expect((await api(request, user, "POST", "/history", { title_id: show.id, scope: "item", season: 1, episode: 1 })).status).toBe(201);
  expect((await api(request, user, "POST", "/history", { title_id: show.id, watched_on: "2999-01-01", scope: "season", season: 1 })).status).toBe(422);
  const progress = await api(request, user, "GET", "/progress");
  expect(progress.body.data[0]).toMatchObject({ title: { id: show.id }, watched_episodes: 1, next: { season_number: 1, episode_number: show.episodes[1].episode_number } });

  const profile = await api(request, null, "GET", `/profiles/${user.userId}`);
  expect(profile.body.profile).toMatchObject({ counts: { ratings: 1, watchlist: 0, watched: 1 }, recent_ratings: [expect.objectContaining({ id: title.id, rating: 8 })] });
  expect((await api(request, user, "PUT", "/users/me/profile-privacy", { private: true })).status).toBe(200);
  expect((await api(request, null, "GET", `/profiles/${user.userId}`)).status).toBe(403);
  expect((await api(request, user, "GET", `/profiles/${user.userId}`)).status).toBe(200);
});
