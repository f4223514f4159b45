import { expect, test, type Page } from "@playwright/test";
import { adminDb, createAdmin, createTestTitle, signIn } from "./admin/fixtures";
import { flushServerCaches, setSettings } from "./fixtures/e2e-db";

/**
 * Channels (decision 022), with and without JavaScript: the
 * seeded home page's rows, a row that scrolls, genre pages, an admin's manual
 * channel reordered and put on the home page, an automatic "top rated
 * series" channel following a rating change, a deleted title leaving every
 * channel, and bad input. The home page setting is global: serial.
 */
test.describe.configure({ mode: "serial" });

const HOME_DEFAULTS = { "homepage.type": undefined, "homepage.channel": undefined };

test.afterAll(async ({ request }) => {
  await setSettings(request, HOME_DEFAULTS);
});

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
  const list = await (await request.get("/api/v1/channels?perPage=100")).json();
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
