import { expect, test } from "@playwright/test";
import { adminDb, createAdmin, signIn } from "./admin/fixtures";
import { setSettings } from "./fixtures/e2e-db";

/**
 * The channels admin (decision 043), with and without JavaScript: no two
 * channels share a name, the Rule form shows only for automatic channels
 * (a nested one shows its rows instead), and the channels the home page
 * uses have no Delete button and cannot be deleted by a hand-made request.
 * The home page setting is global: serial.
 */
test.describe.configure({ mode: "serial" });

const HOME_DEFAULTS = { "homepage.type": undefined, "homepage.channel": undefined };

function unique(name: string) {
  return `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function channelId(slug: string) {
  const [row] = await adminDb<{ id: number }>("SELECT id FROM channels WHERE slug = ?", [slug]);
  return Number(row.id);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test.describe(`channels admin ${mode}`, () => {
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
