import { expect, test, type Browser, type Page } from "@playwright/test";
import { queryE2e, setSettings } from "./fixtures/e2e-db";
import { uniqueIp } from "./fixtures/test-data";
import { api, createSignedInUser, demoAdmin, signedInContext, uniqueName, type SignedInUser } from "./social/helpers";

/**
 * Reviews and comments end to end (decision 025), each flow with JavaScript on
 * and off: write a review with a spoiler, see it on the title page, vote it
 * helpful and reply from another account, the author is notified; report a
 * comment and an admin hides it; a held post from a new account appears only
 * after approval. Markup people type (<img onerror>, javascript: links,
 * </script>) shows as text everywhere and never runs. Bad input is refused
 * with a field message or a 4xx and changes no row.
 */

const XSS = `<img src=x onerror=alert(1)> </script><script>alert(2)</script>`;

async function newTitle() {
  const name = uniqueName("Lantern Harbour");
  const slug = name.toLowerCase().replace(/\W+/g, "-");
  const [row] = await queryE2e<{ id: number; slug: string }>(`INSERT INTO titles (type, name, slug) VALUES ('movie', ?, ?) RETURNING id, slug`, [name, slug]);
  return { ...row!, name, path: `/titles/${row!.id}/${row!.slug}` };
}

/** An account older than the "new account" window (only the held-post test wants a new one). */
async function seasonedUser(prefix: string) {
  const user = await createSignedInUser(prefix);
  await queryE2e(`UPDATE users SET created_at = unixepoch() - 30 * 86400 WHERE id = ?`, [user.userId]);
  return user;
}

async function pageAs(browser: Browser, user: SignedInUser, javaScriptEnabled: boolean) {
  const context = await signedInContext(browser, user, { javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": uniqueIp() } });
  const page = await context.newPage();
  // Nothing anyone typed may ever run.
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  return page;
}

/** Submits a form and waits for the page it lands on (a full navigation without JS; a client one with it). */
/**
 * Submits a form and waits for its POST's answer, then for the page it leads to. Waiting for the URL
 * alone returns at once when the form posts to the page already shown (the moderation queue), before
 * the POST has left: with JavaScript, the first submit of a page first loads React Router's navigation
 * chunk (decision 026), and a context closed in between never sent it.
 */
async function submit(page: Page, button: ReturnType<Page["getByTestId"]>, url: RegExp) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await button.click();
  await answered;
  await page.waitForURL(url);
  await page.waitForLoadState("load");
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`${mode}: a review with a spoiler, on the title page, voted helpful and answered from another account; the author is notified`, async ({ browser, request }) => {
    test.slow();
    const title = await newTitle();
    const author = await seasonedUser("reviewer");
    const reader = await seasonedUser("reader");

    const page = await pageAs(browser, author, js);
    await page.goto(`${title.path}/reviews`);
    const form = page.getByTestId("review-form");
    await form.getByLabel("Your rating", { exact: true }).selectOption("8");
    await form.getByLabel("Title of your review").fill(`Tides ${XSS}`);
    await form.getByLabel("Your review", { exact: true }).fill(`The ending turns everything around. ${XSS}\n\n[click](javascript:alert(3)) and https://example.test/notes`);
    await form.getByLabel("This review contains spoilers").check();
    await submit(page, page.getByTestId("review-submit"), /\/reviews\/\d+$/);
    const reviewUrl = page.url();
    const reviewId = Number(reviewUrl.split("/").pop());

    const card = page.getByTestId("review");
    await expect(card.getByTestId("review-headline")).toHaveText(`Tides ${XSS}`);
    // The spoiler is folded away until "Show spoilers" is opened.
    await expect(card.getByTestId("review-body")).toBeHidden();
    await card.getByText("Show spoilers").click();
    const body = card.getByTestId("review-body");
    await expect(body).toContainText("<img src=x onerror=alert(1)>");
    await expect(body).toContainText("[click](javascript:alert(3))");
    await expect(body.locator("img, script")).toHaveCount(0);
    await expect(body.locator("a")).toHaveAttribute("href", "https://example.test/notes");
    await expect(body.locator("a")).toHaveAttribute("rel", "nofollow ugc");

    await page.goto(title.path);
    const section = page.getByTestId("title-reviews");
    await expect(section.getByTestId("title-reviews-stats")).toContainText("1 review");
    await expect(section.getByTestId("review-headline")).toHaveText(`Tides ${XSS}`);
    await expect(section.getByTestId("review-spoiler")).not.toHaveAttribute("open");
    await expect(section.getByTestId("write-review-link")).toHaveText("Your review");
    await page.context().close();

    const other = await pageAs(browser, reader, js);
    await other.goto(`${title.path}/reviews`);
    await submit(other, other.getByTestId("review").getByTestId("vote-helpful"), /\/reviews(\?.*)?$/);
    await expect(other.getByTestId("review").getByTestId("review-helpful")).toContainText("1 person found this helpful");
    await expect(other.getByTestId("vote-helpful")).toHaveAttribute("aria-pressed", "true");

    await other.goto(reviewUrl);
    await other.getByTestId("comment-form").getByLabel("Add a comment").fill(`Great catch ${XSS}`);
    await submit(other, other.getByTestId("comment-submit"), /\/reviews\/\d+(#comment-\d+)?$/);
    const comment = other.getByTestId("comment").first();
    await expect(comment.getByTestId("comment-body")).toContainText(`Great catch <img src=x onerror=alert(1)>`);
    await expect(comment.getByTestId("comment-body").locator("img, script")).toHaveCount(0);
    await other.context().close();

    const [row] = await queryE2e<{ helpful_count: number; comment_count: number }>(`SELECT helpful_count, comment_count FROM reviews WHERE id = ?`, [reviewId]);
    expect(row).toEqual({ helpful_count: 1, comment_count: 1 });

    await expect
      .poll(async () => (await api(request, author, "GET", "/notifications")).body.pagination.data.map((n: { type: string }) => n.type))
      .toEqual(expect.arrayContaining(["community.reply", "community.helpful"]));
    const inbox = await pageAs(browser, author, js);
    await inbox.goto("/notifications");
    const reply = inbox.getByTestId("notification").filter({ hasText: "commented on your review" });
    await expect(reply).toContainText(`Tides ${XSS}`);
    await expect(reply.locator("img, script")).toHaveCount(0);
    // Their per-channel choices have a group of their own.
    await inbox.goto("/notifications/settings");
    await expect(inbox.getByRole("columnheader", { name: "Reviews and comments", exact: true })).toBeVisible();
    await expect(inbox.getByTestId("notif-row-community.reply")).toBeVisible();
    await inbox.context().close();
  });

  test(`${mode}: a reported comment is hidden by an admin from the moderation screen`, async ({ browser }) => {
    test.slow();
    const title = await newTitle();
    const writer = await seasonedUser("commenter");
    const reporter = await seasonedUser("reporter");
    const text = uniqueName("Rude remark");

    const page = await pageAs(browser, writer, js);
    await page.goto(`${title.path}/comments`);
    await page.getByTestId("comment-form").getByLabel("Add a comment").fill(text);
    await submit(page, page.getByTestId("comment-submit"), /\/comments(#comment-\d+)?$/);
    await expect(page.getByTestId("comment").filter({ hasText: text })).toBeVisible();
    await page.context().close();

    const other = await pageAs(browser, reporter, js);
    await other.goto(`${title.path}/comments`);
    const item = other.getByTestId("comment").filter({ hasText: text });
    await item.getByText("Report", { exact: true }).click();
    await item.getByTestId("report-reason").selectOption("abuse");
    await submit(other, item.getByTestId("report-submit"), /\/comments(#.*)?$/);

    const admin = await pageAs(browser, await demoAdmin(), js);
    await admin.goto("/admin/moderation");
    const queued = admin.getByTestId("moderation-item").filter({ hasText: text });
    await expect(queued).toContainText("abuse");
    await submit(admin, queued.getByTestId("moderate-hide"), /\/admin\/moderation$/);
    await expect(admin.getByTestId("moderation-item").filter({ hasText: text })).toHaveCount(0);
    await admin.context().close();

    await other.goto(`${title.path}/comments`);
    await expect(other.getByTestId("comment-thread")).toBeAttached();
    await expect(other.getByTestId("comment").filter({ hasText: text })).toHaveCount(0);
    const [audit] = await queryE2e<{ n: number }>(`SELECT count(*) AS n FROM audit_log WHERE action = 'comment.hide' AND subject_label = ?`, [text]);
    expect(audit!.n).toBe(1);
    await other.context().close();
  });
}

test.describe("held posts", () => {
  // The setting is site-wide: every other test here posts from accounts older than the new-account
  // window, and these two run one after the other so neither switches it off under the other.
  test.describe.configure({ mode: "serial" });
  test.afterEach(async ({ request }) => setSettings(request, { "community.hold_new_accounts": undefined }));

  for (const js of [true, false]) {
    test(`${js ? "JavaScript on" : "JavaScript off"}: a new account's comment appears only after an admin approves it`, async ({ browser, request }) => {
      test.slow();
      await setSettings(request, { "community.hold_new_accounts": true });
      const title = await newTitle();
      const newcomer = await createSignedInUser("newcomer");
      const onlooker = await seasonedUser("onlooker");
      const text = uniqueName("Hello from a newcomer");

      const page = await pageAs(browser, newcomer, js);
      await page.goto(`${title.path}/comments`);
      await page.getByTestId("comment-form").getByLabel("Add a comment").fill(text);
      await submit(page, page.getByTestId("comment-submit"), /\/comments(#comment-\d+)?$/);
      await expect(page.getByText("will appear once a moderator approves it")).toBeVisible();
      // Its author sees it, marked as waiting; nobody else does.
      await expect(page.getByTestId("comment").filter({ hasText: text })).toContainText("Waiting for approval");
      await page.context().close();

      const other = await pageAs(browser, onlooker, js);
      await other.goto(`${title.path}/comments`);
      await expect(other.getByTestId("comment-thread")).toBeAttached();
      await expect(other.getByTestId("comment").filter({ hasText: text })).toHaveCount(0);

      const admin = await pageAs(browser, await demoAdmin(), js);
      await admin.goto("/admin/moderation");
      const queued = admin.getByTestId("moderation-item").filter({ hasText: text });
      await expect(queued).toContainText("Held for approval");
      await submit(admin, queued.getByTestId("moderate-approve"), /\/admin\/moderation$/);
      await admin.context().close();

      await other.goto(`${title.path}/comments`);
      await expect(other.getByTestId("comment").filter({ hasText: text })).toBeVisible();
      await other.context().close();
    });
  }
});

test("bad input gets a field message or a 4xx, never a 500, and changes no row", async ({ browser, request }) => {
  test.slow();
  const title = await newTitle();
  const author = await seasonedUser("strict");
  const other = await seasonedUser("stranger");
  // Only this test's rows: other tests write in parallel.
  const counts = async () =>
    (
      await queryE2e<{ r: number; c: number; v: number }>(
        `SELECT (SELECT count(*) FROM reviews WHERE title_id = ?1 OR user_id IN (?2, ?3)) AS r,
                (SELECT count(*) FROM comments WHERE user_id IN (?2, ?3)) AS c,
                (SELECT count(*) FROM review_votes WHERE user_id IN (?2, ?3)) AS v`,
        [title.id, author.userId, other.userId],
      )
    )[0];

  // The form without JavaScript: an empty body is a field message.
  const page = await pageAs(browser, author, false);
  await page.goto(`${title.path}/reviews`);
  const before = await counts();
  await page.getByLabel("Your rating", { exact: true }).selectOption("6");
  await page.getByLabel("Title of your review").fill("Empty inside");
  await page.getByTestId("review-submit").click();
  await expect(page.getByTestId("review-form").getByTestId("error-body")).toBeVisible();
  expect(await counts()).toEqual(before);
  await page.context().close();

  const review = (body: string) => ({ score: 7, headline: "Measured", body });
  expect((await api(request, author, "POST", `/titles/${title.id}/reviews`, review(""))).status).toBe(422);
  expect((await api(request, author, "POST", `/titles/${title.id}/reviews`, review("x".repeat(100 * 1024)))).status).toBe(422);
  expect((await api(request, author, "POST", `/titles/987654321/reviews`, review("A fine film about nothing."))).status).toBe(404);
  expect(await counts()).toEqual(before);

  const created = await api(request, author, "POST", `/titles/${title.id}/reviews`, review("A fine film about nothing at all."));
  expect(created.status).toBe(201);
  const reviewId = created.body.review.id as number;
  const afterOne = await counts();
  expect((await api(request, author, "POST", `/titles/${title.id}/reviews`, review("A second opinion of my own."))).status).toBe(409);
  expect((await api(request, author, "POST", `/reviews/${reviewId}/vote`, { helpful: true })).status).toBe(422);

  const top = await api(request, other, "POST", "/comments", { target_kind: "review", target_id: reviewId, body: "Level zero" });
  const one = await api(request, author, "POST", "/comments", { target_kind: "review", target_id: reviewId, parent_id: top.body.comment.id, body: "Level one" });
  const two = await api(request, other, "POST", "/comments", { target_kind: "review", target_id: reviewId, parent_id: one.body.comment.id, body: "Level two" });
  expect([top.status, one.status, two.status]).toEqual([201, 201, 201]);
  const withThread = await counts();
  expect((await api(request, author, "POST", "/comments", { target_kind: "review", target_id: reviewId, parent_id: two.body.comment.id, body: "Level three" })).status).toBe(422);
  const edit = await api(request, author, "PUT", `/comments/${top.body.comment.id}`, { body: "Not yours to edit" });
  // Someone else's comment answers like a missing one (decision 021).
  expect(edit.status).toBe(404);
  expect((await api(request, author, "PUT", `/comments/987654321`, { body: "Not yours to edit" })).status).toBe(404);
  const [kept] = await queryE2e<{ body: string }>(`SELECT body FROM comments WHERE id = ?`, [top.body.comment.id]);
  expect(kept!.body).toBe("Level zero");
  expect(await counts()).toEqual(withThread);
  expect(afterOne!.r).toBe(before!.r + 1);
});

/** A fictional series with one episode (S1E1). */
async function newEpisode() {
  const name = uniqueName("Lantern Harbour Tales");
  const slug = name.toLowerCase().replace(/\W+/g, "-");
  const [title] = await queryE2e<{ id: number }>(`INSERT INTO titles (type, name, slug) VALUES ('series', ?, ?) RETURNING id`, [name, slug]);
  const [season] = await queryE2e<{ id: number }>(`INSERT INTO seasons (title_id, number, name) VALUES (?, 1, 'Season 1') RETURNING id`, [title!.id]);
  const [episode] = await queryE2e<{ id: number }>(`INSERT INTO episodes (title_id, season_id, season_number, episode_number, name) VALUES (?, ?, 1, 1, 'The Fog Bell') RETURNING id`, [
    title!.id,
    season!.id,
  ]);
  return { id: episode!.id, titleId: title!.id, path: `/titles/${title!.id}/${slug}/season/1/episode/1` };
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`${mode}: an episode's review shows on the episode page, and its discussion takes comments`, async ({ browser }) => {
    test.slow();
    const episode = await newEpisode();
    const author = await seasonedUser("episode-reviewer");
    const page = await pageAs(browser, author, js);
    await page.goto(episode.path);
    await expect(page.getByTestId("episode-reviews").getByTestId("title-reviews-stats")).toHaveText("No reviews yet.");
    await page.getByTestId("episode-reviews").getByTestId("write-review-link").click();
    await page.waitForURL(/\/episode\/1\/reviews#write$/);
    const form = page.getByTestId("review-form");
    await form.getByLabel("Your rating", { exact: true }).selectOption("7");
    await form.getByLabel("Title of your review").fill("Bells in the fog");
    await form.getByLabel("Your review", { exact: true }).fill(`A slow episode that rings true. ${XSS}`);
    await submit(page, page.getByTestId("review-submit"), /\/reviews\/\d+$/);
    const [row] = await queryE2e<{ episode_id: number; title_id: number }>(`SELECT episode_id, title_id FROM reviews WHERE user_id = ?`, [author.userId]);
    expect(row).toEqual({ episode_id: episode.id, title_id: episode.titleId });

    await page.goto(episode.path);
    const section = page.getByTestId("episode-reviews");
    await expect(section.getByTestId("title-reviews-stats")).toContainText("1 review");
    await expect(section.getByTestId("review-headline")).toHaveText("Bells in the fog");
    await expect(section.getByTestId("review-body").locator("img, script")).toHaveCount(0);
    await expect(section.getByTestId("write-review-link")).toHaveText("Your review");

    await section.getByTestId("discussion-link").click();
    await page.waitForURL(/\/episode\/1\/comments$/);
    await page.getByTestId("comment-form").getByLabel("Add a comment").fill("Who rang the bell?");
    await submit(page, page.getByTestId("comment-submit"), /\/episode\/1\/comments(#comment-\d+)?$/);
    await expect(page.getByTestId("comment").filter({ hasText: "Who rang the bell?" })).toBeVisible();
    await page.goto(episode.path);
    await expect(page.getByTestId("episode-reviews").getByTestId("discussion-link")).toHaveText("Discussion (1)");
    await page.context().close();
  });

  test(`${mode}: a public list's page has a comment thread; a private list's is its owner's alone`, async ({ browser, request }) => {
    test.slow();
    const owner = await seasonedUser("list-owner");
    const reader = await seasonedUser("list-reader");
    const [open] = await queryE2e<{ id: number }>(`INSERT INTO lists (user_id, name, slug, public) VALUES (?, 'Foggy evenings', 'foggy-evenings', 1) RETURNING id`, [owner.userId]);
    const [closed] = await queryE2e<{ id: number }>(`INSERT INTO lists (user_id, name, slug, public) VALUES (?, 'Secret shelf', 'secret-shelf', 0) RETURNING id`, [owner.userId]);

    const page = await pageAs(browser, reader, js);
    await page.goto(`/lists/${open!.id}/foggy-evenings`);
    await page.getByTestId("comment-form").getByLabel("Add a comment").fill(`Add the one with the lighthouse ${XSS}`);
    await submit(page, page.getByTestId("comment-submit"), /\/lists\/\d+\/foggy-evenings(#comment-\d+)?$/);
    const comment = page.getByTestId("comment").first();
    await expect(comment.getByTestId("comment-body")).toContainText("Add the one with the lighthouse <img src=x onerror=alert(1)>");
    await expect(comment.getByTestId("comment-body").locator("img, script")).toHaveCount(0);
    await page.context().close();

    // Someone else's private list takes no comment, through the API either; its owner's does.
    const refused = await api(request, reader, "POST", "/comments", { target_kind: "list", target_id: closed!.id, body: "Let me in." });
    expect(refused.status).toBe(404);
    const mine = await pageAs(browser, owner, js);
    await mine.goto(`/lists/${closed!.id}/secret-shelf`);
    await expect(mine.getByTestId("comment-form")).toBeVisible();
    await mine.context().close();
    const [count] = await queryE2e<{ n: number }>(`SELECT count(*) AS n FROM comments WHERE target_kind = 'list' AND target_id = ?`, [closed!.id]);
    expect(count!.n).toBe(0);
  });
}

test("guests get a shared copy of the reviews, review and discussion pages; signed-in visitors get their own", async ({ request, browser }) => {
  const title = await newTitle();
  const author = await seasonedUser("cached");
  const created = await api(request, author, "POST", `/titles/${title.id}/reviews`, { score: 8, headline: "Worth a copy", body: "Calm, patient and kind to its characters." });
  expect(created.status).toBe(201);
  for (const path of [`${title.path}/reviews`, `${title.path}/reviews/${created.body.review.id}`, `${title.path}/comments`]) {
    const first = await request.get(path, { headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(first.status(), path).toBe(200);
    // A copy: the data centre's once the first answer's copy is stored there, or this isolate's (decision 050).
    let html = "";
    await expect
      .poll(
        async () => {
          const again = await request.get(path, { headers: { "CF-Connecting-IP": uniqueIp() } });
          html = await again.text();
          return again.headers()["x-page-cache"];
        },
        { message: path },
      )
      .toMatch(/^(hit|stale|edge)$/);
    expect(html).toContain("Sign in to");
    expect(html).not.toContain('data-testid="comment-form"');
  }
  // A signed-in visitor's page is rendered for them: their own review form, no shared copy.
  const page = await pageAs(browser, author, false);
  const response = await page.goto(`${title.path}/reviews`);
  expect(response!.headers()["x-page-cache"]).toBeUndefined();
  await expect(page.getByTestId("own-review-link")).toBeVisible();
  await page.context().close();
});
