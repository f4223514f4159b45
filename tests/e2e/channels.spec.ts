import { expect, test, type Page } from "@playwright/test";
import { adminDb, createAdmin, createTestTitle, signIn } from "./admin/fixtures";
import { flushServerCaches, setSettings } from "./fixtures/e2e-db";

/**
 * Channels (decision 022), with and without JavaScript: the
 * seeded home page's rows, a row that scrolls, genre pages, an admin's manual
 * channel reordered and put on the home page, an automatic "top rated
 * series" channel following a rating change, a deleted title leaving every
 * channel, and bad input. The channels admin's rules (decision 043): no
 * two channels share a name, the Rule form shows only for automatic channels
 * (a nested one shows its rows instead), and the channels the home page uses
 * have no Delete button and cannot be deleted by a hand-made request.
 * The home page setting is global: every test that reads or changes it is in
 * this one serial file.
 */
test.describe.configure({ mode: "serial" });

const HOME_DEFAULTS = { "homepage.type": undefined, "homepage.channel": undefined };

test.afterAll(async ({ request }) => {
  await setSettings(request, HOME_DEFAULTS);
});

async function channelId(slug: string) {
  const [row] = await adminDb<{ id: number }>("SELECT id FROM channels WHERE slug = ?", [slug]);
  return Number(row.id);
}

function unique(name: string) {
  return `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function titleIdsOn(page: Page, scope = page.getByTestId("channel-page")) {
  const hrefs = await scope.locator('[data-testid="channel-item"][data-kind="title"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => Number(href.split("/")[2]));
}

async function createChannelInAdmin(page: Page, fields: { name: string; source: "manual" | "automatic" | "nested"; rule?: Record<string, string> }) {
  await page.goto("/admin/channels/new");
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  await page.getByLabel("Content", { exact: true }).selectOption(fields.source);
  for (const [label, value] of Object.entries(fields.rule ?? {})) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
  await page.getByRole("button", { name: "Save channel" }).click();
}

async function addByPicker(page: Page, name: string) {
  await page.getByPlaceholder(/Search (titles|channels)/).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: new RegExp(`^Add ${name}`) }).click();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`channels ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test("the seeded home page: a trending hero and rows of real titles whose cards open them; a row scrolls", async ({ page, request }) => {
      await setSettings(request, HOME_DEFAULTS);
      await page.goto("/");
      const rows = page.getByTestId("channel-row");
      await expect(rows.first().getByRole("heading", { level: 2 })).toHaveText("Trending");
      for (const name of ["Popular movies", "Top rated", "New releases", "Browse by genre"]) {
        await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      }
      const popular = page.locator('[data-testid="channel-row"][data-channel="popular-movies"]');
      await expect(popular.getByTestId("channel-item")).toHaveCount(20);
      const ids = await titleIdsOn(page, popular);
      const types = await adminDb<{ type: string }>(`SELECT DISTINCT type FROM titles WHERE id IN (${ids.join(",")})`);
      expect(types).toEqual([{ type: "movie" }]);

      const scroller = popular.getByTestId("channel-scroller");
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      if (javaScriptEnabled) {
        await popular.getByTestId("channel-arrow-next").click();
      } else {
        await expect(popular.getByTestId("channel-arrow-next")).toHaveCount(0);
        await scroller.hover();
        await page.mouse.wheel(0, 0);
        await scroller.focus();
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
      }
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

      // Browse by genre lists genres; a card opens its title.
      await expect(page.getByTestId("channel-genres").getByRole("link", { name: "Drama" })).toHaveAttribute("href", "/channel/genre/drama");
      const first = popular.getByTestId("channel-item").first();
      const href = await first.getAttribute("href");
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });

    test("/channel/genre/drama shows drama only, with a canonical URL and an ItemList; bad addresses are 404s", async ({ page, request }) => {
      await page.goto("/channel/genre/drama");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Browse by genre: Drama");
      const ids = await titleIdsOn(page);
      expect(ids.length).toBeGreaterThan(10);
      const [{ n }] = await adminDb<{ n: number }>(
        `SELECT count(DISTINCT t.id) AS n FROM titles t JOIN title_genres tg ON tg.title_id = t.id JOIN genres g ON g.id = tg.genre_id WHERE g.slug = 'drama' AND t.id IN (${ids.join(",")})`,
      );
      expect(Number(n)).toBe(new Set(ids).size);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/channel\/genre\/drama$/);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(ld["@type"]).toBe("ItemList");

      // Pages: a GET link to page 2 that works without JavaScript.
      await page.goto("/channel/popular-movies");
      await page.getByRole("link", { name: /Next/ }).click();
      await expect(page).toHaveURL(/\/channel\/popular-movies\?page=2$/);
      await expect(page.getByTestId("channel-item")).toHaveCount(20);

      for (const path of [
        "/channel/no-such-channel",
        "/channel/genre/no-such-genre",
        "/channel/popular-movies/drama",
        "/channel/popular-movies?page=99999999999",
        "/channel/popular-movies?page=40",
        "/channel/Bad_Slug!",
      ]) {
        expect((await request.get(path)).status(), path).toBe(404);
      }
      expect((await request.get("/channel/popular-movies?page=abc")).status()).toBe(200);
      const sitemap = await (await request.get("/sitemaps/pages.xml")).text();
      expect(sitemap).toContain("/channel/popular-movies</loc>");
    });

    test("an admin makes a manual channel, reorders two titles, puts it on the home page and sees it there", async ({ page, context, baseURL, browser, request }) => {
      const admin = await createAdmin("channels");
      await signIn(context, baseURL, admin);
      const a = await createTestTitle(unique("Channel Pick Alpha"));
      const b = await createTestTitle(unique("Channel Pick Bravo"));
      const name = unique("Staff picks");
      await createChannelInAdmin(page, { name, source: "manual" });
      await expect(page.getByText("Channel saved").first()).toBeVisible();
      await addByPicker(page, a.name);
      await addByPicker(page, b.name);
      const items = page.getByTestId("channel-editor-item");
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText(a.name);
      // The up button is a plain form post: it works without JavaScript.
      await page.getByRole("button", { name: `Move ${b.name} up` }).click();
      await expect(items.nth(0)).toContainText(b.name);
      await expect(items.nth(1)).toContainText(a.name);

      // Self-nesting and unknown genres are refused with a message.
      const slug = new URL(page.url()).pathname.split("/").pop()!;
      const [{ slug: channelSlug }] = await adminDb<{ slug: string }>("SELECT slug FROM channels WHERE id = ?", [Number(slug)]);

      await page.goto("/admin/settings/homepage");
      await page.getByLabel("Homepage type").selectOption("channel");
      await page.getByLabel("Channel", { exact: true }).selectOption(channelSlug);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Settings saved")).toBeVisible();

      const guest = await browser.newContext({ javaScriptEnabled });
      const guestPage = await guest.newPage();
      await guestPage.goto(`${baseURL}/`);
      const cards = guestPage.getByTestId("channel-item");
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toContainText(b.name);
      await expect(cards.nth(1)).toContainText(a.name);
      await guest.close();
      await setSettings(request, HOME_DEFAULTS);

      const [log] = await adminDb<{ n: number }>("SELECT count(*) AS n FROM audit_log WHERE subject_type = 'channel' AND subject_id = ?", [slug]);
      expect(Number(log.n)).toBeGreaterThanOrEqual(4); // created, two items added, reordered
    });

    test("bad input in the admin: a channel that nests itself, a rule with an unknown genre", async ({ page, context, baseURL }) => {
      const admin = await createAdmin("channels-bad");
      await signIn(context, baseURL, admin);
      const name = unique("Nest");
      await createChannelInAdmin(page, { name, source: "nested" });
      await expect(page.getByText("Channel saved").first()).toBeVisible();
      await addByPicker(page, name);
      await expect(page.getByTestId("item-error")).toHaveText("A channel cannot contain itself.");
      await expect(page.getByTestId("channel-editor-item")).toHaveCount(0);

      await createChannelInAdmin(page, { name: unique("Bad genre"), source: "automatic", rule: { Genres: "drama, not-a-real-genre" } });
      await expect(page.getByText("Unknown genre: not-a-real-genre")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/channels\/new$/);
    });

    test("an automatic top rated series channel follows a rating change on refresh; a deleted title leaves every channel", async ({ page, context, baseURL, request }) => {
      const admin = await createAdmin("channels-auto");
      await signIn(context, baseURL, admin);
      // Titles an earlier run of this test left rated: out of the way.
      await adminDb("UPDATE titles SET rating = NULL, vote_count = 0 WHERE name LIKE 'Rated Series %'");
      const first = await createTestTitle(unique("Rated Series One"), "series");
      const second = await createTestTitle(unique("Rated Series Two"), "series");
      // Far above anything else on the site (ratings are 0-10): these two lead the list.
      await adminDb("UPDATE titles SET rating = 10, vote_count = 1000000 WHERE id = ?", [first.id]);
      await adminDb("UPDATE titles SET rating = 10, vote_count = 999999 WHERE id = ?", [second.id]);
      const name = unique("Top rated series");
      await createChannelInAdmin(page, { name, source: "automatic", rule: { List: "top_rated", Of: "series", "Top rated by": "site", "Minimum votes": "1" } });
      await expect(page.getByText("Channel saved").first()).toBeVisible();
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      const [{ slug }] = await adminDb<{ slug: string }>("SELECT slug FROM channels WHERE id = ?", [id]);
      await page.goto(`/channel/${slug}`);
      expect((await titleIdsOn(page)).slice(0, 2)).toEqual([first.id, second.id]);

      await adminDb("UPDATE titles SET vote_count = 1000001 WHERE id = ?", [second.id]);
      await page.goto(`/admin/channels/${id}`);
      await page.getByRole("button", { name: "Refresh now" }).click();
      await expect(page.getByText("Channel refreshed").first()).toBeVisible();
      await flushServerCaches(request);
      await page.goto(`/channel/${slug}`);
      expect((await titleIdsOn(page)).slice(0, 2)).toEqual([second.id, first.id]);

      // Deleting a title removes it from this channel and every other one at once.
      await adminDb("INSERT INTO channel_items (channel_id, variant, position, title_id) SELECT id, '', 999, ? FROM channels WHERE slug = 'popular-movies'", [second.id]);
      await adminDb("DELETE FROM titles WHERE id = ?", [second.id]);
      await flushServerCaches(request);
      await page.goto(`/channel/${slug}`);
      expect(await titleIdsOn(page)).not.toContain(second.id);
      const [{ n }] = await adminDb<{ n: number }>("SELECT count(*) AS n FROM channel_items WHERE title_id = ?", [second.id]);
      expect(Number(n)).toBe(0);
    });
  });
}

test("api: channels list and a nested channel's rows one level deep", async ({ request }) => {
  const list = await (await request.get("/api/v1/channels?per_page=100")).json();
  expect(list.pagination.data.map((c: { slug: string }) => c.slug)).toContain("home");
  const home = await (await request.get("/api/v1/channels/home")).json();
  expect(home.channel.source).toBe("nested");
  const popular = home.items.data.find((i: { slug: string }) => i.slug === "popular-movies");
  expect(popular.items).toHaveLength(20);
  expect(popular.items[0].kind).toBe("title");
  expect((await request.get("/api/v1/channels/no-such-channel")).status()).toBe(404);
  expect((await request.get("/api/v1/channels/home?page=999999")).status()).toBe(422);
});

test.describe("with JavaScript", () => {
  test("an admin reorders a manual channel's items by dragging one onto another", async ({ page, context, baseURL }) => {
    const admin = await createAdmin("channels-drag");
    await signIn(context, baseURL, admin);
    const picks = [await createTestTitle(unique("Drag Pick One")), await createTestTitle(unique("Drag Pick Two")), await createTestTitle(unique("Drag Pick Three"))];
    await createChannelInAdmin(page, { name: unique("Dragged picks"), source: "manual" });
    await expect(page.getByText("Channel saved").first()).toBeVisible();
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    for (const pick of picks) await addByPicker(page, pick.name);
    const items = page.getByTestId("channel-editor-item");
    await expect(items).toHaveCount(3);
    // Drag the third item onto the first: it goes before it.
    await items.nth(2).dragTo(items.nth(0));
    await expect(page.getByText("Order saved").first()).toBeVisible();
    await expect(items.nth(0)).toContainText(picks[2].name);
    await expect(items.nth(1)).toContainText(picks[0].name);
    await expect(items.nth(2)).toContainText(picks[1].name);
    const stored = await adminDb<{ title_id: number }>("SELECT title_id FROM channel_items WHERE channel_id = ? ORDER BY position", [id]);
    expect(stored.map((r) => Number(r.title_id))).toEqual([picks[2].id, picks[0].id, picks[1].id]);
  });
});

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`channels admin rules ${mode}`, () => {
    test.use({ javaScriptEnabled });

    test.beforeEach(async ({ context, baseURL, request }) => {
      await setSettings(request, HOME_DEFAULTS);
      await signIn(context, baseURL, await createAdmin(`channels-rules-${javaScriptEnabled ? "js" : "nojs"}`));
    });

    test("the seeded channels have unique names, and a second channel with a taken name gets a field message", async ({ page }) => {
      const names = await adminDb<{ name: string }>("SELECT name FROM channels");
      expect(new Set(names.map((r) => r.name.toLowerCase())).size).toBe(names.length);

      await page.goto("/admin/channels/new");
      await page.getByLabel("Name", { exact: true }).fill("trending");
      await page.getByLabel("Slug", { exact: true }).fill(unique("free-slug").replace(/\s+/g, "-"));
      await page.getByRole("button", { name: "Save channel" }).click();
      const name = page.getByLabel("Name", { exact: true });
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Another channel already has this name.")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/channels\/new$/);
      const [{ n }] = await adminDb<{ n: number }>("SELECT count(*) AS n FROM channels WHERE lower(name) = 'trending'");
      expect(Number(n)).toBe(1);
    });

    test("the Rule form shows for automatic channels only; a nested channel shows its rows", async ({ page }) => {
      await page.goto(`/admin/channels/${await channelId("home")}`);
      await expect(page.getByRole("heading", { name: "Rows" })).toBeVisible();
      await expect(page.getByTestId("channel-editor-item").first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Rule" })).toBeHidden();
      await expect(page.getByLabel("List", { exact: true })).toBeHidden();

      await page.goto(`/admin/channels/${await channelId("trending")}`);
      await expect(page.getByRole("heading", { name: "Rule" })).toBeVisible();
      await expect(page.getByLabel("List", { exact: true })).toBeVisible();

      // A new channel: the form follows the Content choice at once (CSS, so also without JavaScript).
      await page.goto("/admin/channels/new");
      const content = page.getByLabel("Content", { exact: true });
      await expect(page.getByRole("heading", { name: "Rule" })).toBeHidden();
      await content.selectOption("automatic");
      await expect(page.getByRole("heading", { name: "Rule" })).toBeVisible();
      await content.selectOption("nested");
      await expect(page.getByRole("heading", { name: "Rule" })).toBeHidden();
      await expect(page.getByText("A nested channel is made of other channels: save it, then pick its rows here.")).toBeVisible();
      await content.selectOption("manual");
      await expect(page.getByRole("heading", { name: "Rule" })).toBeHidden();
      await expect(page.getByText("A nested channel is made of other channels")).toBeHidden();
    });

    test("the Home channel and its rows have no Delete button, and a hand-made delete is refused with 422", async ({ page }) => {
      const home = await channelId("home");
      const trending = await channelId("trending");
      await page.goto(`/admin/channels/${home}`);
      await expect(page.getByTestId("channel-on-home-page")).toHaveText("The home page uses this channel, so it cannot be deleted.");
      await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

      const byHand = await page.request.post(`/admin/channels/${home}`, { form: { intent: "delete", confirmed: "yes" } });
      expect(byHand.status()).toBe(422);
      const bulk = await page.request.post("/admin/channels", { form: { intent: "delete", ids: String(trending), confirmed: "yes" } });
      expect(bulk.status()).toBe(422);
      expect(await bulk.text()).toContain("The home page uses Trending, so nothing was deleted.");
      const [{ n }] = await adminDb<{ n: number }>("SELECT count(*) AS n FROM channels WHERE id IN (?, ?)", [home, trending]);
      expect(Number(n)).toBe(2);

      // The list: no checkbox on the home page's rows, a badge instead; a channel the home page does not use still deletes.
      await page.goto("/admin/channels?q=home");
      const homeRow = page.locator(`tr[data-row-id="${home}"]`);
      await expect(homeRow.getByText("On the home page")).toBeVisible();
      await expect(homeRow.getByRole("checkbox")).toHaveCount(0);

      const spareName = unique("Spare row");
      await page.goto("/admin/channels/new");
      await page.getByLabel("Name", { exact: true }).fill(spareName);
      await page.getByRole("button", { name: "Save channel" }).click();
      await expect(page.getByText("Channel saved").first()).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/channels\/\d+$/);
      await page.getByRole("button", { name: "Delete" }).click();
      // A dialog with JavaScript, the server's confirmation panel without: both are alert dialogs.
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL(/\/admin\/channels$/);
      await expect(page.getByText("Channel deleted").first()).toBeVisible();
      expect(await adminDb("SELECT id FROM channels WHERE name = ?", [spareName])).toEqual([]);
    });
  });
}
