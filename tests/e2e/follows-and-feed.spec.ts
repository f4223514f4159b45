import { expect, test, type Browser, type Page } from "@playwright/test";
import { queryE2e } from "./fixtures/e2e-db";
import { uniqueIp } from "./fixtures/test-data";
import { createSignedInUser, signedInContext, uniqueName, waitForApp, type SignedInUser } from "./social/helpers";

/**
 * Follows and the activity feed (decision 033), each flow with JavaScript on
 * and off: two new members follow each other from their profiles; one rates,
 * logs (a dated viewing) and reviews a film; the other sees it in /feed and
 * among "People you follow" on the film's page, her review first among its
 * reviews (not for a guest). A private profile's follow
 * request is approved on the requests page. A block hides the blocker's
 * profile (not found) and refuses a reply. Titles and people are invented.
 */

async function newTitle() {
  const name = uniqueName("Saltmarsh Lanterns");
  const slug = name.toLowerCase().replace(/\W+/g, "-");
  const [row] = await queryE2e<{ id: number; slug: string }>(`INSERT INTO titles (type, name, slug, year) VALUES ('movie', ?, ?, 1988) RETURNING id, slug`, [name, slug]);
  return { ...row!, name, path: `/titles/${row!.id}/${row!.slug}` };
}

/** A member with a display name, older than the "new account" window (their reviews are published at once). */
async function member(name: string) {
  const user = await createSignedInUser("follows");
  const displayName = uniqueName(name);
  await queryE2e(`UPDATE users SET display_name = ?, created_at = unixepoch() - 30 * 86400 WHERE id = ?`, [displayName, user.userId]);
  return { ...user, name: displayName, profile: `/user/${user.userId}/x` };
}

async function pageAs(browser: Browser, user: SignedInUser, javaScriptEnabled: boolean) {
  const context = await signedInContext(browser, user, { javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": uniqueIp() } });
  return context.newPage();
}

/** Opens a page and, with JavaScript, waits until React has hydrated so clicks go to fetchers. */
async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  if (javaScriptEnabled && response && response.status() < 400) await waitForApp(page);
  return response;
}

/** Clicks a button of a form that posts, and waits for the POST's answer (and, without JavaScript, the page it leads back to). */
async function post(page: Page, button: ReturnType<Page["getByTestId"]>) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await button.click();
  await answered;
  await page.waitForLoadState("load");
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test(`${mode}: two members follow each other; one rates, logs and reviews a film; the other sees it in the feed and on the film's page`, async ({ browser }) => {
    // Two members, six pages each way and two guest pages: more than the default minute on a loaded machine.
    test.slow();
    const ana = await member("Ana Feedwright");
    const ben = await member("Ben Followell");
    const film = await newTitle();

    // Ben follows Ana from her profile, Ana follows Ben back from his.
    const benPage = await pageAs(browser, ben, javaScriptEnabled);
    await open(benPage, ana.profile, javaScriptEnabled);
    await expect(benPage.getByRole("heading", { level: 1 })).toHaveText(ana.name);
    await expect(benPage.getByTestId("follow-button")).toHaveText("Follow");
    await post(benPage, benPage.getByTestId("follow-button"));
    await expect(benPage.getByTestId("follow-button")).toHaveText("Following");
    await expect(benPage.getByTestId("followers-link")).toContainText("1");

    const anaPage = await pageAs(browser, ana, javaScriptEnabled);
    await open(anaPage, ben.profile, javaScriptEnabled);
    await post(anaPage, anaPage.getByTestId("follow-button"));
    await expect(anaPage.getByTestId("follow-button")).toHaveText("Following");
    // Ben's followers page lists Ana (the stale slug redirects to the right address).
    await open(anaPage, `${ben.profile}/followers`, javaScriptEnabled);
    await expect(anaPage.getByTestId("follow-list")).toContainText(ana.name);

    // Ana rates the film 8/10, logs a viewing on a chosen day, and reviews it.
    await open(anaPage, film.path, javaScriptEnabled);
    await anaPage.locator("label", { has: anaPage.getByTestId("rate-8") }).click();
    if (!javaScriptEnabled) await post(anaPage, anaPage.getByTestId("rate-submit"));
    await expect(anaPage.getByTestId("my-rating")).toHaveText("Your rating: 8/10");
    // A film is logged on its own page (decision 030), the same form the title page's dialog posts.
    await open(anaPage, `${film.path}/log`, javaScriptEnabled);
    await anaPage.getByTestId("log-date").fill("2026-11-14");
    await post(anaPage, anaPage.getByTestId("log-submit"));
    await open(anaPage, `${film.path}/reviews`, javaScriptEnabled);
    const form = anaPage.getByTestId("review-form");
    await form.locator('select[name="score"]').selectOption("8");
    const headline = uniqueName("Fog that glows");
    await form.getByLabel("Title of your review").fill(headline);
    await form.getByLabel("Your review", { exact: true }).fill("The marsh scenes carry the whole film, and the ending earns its quiet.");
    await post(anaPage, anaPage.getByTestId("review-submit"));
    await expect(anaPage).toHaveURL(/\/reviews\/\d+$/);

    // Ben's feed: the review, the viewing and the rating, newest first, each linking to the film and to Ana.
    await open(benPage, "/feed", javaScriptEnabled);
    const items = benPage.getByTestId("feed-item");
    await expect(items.first()).toContainText(`${ana.name} reviewed ${film.name}`);
    await expect(items.first().getByTestId("feed-review")).toContainText(headline);
    await expect(benPage.locator("[data-testid=feed-item][data-kind=watch]")).toContainText(`${ana.name} watched ${film.name}`);
    await expect(benPage.locator("[data-testid=feed-item][data-kind=watch]")).toContainText("November 14, 2026");
    await expect(benPage.locator("[data-testid=feed-item][data-kind=rating]")).toContainText("8/10");
    await expect(items.first().getByTestId("feed-title")).toHaveAttribute("href", film.path);
    await expect(items.first().getByTestId("feed-person")).toHaveAttribute("href", new RegExp(`^/user/${ana.userId}/`));

    // The film's page: Ana among "People you follow", her rating, the average.
    await open(benPage, film.path, javaScriptEnabled);
    const friends = benPage.getByTestId("title-friends");
    await expect(friends).toContainText("People you follow");
    await expect(friends.getByTestId("friends-ratings")).toContainText(ana.name);
    await expect(friends.getByTestId("friends-ratings")).toContainText("8/10");
    await expect(friends.getByTestId("friends-average")).toContainText("Average 8.0/10 from 1 rating");
    // Her review leads the reviews inside the list itself, marked "You follow", ahead of a stranger's more helpful one.
    const stranger = await member("Sol Stranger");
    await queryE2e(`INSERT INTO reviews (user_id, title_id, episode_id, score, headline, body, body_html, helpful_count) VALUES (?, ?, 0, 6, 'Helpful stranger', 'Fine.', '<p>Fine.</p>', 50)`, [
      stranger.userId,
      film.id,
    ]);
    await open(benPage, film.path, javaScriptEnabled);
    const listed = benPage.getByTestId("title-reviews").getByTestId("review");
    await expect(listed.first().getByTestId("review-headline")).toHaveText(headline);
    await expect(listed.first().getByTestId("review-followed")).toHaveText("You follow");
    await expect(listed.nth(1).getByTestId("review-headline")).toHaveText("Helpful stranger");
    await expect(benPage.getByTestId("review-followed")).toHaveCount(1);
    await open(benPage, `${film.path}/reviews`, javaScriptEnabled);
    const all = benPage.getByTestId("review-list").getByTestId("review");
    await expect(all.first().getByTestId("review-headline")).toHaveText(headline);
    await expect(all.first().getByTestId("review-followed")).toHaveText("You follow");
    await expect(all).toHaveCount(2);

    // A guest's copy of the same pages: no "People you follow", the usual order, nothing marked.
    const guest = await browser.newPage();
    await guest.goto(film.path);
    await expect(guest.getByTestId("title-name")).toBeVisible();
    await expect(guest.getByTestId("title-friends")).toHaveCount(0);
    await expect(guest.getByTestId("title-reviews").getByTestId("review").first().getByTestId("review-headline")).toHaveText("Helpful stranger");
    await expect(guest.getByTestId("review-followed")).toHaveCount(0);
    await guest.goto(`${film.path}/reviews`);
    await expect(guest.getByTestId("review-list").getByTestId("review").first().getByTestId("review-headline")).toHaveText("Helpful stranger");
    await expect(guest.getByTestId("review-followed")).toHaveCount(0);
  });

  test(`${mode}: a private profile's follow request is approved by its owner`, async ({ browser }) => {
    const owner = await member("Orla Private");
    const asker = await member("Ari Asker");
    await queryE2e(`INSERT INTO library_profiles (user_id, private) VALUES (?, 1) ON CONFLICT (user_id) DO UPDATE SET private = 1`, [owner.userId]);

    const askerPage = await pageAs(browser, asker, javaScriptEnabled);
    const refused = await askerPage.goto(owner.profile);
    expect(refused?.status()).toBe(403);
    await expect(askerPage.getByTestId("profile-private")).toContainText("This profile is private");
    if (javaScriptEnabled) await waitForApp(askerPage);
    await post(askerPage, askerPage.getByTestId("follow-button"));
    await expect(askerPage.getByTestId("follow-button")).toHaveText("Requested");

    const ownerPage = await pageAs(browser, owner, javaScriptEnabled);
    await open(ownerPage, "/follow-requests", javaScriptEnabled);
    const row = ownerPage.getByTestId("member-row").filter({ hasText: asker.name });
    await expect(row).toBeVisible();
    await post(ownerPage, row.getByTestId("social-accept"));
    await expect(ownerPage.getByTestId("follow-requests-empty")).toBeVisible();

    const allowed = await askerPage.goto(owner.profile);
    expect(allowed?.status()).toBe(200);
    await expect(askerPage.getByTestId("user-profile")).toBeVisible();
    await expect(askerPage.getByTestId("follow-button")).toHaveText("Following");
  });

  test(`${mode}: a block hides the blocker's profile and refuses a reply`, async ({ browser }) => {
    const blocker = await member("Bea Keeper");
    const blocked = await member("Cal Quietly");
    const film = await newTitle();
    const [review] = await queryE2e<{ id: number }>(
      `INSERT INTO reviews (user_id, title_id, score, headline, body, body_html) VALUES (?, ?, 7, 'Lanterns and mud', 'Worth it.', '<p>Worth it.</p>') RETURNING id`,
      [blocker.userId, film.id],
    );
    const reviewPage = `${film.path}/reviews/${review!.id}`;

    const blockedPage = await pageAs(browser, blocked, javaScriptEnabled);
    expect((await blockedPage.goto(blocker.profile))?.status()).toBe(200);

    const blockerPage = await pageAs(browser, blocker, javaScriptEnabled);
    await open(blockerPage, blocked.profile, javaScriptEnabled);
    await post(blockerPage, blockerPage.getByTestId("social-block"));
    await expect(blockerPage.getByTestId("social-unblock")).toBeVisible();

    // The blocked member: the blocker's profile is simply not found (nothing says "blocked").
    const hidden = await blockedPage.goto(blocker.profile);
    expect(hidden?.status()).toBe(404);
    await expect(blockedPage.locator("body")).not.toContainText(/block/i);

    // Their comment on the blocker's review is refused; no row is written.
    await open(blockedPage, reviewPage, javaScriptEnabled);
    await blockedPage.getByTestId("comment-form").getByLabel("Add a comment").fill("Can I answer this?");
    await post(blockedPage, blockedPage.getByTestId("comment-form").getByRole("button"));
    await expect(blockedPage.locator("body")).toContainText("Nothing here.");
    const rows = await queryE2e<{ n: number }>(`SELECT count(*) AS n FROM comments WHERE user_id = ?`, [blocked.userId]);
    expect(rows[0]!.n).toBe(0);
  });
}
