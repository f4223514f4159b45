import { expect, test, type Page } from "@playwright/test";
import { adminDb, createAdmin, signIn } from "./admin/fixtures";
import { setSettings } from "./fixtures/e2e-db";

/**
 * The appearance editor: edits preview live in the frame (postMessage),
 * Save stores them for everyone, Discard forgets them; invalid colours are
 * refused in the panel and by the server; messages from another origin are
 * ignored by the frame; inside the frame logout is refused and guest-only
 * pages are shown. Themes are shared by the whole site, so these tests run
 * one at a time and put the theme back.
 */
test.describe.configure({ mode: "serial" });

interface ThemeRow {
  id: number;
  name: string;
  values: string;
  is_dark: number;
  default_light: number;
  default_dark: number;
}

let original: ThemeRow[] = [];

// The editor's landing page content: the homepage must be the landing page (the seeded one is a channel).
test.beforeAll(async ({ request }) => {
  await setSettings(request, { "homepage.type": "landingPage" });
});
test.afterAll(async ({ request }) => {
  await setSettings(request, { "homepage.type": undefined });
});

test.beforeAll(async () => {
  original = await adminDb<ThemeRow>('SELECT id, name, "values", is_dark, default_light, default_dark FROM themes ORDER BY id');
});

/** Puts the themes and branding back through the Worker (which drops its caches). */
test.afterEach(async ({ browser, baseURL }) => {
  const admin = await createAdmin("appearance-restore");
  const context = await browser.newContext();
  await signIn(context, baseURL, admin);
  const response = await context.request.post(`${baseURL}/admin/appearance`, {
    data: {
      settings: { "branding.site_name": "Reelbase", "custom_code.css": "" },
      themes: original.map((row) => ({ id: row.id, name: row.name, values: JSON.parse(row.values), isDark: !!row.is_dark, defaultLight: !!row.default_light, defaultDark: !!row.default_dark })),
    },
  });
  expect(response.status()).toBe(200);
  await context.close();
});

async function openEditor(page: Page) {
  await page.goto("/admin/appearance");
  await expect(page.getByTestId("appearance-editor")).toBeVisible();
  const frame = page.frameLocator('[data-testid="appearance-frame"]');
  // The preview side announces itself once it listens in the frame; messages before that are lost.
  await expect(page.getByTestId("appearance-frame")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("preview-path")).toHaveValue("/");
  await expect(frame.getByTestId("landing-page")).toBeVisible();
  return frame;
}

async function frameVariable(page: Page, name: string) {
  const frame = page.frame({ url: /appearanceEditor=true/ })!;
  return frame.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
}

async function publicVariable(page: Page, name: string) {
  return page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
}

test("a theme colour previews in the frame before saving, and shows on the public site after", async ({ page, context, browser, baseURL }) => {
  const admin = await createAdmin("appearance");
  await signIn(context, baseURL, admin);
  await openEditor(page);
  const guest = await browser.newContext();
  const site = await guest.newPage();
  await site.goto(`${baseURL}/`);
  const before = await publicVariable(site, "--be-primary");
  expect(before).toBe("#6d28d9");

  await page.getByTestId("section-themes").click();
  await expect(page.getByTestId("theme-editor")).toBeVisible();
  await page.locator('[data-variable="--be-primary"]').fill("#e11d48");
  await expect.poll(() => frameVariable(page, "--be-primary")).toBe("#e11d48");
  // Not saved yet: the public site is unchanged.
  await site.reload();
  expect(await publicVariable(site, "--be-primary")).toBe(before);

  // A font too, and the frame follows navigation while keeping the preview.
  await page.getByLabel("Font").selectOption("serif");
  await expect.poll(() => frameVariable(page, "--be-font-family")).toContain("Charter");
  await page.getByTestId("preview-path").fill("/titles");
  await page.getByTestId("preview-path").press("Enter");
  await expect(page.getByTestId("preview-path")).toHaveValue("/titles");
  await expect.poll(() => frameVariable(page, "--be-primary")).toBe("#e11d48");

  await page.getByTestId("appearance-save").click();
  await expect(page.getByText("Appearance saved")).toBeVisible();
  await site.reload();
  expect(await publicVariable(site, "--be-primary")).toBe("#e11d48");
  expect(await publicVariable(site, "--be-font-family")).toContain("Charter");
  const [log] = await adminDb<{ action: string; after: string }>("SELECT action, after FROM audit_log WHERE subject_type = 'theme' ORDER BY id DESC LIMIT 1");
  expect(log.action).toBe("themes.update");
  expect(JSON.parse(log.after).values["--be-primary"]).toBe("#e11d48");
  await guest.close();
});

test("settings preview live and Discard reverts them", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("appearance-discard");
  await signIn(context, baseURL, admin);
  const frame = await openEditor(page);
  await page.getByTestId("section-general").click();
  await page.getByLabel("Site name").fill("Cinema Preview");
  await expect(frame.getByRole("link", { name: "Cinema Preview" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Back to sections" }).click();
  await page.getByTestId("section-custom-code").click();
  await page.getByTestId("custom-css").fill("body { outline: 4px solid rgb(9, 8, 7); }");
  await expect.poll(() => page.frame({ url: /appearanceEditor=true/ })!.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe("rgb(9, 8, 7)");

  await page.getByRole("button", { name: "Discard" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
  await expect(frame.getByRole("link", { name: "Reelbase" }).first()).toBeVisible();
  await expect.poll(() => page.frame({ url: /appearanceEditor=true/ })!.evaluate(() => getComputedStyle(document.body).outlineColor)).not.toBe("rgb(9, 8, 7)");
  expect(await adminDb("SELECT key FROM settings WHERE value LIKE '%Cinema Preview%' OR value LIKE '%rgb(9, 8, 7)%'")).toHaveLength(0);
});

test("an invalid colour is refused in the panel and by the server, and nothing is saved", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("appearance-invalid");
  await signIn(context, baseURL, admin);
  await openEditor(page);
  await page.getByTestId("section-themes").click();
  const field = page.locator('[data-variable="--be-primary"]');
  await field.fill("not-a-colour");
  await expect(page.getByText("Enter a valid colour, such as #6d28d9 or rgb(109, 40, 217).")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // The frame never got it, and there is nothing to save.
  expect(await frameVariable(page, "--be-primary")).toBe("#6d28d9");
  await expect(page.getByTestId("appearance-save")).toBeDisabled();

  // Posted by hand, the server refuses the whole save and names the value.
  const light = original[0];
  const response = await page.request.post("/admin/appearance", {
    data: {
      settings: { "branding.site_name": "Should not be saved" },
      themes: [
        { id: light.id, name: light.name, isDark: false, defaultLight: true, defaultDark: false, values: { ...JSON.parse(light.values), "--be-primary": "red; background: url(https://evil.test/x)" } },
      ],
    },
  });
  // A document request gets the page back with the action's status; the field's message itself is
  // checked where the editor reads it (app/admin/admin-changes.workers.test.ts, saveAppearance).
  expect(response.status()).toBe(422);
  const [row] = await adminDb<{ values: string }>('SELECT "values" FROM themes WHERE id = ?', [light.id]);
  expect(JSON.parse(row.values)["--be-primary"]).toBe("#6d28d9");
  expect(await adminDb("SELECT key FROM settings WHERE key = 'branding.site_name' AND value = '\"Should not be saved\"'")).toHaveLength(0);
  // Not JSON at all: a clear 400.
  const garbage = await page.request.post("/admin/appearance", { data: "nonsense", headers: { "Content-Type": "application/json" } });
  expect(garbage.status()).toBe(400);
});

test("messages to the preview frame from another origin are ignored", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("appearance-origin");
  await signIn(context, baseURL, admin);
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await context.route("http://evil.test/**", (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>evil</title><p>another site</p>" }));
  await openEditor(page);

  // A window of another site that got hold of the frame (opened by the editor, so it has an opener).
  const [evil] = await Promise.all([page.waitForEvent("popup"), page.evaluate(() => window.open("http://evil.test/", "_blank"))]);
  await evil.waitForLoadState();
  await evil.evaluate(() => {
    const frame = (window.opener as Window).frames[0];
    frame.postMessage({ source: "be-appearance-editor", type: "setThemeValue", name: "--be-primary", value: "#00ff00" }, "*");
    frame.postMessage({ source: "be-appearance-editor", type: "setCustomCode", mode: "html", value: "<p id='evil'>owned</p>" }, "*");
    frame.postMessage({ source: "be-appearance-editor", type: "navigate", path: "/login" }, "*");
  });
  await expect.poll(() => warnings.filter((w) => w.includes("ignored a message from http://evil.test")).length).toBe(3);
  expect(await frameVariable(page, "--be-primary")).toBe("#6d28d9");
  await expect(page.frameLocator('[data-testid="appearance-frame"]').locator("#evil")).toHaveCount(0);
  await expect(page.getByTestId("preview-path")).toHaveValue("/");
  await evil.close();

  // Same site but without the marker, or malformed: ignored without a fuss.
  await page.evaluate(() => {
    const frame = (document.querySelector('[data-testid="appearance-frame"]') as HTMLIFrameElement).contentWindow!;
    frame.postMessage({ type: "setThemeValue", name: "--be-primary", value: "#00ff00" }, window.location.origin);
    frame.postMessage({ source: "be-appearance-editor", type: "setThemeValue", name: "--be-primary" }, window.location.origin);
    frame.postMessage("not an object", window.location.origin);
  });
  // The editor's own messages still work.
  await page.getByTestId("section-themes").click();
  await page.locator('[data-variable="--be-primary"]').fill("#0d9488");
  await expect.poll(() => frameVariable(page, "--be-primary")).toBe("#0d9488");
});

test("inside the editor frame logout is refused and guest-only pages are shown", async ({ page, context, baseURL }) => {
  const admin = await createAdmin("appearance-frame");
  await signIn(context, baseURL, admin);
  const frame = await openEditor(page);

  // The user menu refuses before any request.
  let logoutRequests = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/auth/logout") logoutRequests++;
  });
  // The landing page has a user menu in its navbar and in its mobile drawer: the one on screen.
  // A click before the frame has hydrated can be lost: open the menu until its items show.
  const logout = frame.getByTestId("logout").filter({ visible: true }).first();
  await expect(async () => {
    await frame.getByTestId("user-menu").filter({ visible: true }).first().click();
    await expect(logout).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await logout.click();
  await expect(frame.getByText("Can't logout while in appearance editor")).toBeVisible();
  expect(logoutRequests).toBe(0);

  // The server refuses too when the post comes from the editor frame.
  const refused = await page.request.post("/auth/logout", { headers: { Referer: `${baseURL}/titles?appearanceEditor=true` }, maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toBe("/titles?appearanceEditor=true");
  expect((await page.request.get("/api/v1/users/me")).status()).toBe(200);

  // The sign-in page shows for a signed-in admin inside the frame; outside it redirects.
  await page.getByTestId("preview-path").fill("/login");
  await page.getByTestId("preview-path").press("Enter");
  await expect(frame.getByTestId("login-form")).toBeVisible();
  const outside = await page.request.get("/login", { maxRedirects: 0 });
  expect(outside.status()).toBe(302);
  // Links followed inside the frame keep the editor mode.
  await frame.getByRole("link", { name: "Sign up." }).click();
  await expect(page.getByTestId("preview-path")).toHaveValue("/register");
  await expect(frame.getByRole("heading", { name: "Create a new account" })).toBeVisible();
});

test("a channel homepage (type and channel) previews in the frame before it is saved", async ({ page, context, browser, baseURL }) => {
  const admin = await createAdmin("appearance-homepage");
  await signIn(context, baseURL, admin);
  const frame = await openEditor(page);
  await page.getByTestId("section-homepage").click();
  await page.getByTestId("homepage-type").selectOption("channel");
  await page.getByTestId("homepage-channel").selectOption({ label: "Popular movies" });
  const preview = frame.getByTestId("homepage-channel-preview");
  await expect(preview.getByTestId("channel-page")).toHaveAttribute("data-channel", "popular-movies");
  await expect(frame.getByTestId("landing-page")).toHaveCount(0);
  const [first] = await adminDb<{ id: number; name: string }>(
    "SELECT t.id, t.name FROM channel_items ci JOIN channels c ON c.id = ci.channel_id JOIN titles t ON t.id = ci.title_id WHERE c.slug = 'popular-movies' ORDER BY ci.position LIMIT 1",
  );
  await expect(preview.getByTestId("channel-item").first()).toHaveAttribute("href", new RegExp(`^/titles/${first.id}/`));
  // The nested home channel previews with its rows.
  await page.getByTestId("homepage-channel").selectOption({ label: "Home" });
  await expect(preview.getByTestId("channel-page")).toHaveAttribute("data-channel", "home");
  await expect(preview.getByTestId("channel-row").first()).toBeVisible();

  // Nothing is saved: visitors still get the landing page, and Discard brings it back in the frame.
  const guest = await browser.newContext();
  const site = await guest.newPage();
  await site.goto(`${baseURL}/`);
  await expect(site.getByTestId("landing-page")).toBeVisible();
  // The frame's source of channel rows is for appearance editors only.
  const refused = await guest.request.get(`${baseURL}/admin/appearance/homepage-channel/home`, { maxRedirects: 0 });
  expect(refused.status()).not.toBe(200);
  expect(await refused.text()).not.toContain("popular-movies");
  await guest.close();
  expect(await adminDb("SELECT key FROM settings WHERE key = 'homepage.type' AND value LIKE '%channel%'")).toHaveLength(0);
  await page.getByRole("button", { name: "Discard" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
  await expect(frame.getByTestId("landing-page")).toBeVisible();
});
