import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { flushServerCaches, queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, type SignedInUser } from "./fixtures/signed-in-user";
import { PASSWORD } from "./fixtures/test-data";
import { api, createUserWithPassword, signedInContext, waitForApp } from "./social/helpers";

/**
 * Decision 030, end to end with JavaScript on and off: a member logs a film
 * (a past day, a rating, a review, rewatch) and finds it in their history
 * and off their watchlist; bad input answers a field error and writes
 * nothing; a guest's Watchlist, Rate and Log lead through sign-in back to the
 * title with the action done; the title page's actions are readable (4.5:1
 * against the pixels behind them) in both themes.
 */

type Title = { id: number; slug: string; name: string };

/** A seeded movie per test (distinct offsets from other specs' 200+), so parallel tests never touch the same one. */
async function movie(offset: number): Promise<Title> {
  const [row] = await queryE2e<Title>("SELECT id, slug, name FROM titles WHERE type = 'movie' ORDER BY popularity DESC LIMIT 1 OFFSET ?", [400 + offset]);
  if (!row) throw new Error("the seed has too few movies");
  return row;
}

const path = (title: Title) => `/titles/${title.id}/${encodeURIComponent(title.slug)}`;

async function rowsOf(userId: number, titleId: number) {
  const [history, rating, review, watchlist] = await Promise.all([
    queryE2e<{ watched_on: string; rewatch: number }>("SELECT watched_on, rewatch FROM watch_history WHERE user_id = ? AND title_id = ?", [userId, titleId]),
    queryE2e<{ rating: number }>("SELECT rating FROM ratings WHERE user_id = ? AND title_id = ? AND episode_id IS NULL", [userId, titleId]),
    queryE2e<{ score: number; body: string; spoiler: number }>("SELECT score, body, spoiler FROM reviews WHERE user_id = ? AND title_id = ?", [userId, titleId]),
    queryE2e<{ title_id: number }>("SELECT title_id FROM watchlist_items WHERE user_id = ? AND title_id = ?", [userId, titleId]),
  ]);
  return { history, rating, review, watchlist };
}

async function memberPage(browser: Browser, user: SignedInUser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await signedInContext(browser, user, { javaScriptEnabled });
  return context.newPage();
}

const REVIEW = "A quiet, patient film that rewards a second viewing more than the first.";

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  const offset = javaScriptEnabled ? 0 : 10;

  test.describe(mode, () => {
    test("a member logs a film with a past day, rating, review and rewatch: history has that day, the watchlist no longer has it", async ({ browser, request }) => {
      const title = await movie(offset);
      const user = await createSignedInUser("logger");
      expect((await request.post("/watchlist", { form: { intent: "add", titleId: title.id }, headers: { Cookie: user.cookieHeader } })).status()).toBe(200);

      const p = await memberPage(browser, user, javaScriptEnabled);
      await p.goto(path(title));
      if (javaScriptEnabled) await waitForApp(p);
      await p.getByTestId("log-button").click();
      const form = p.getByTestId("log-form");
      if (javaScriptEnabled) await expect(p.getByTestId("log-dialog")).toBeVisible();
      else await expect(p).toHaveURL(new RegExp(`${path(title)}/log$`));
      await form.getByTestId("log-date").fill("2024-03-15");
      await form.getByTestId("log-rating").selectOption("8");
      await form.getByTestId("log-rewatch").check();
      await form.getByTestId("log-review").fill(REVIEW);
      await form.getByTestId("log-spoiler").check();
      await form.getByTestId("log-submit").click();

      await expect(p).toHaveURL(new RegExp(`${path(title)}$`));
      await expect(p.getByTestId("toast").filter({ hasText: `Logged ${title.name}` })).toBeVisible();
      if (javaScriptEnabled) await expect(p.getByTestId("log-dialog")).toHaveCount(0);
      await expect(p.getByTestId("times-watched")).toContainText("Watched 1 time");
      await expect(p.getByTestId("my-rating")).toContainText("8/10");

      const rows = await rowsOf(user.userId, title.id);
      expect(rows.history).toEqual([{ watched_on: "2024-03-15", rewatch: 1 }]);
      expect(rows.rating).toEqual([{ rating: 8 }]);
      // One value: the review's score is the rating.
      expect(rows.review).toEqual([{ score: 8, body: REVIEW, spoiler: 1 }]);
      expect(rows.watchlist).toEqual([]);

      await p.goto("/history");
      await expect(p.getByTestId("history-item").filter({ hasText: title.name })).toContainText(/2024-03-15|March 15, 2024/);
      await p.goto("/watchlist");
      await expect(p.getByRole("link", { name: title.name })).toHaveCount(0);
      await p.context().close();
    });

    test("bad input on the Log form answers a field error and writes nothing", async ({ browser, request }) => {
      const title = await movie(offset + 1);
      const user = await createSignedInUser("logger");
      const post = (form: Record<string, string>) => request.post(`${path(title)}/log`, { form: { titleId: String(title.id), ...form }, headers: { Cookie: user.cookieHeader }, maxRedirects: 0 });
      for (const [form, field] of [
        [{ watchedOn: "2999-01-01" }, "watchedOn"],
        [{ watchedOn: "2024-02-30" }, "watchedOn"],
        [{ watchedOn: "2024-01-01", rating: "11" }, "rating"],
        [{ watchedOn: "2024-01-01", rating: "0" }, "rating"],
        [{ watchedOn: "2024-01-01", rating: "7", review: "x".repeat(20_001) }, "review"],
        [{ watchedOn: "2024-01-01", review: "A review without a rating to go with it." }, "rating"],
      ] as const) {
        const answer = await post(form);
        expect(answer.status(), JSON.stringify(form)).toBe(422);
        expect(await answer.text()).toContain(field);
      }
      const rows = await rowsOf(user.userId, title.id);
      expect(rows).toEqual({ history: [], rating: [], review: [], watchlist: [] });

      // The page shows the message beside the field, and keeps what was typed.
      const p = await memberPage(browser, user, javaScriptEnabled);
      await p.goto(`${path(title)}/log`);
      if (javaScriptEnabled) await waitForApp(p);
      const form = p.getByTestId("log-form");
      await form.getByTestId("log-date").fill("2999-01-01");
      await form.getByTestId("log-date").evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
      await form.getByTestId("log-review").fill(REVIEW);
      await form.getByTestId("log-submit").click();
      await expect(p.getByTestId("log-error-watchedOn")).toHaveText("Enter a past date.");
      await expect(p.getByTestId("log-error-rating")).toContainText("A review needs your rating");
      await expect(form.getByTestId("log-review")).toHaveValue(REVIEW);
      expect((await rowsOf(user.userId, title.id)).history).toEqual([]);
      await p.context().close();
    });

    test("a guest presses Watchlist, Rate and Log, signs in and is back on the title with it done", async ({ browser }) => {
      const title = await movie(offset + 2);
      const user = await createUserWithPassword("guest-then-member");
      const context = await browser.newContext({ javaScriptEnabled });
      const p = await context.newPage();

      const signIn = async () => {
        await expect(p).toHaveURL(/\/login\?redirect=/);
        const form = p.getByTestId("login-form");
        await form.getByLabel("Email").fill(user.email);
        await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await form.getByRole("button", { name: "Sign in", exact: true }).click();
      };

      // Watchlist.
      await p.goto(path(title));
      await expect(p.getByTestId("guest-title-actions")).toBeVisible();
      await p.getByTestId("guest-watchlist").click();
      await signIn();
      await expect(p).toHaveURL(new RegExp(`${path(title)}$`));
      await expect(p.getByTestId("toast").filter({ hasText: `Added ${title.name} to your watchlist` })).toBeVisible();
      await expect(p.getByTestId("title-library").getByTestId("watchlist-button")).toHaveAccessibleName("Remove from watchlist");

      // Rate and Log, signed out again.
      await context.clearCookies();
      await p.goto(path(title));
      await p.getByTestId("guest-rating").selectOption("7");
      await p.getByTestId("guest-rate").click();
      await signIn();
      await expect(p).toHaveURL(new RegExp(`${path(title)}$`));
      await expect(p.getByTestId("my-rating")).toContainText("7/10");
      expect((await rowsOf(user.userId, title.id)).rating).toEqual([{ rating: 7 }]);

      await context.clearCookies();
      await p.goto(path(title));
      await p.getByTestId("guest-log").click();
      await signIn();
      await expect(p).toHaveURL(new RegExp(`${path(title)}/log$`));
      await expect(p.getByTestId("log-rating")).toHaveValue("7");
      await context.close();
    });
  });
}

test('with "Keep logged titles on my watchlist" on, logging leaves the title there', async ({ browser, request }) => {
  const title = await movie(4);
  const user = await createSignedInUser("keeper");
  const headers = { Cookie: user.cookieHeader };
  await request.post("/watchlist", { form: { intent: "add", titleId: String(title.id) }, headers });
  const p = await memberPage(browser, user, false);
  await p.goto("/account-settings");
  await p.getByTestId("keep-logged-on-watchlist").check();
  await p.getByTestId("log-preference-save").click();
  await expect(p.getByTestId("toast").filter({ hasText: "Logged titles now stay on your watchlist" })).toBeVisible();
  await expect(p.getByTestId("keep-logged-on-watchlist")).toBeChecked();
  await p.context().close();

  const logged = await request.post(`${path(title)}/log`, { form: { titleId: String(title.id), watchedOn: "2025-06-01" }, headers, maxRedirects: 0 });
  expect(logged.status()).toBe(303);
  const rows = await rowsOf(user.userId, title.id);
  expect(rows.history).toEqual([{ watched_on: "2025-06-01", rewatch: 0 }]);
  expect(rows.watchlist).toEqual([{ title_id: title.id }]);
});

test("a pending action cannot be forged: a member's GET of /act without the site's cookie does nothing", async ({ request }) => {
  const title = await movie(3);
  const user = await createSignedInUser("forger");
  const answer = await request.get(`${path(title)}/act`, { headers: { Cookie: `${user.cookieHeader}; pending-action=eyJpbnRlbnQiOiJ3YXRjaGxpc3QifQ.AAAA` }, maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe(path(title));
  expect((await rowsOf(user.userId, title.id)).watchlist).toEqual([]);
});

/** WCAG contrast of two sRGB colours. */
function contrast(a: number[], b: number[]) {
  const lum = ([r, g, bl]: number[]) => {
    const c = [r!, g!, bl!].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x! + 0.05) / (y! + 0.05);
}

/**
 * The text colour of a control against the pixels actually behind its text:
 * the text is made transparent, the control's inside (clear of its border) is
 * photographed, and the worst of all but the 2% most extreme pixels counts
 * (anti-aliased corners). axe cannot judge text over a gradient or an image.
 */
async function worstContrast(page: Page, control: Locator) {
  // Any CSS colour syntax (Tailwind writes oklab and color-mix) as sRGB bytes and alpha, through a canvas.
  const [r, g, b, a] = await control.evaluate((el) => {
    const context = document.createElement("canvas").getContext("2d")!;
    context.fillStyle = getComputedStyle(el).color;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data);
  });
  const text = [r!, g!, b!];
  const alpha = a! / 255;
  await control.evaluate((el) => {
    el.setAttribute("data-contrast-probe", "");
    const style = document.createElement("style");
    style.id = "contrast-probe";
    style.textContent = "[data-contrast-probe], [data-contrast-probe] * { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }";
    document.head.appendChild(style);
  });
  const png = await control.screenshot({ animations: "disabled" });
  await control.evaluate((el) => {
    el.removeAttribute("data-contrast-probe");
    document.getElementById("contrast-probe")?.remove();
  });
  // The control's inside only: its border (a frame, not the ground of the text) is left out.
  const inset = 4;
  const { pixels, width, height } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    return { pixels: Array.from(context.getImageData(0, 0, image.width, image.height).data), width: image.width, height: image.height };
  }, png.toString("base64"));
  const ratios: number[] = [];
  for (let y = inset; y < height - inset; y++) {
    for (let x = inset; x < width - inset; x++) {
      const i = (y * width + x) * 4;
      const ground = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
      // A translucent text colour shows the ground through it.
      const ink = text.map((channel, c) => channel * alpha + ground[c]! * (1 - alpha));
      ratios.push(contrast(ink, ground));
    }
  }
  ratios.sort((m, n) => m - n);
  return ratios[Math.floor(ratios.length * 0.02)]!;
}

async function darkThemeId() {
  const [row] = await queryE2e<{ id: number }>("SELECT id FROM themes WHERE default_dark = 1 LIMIT 1");
  return row!.id;
}

for (const theme of ["light", "dark"] as const) {
  test(`the title page's actions read at 4.5:1 or more against what is behind them, ${theme} theme, guest and member`, async ({ browser, baseURL }) => {
    const title = await movie(20);
    const user = await createSignedInUser("contrast");
    const cookies = theme === "dark" ? [{ name: "be-active-theme", value: String(await darkThemeId()), url: baseURL! }] : [];

    const guest = await browser.newContext();
    await guest.addCookies(cookies);
    const g = await guest.newPage();
    await g.goto(path(title));
    const guestControls = g.getByTestId("guest-title-actions").locator("button, a, select");
    expect(await guestControls.count()).toBe(4);
    for (const control of [...(await guestControls.all()), g.getByTestId("title-add-to-list")]) {
      const ratio = await worstContrast(g, control);
      expect(ratio, `${theme} guest: ${await control.textContent()}`).toBeGreaterThanOrEqual(4.5);
    }
    await guest.close();

    const member = await signedInContext(browser, user);
    await member.addCookies(cookies);
    const m = await member.newPage();
    await m.goto(path(title));
    await waitForApp(m);
    for (const testId of ["log-button", "watchlist-button", "title-add-to-list", "my-rating"]) {
      const control = m.getByTestId(testId).first();
      const ratio = await worstContrast(m, control);
      expect(ratio, `${theme} member: ${testId}`).toBeGreaterThanOrEqual(4.5);
    }
    // Watched once: the count beside them reads too.
    await m.request.post("/history", { form: { intent: "watch", titleId: String(title.id) } });
    await m.reload();
    await waitForApp(m);
    expect(await worstContrast(m, m.getByTestId("times-watched"))).toBeGreaterThanOrEqual(4.5);
    await member.close();
  });
}

test.describe("smaller defects of the title page and around it", () => {
  test("a review preview names its author by their public name, for guests too, never from the e-mail address", async ({ browser, request }) => {
    const title = await movie(30);
    const author = await createSignedInUser("reviewer");
    await queryE2e("UPDATE users SET display_name = 'Marguerite Fable', first_name = NULL, last_name = NULL WHERE id = ?", [author.userId]);
    const nameless = await createSignedInUser("nameless");
    await queryE2e("UPDATE users SET display_name = NULL, first_name = NULL, last_name = NULL WHERE id = ?", [nameless.userId]);
    for (const [user, score] of [
      [author, 9],
      [nameless, 6],
    ] as const) {
      const posted = await api(request, user, "POST", `/titles/${title.id}/reviews`, { score, headline: `Seen by ${user.userId}`, body: "A fictional viewer's fictional impressions, long enough." });
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    }
    await flushServerCaches(request);
    const guest = await browser.newContext({ javaScriptEnabled: false });
    const p = await guest.newPage();
    await p.goto(path(title));
    const section = p.getByTestId("title-reviews");
    await expect(section).toContainText("By Marguerite Fable");
    // A nameless member is "Member <id>" (decision 021).
    await expect(section).toContainText(`By Member ${nameless.userId}`);
    await expect(section).not.toContainText("By null");
    await expect(section).not.toContainText(nameless.email.split("@")[0]!);
    await guest.close();
  });

  test("the review form's score starts from the member's rating: one value", async ({ browser, request }) => {
    const title = await movie(31);
    const user = await createSignedInUser("scorer");
    await request.post("/library/rating", { form: { intent: "rate", titleId: String(title.id), rating: "7" }, headers: { Cookie: user.cookieHeader } });
    const p = await memberPage(browser, user, false);
    await p.goto(`${path(title)}/reviews`);
    await expect(p.getByTestId("review-score")).toHaveValue("7");
    await p.context().close();
  });

  test("a watched title on the watchlist is marked Watched, with the remove button beside it", async ({ browser, request }) => {
    const title = await movie(32);
    const user = await createSignedInUser("marker");
    await request.post("/watchlist", { form: { intent: "add", titleId: String(title.id) }, headers: { Cookie: user.cookieHeader } });
    const p = await memberPage(browser, user, true);
    await p.goto("/watchlist");
    const card = p.getByTestId("library-card").filter({ hasText: title.name });
    await expect(card.getByTestId("watchlist-watched")).toHaveCount(0);
    // Watched another way than Log (the history form keeps the watchlist as it is).
    await request.post("/history", { form: { intent: "watch", titleId: String(title.id) }, headers: { Cookie: user.cookieHeader } });
    await p.reload();
    await expect(card.getByTestId("watchlist-watched")).toContainText("Watched");
    await waitForApp(p);
    // The card's own corner button is the remove button (decision 029).
    await expect(card.getByTestId("card-watchlist")).toHaveAccessibleName(`Remove ${title.name} from your watchlist`);
    await card.getByTestId("card-watchlist").click();
    await expect(card.getByTestId("card-watchlist")).toHaveAccessibleName(`Add ${title.name} to your watchlist`);
    await p.context().close();
  });

  test("a member with only the personal workspace has no workspace switcher; Workspaces is in the account menu", async ({ browser }) => {
    const user = await createSignedInUser("solo");
    const p = await memberPage(browser, user, false);
    await p.goto("/");
    await expect(p.locator("[data-testid=workspace-switcher]")).toHaveCount(0);
    await expect(p.locator('a[href="/workspaces"]').first()).toHaveText("Workspaces");
    await p.context().close();
  });

  test("active sessions name no place for a local address", async ({ browser }) => {
    const user = await createSignedInUser("sessions");
    const p = await memberPage(browser, user, false);
    await p.goto("/account-settings");
    const places = p.getByTestId("session-place");
    await expect(places.first()).toBeVisible();
    for (const place of await places.allTextContents()) expect(place).not.toContain("Austin");
    await p.context().close();
  });

  test("pricing says Most popular only of a plan with the most subscribers", async ({ page }) => {
    const counts = await queryE2e<{ product_id: number; n: number }>(
      "SELECT product_id, count(*) AS n FROM subscriptions WHERE status IN ('active', 'trialing') AND product_id IS NOT NULL GROUP BY product_id ORDER BY n DESC",
    );
    await page.goto("/pricing");
    const popular = page.getByTestId("plan-card").filter({ has: page.getByTestId("plan-badge").filter({ hasText: "Most popular" }) });
    const top = counts[0];
    if (!top || (counts[1] && counts[1].n === top.n)) await expect(popular).toHaveCount(0);
    else await expect(popular).toHaveCount(1);
  });

  test("with JavaScript a posted reply empties and folds its form; comments show avatars and button-like actions", async ({ browser, request }) => {
    const title = await movie(33);
    const author = await createSignedInUser("commenter");
    const replier = await createSignedInUser("replier");
    const posted = await api(request, author, "POST", "/comments", { target_kind: "title", target_id: title.id, body: "A first fictional remark." });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const p = await memberPage(browser, replier, true);
    await p.goto(`${path(title)}/comments`);
    await waitForApp(p);
    const comment = p.getByTestId("comment").filter({ hasText: "A first fictional remark." });
    await expect(comment.getByTestId("comment-avatar").first()).toBeVisible();
    const toggle = comment.getByTestId("reply-toggle").first();
    expect(await toggle.evaluate((el) => getComputedStyle(el).display)).not.toBe("list-item");
    await toggle.click();
    await comment.getByTestId("reply-form").first().getByLabel("Your reply").fill("A fictional answer.");
    await comment.getByTestId("reply-form").first().getByRole("button").last().click();
    await expect(p.getByTestId("comment").filter({ hasText: "A fictional answer." }).first()).toBeVisible();
    // The comment's own reply form comes first (the new reply, nested inside, has one too).
    await expect(comment.getByTestId("reply-form").first()).toBeHidden();
    await toggle.click();
    await expect(comment.getByTestId("reply-form").first().getByLabel("Your reply")).toHaveValue("");
    await p.context().close();
  });

  test("a list's share link has a copy button; pressing a list's name on the add-to-list page adds the title", async ({ browser, request }) => {
    const title = await movie(34);
    const user = await createSignedInUser("lister");
    const created = await api(request, user, "POST", "/lists", { name: "Fictional evenings", public: true });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const p = await memberPage(browser, user, false);
    await p.goto(`/lists/add/${title.id}`);
    await p.getByTestId("add-to-list-row").filter({ hasText: "Fictional evenings" }).getByTestId("add-by-name").click();
    await expect(p.getByTestId("toast").filter({ hasText: "Added to the list" })).toBeVisible();
    await expect(p.getByTestId("add-to-list-row").filter({ hasText: "Fictional evenings" }).getByTestId("remove-from-list")).toBeVisible();
    await p.context().close();

    const js = await memberPage(browser, user, true);
    await js.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const listId = (created.body.list?.id ?? created.body.id) as number;
    await js.goto(`/lists/${listId}/x`);
    await waitForApp(js);
    await js.getByTestId("share-copy").click();
    await expect(js.getByTestId("share-copy")).toHaveText("Copied");
    expect(await js.evaluate(() => navigator.clipboard.readText())).toBe(await js.getByTestId("share-link").inputValue());
    await js.context().close();
  });
});
