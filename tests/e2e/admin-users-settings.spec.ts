import { expect, test } from "@playwright/test";
import { hashPassword } from "../../app/auth/password.server";
import { setSettings } from "./fixtures/e2e-db";
import { createSignedInUser } from "./fixtures/signed-in-user";
import { uniqueIp } from "./auth/helpers";
import { adminDb, createAdmin, signIn } from "./admin/fixtures";

/**
 * Users (ban and its effect on signing in, CSV export), settings pages with
 * and without JavaScript (homepage type, validation), custom pages (duplicate
 * slugs, sanitised bodies) and custom HTML on the public site (scripts only
 * when the setting allows, and then with the page's nonce).
 */
const PASSWORD = "a long enough passphrase";

test.describe("users", () => {
  test("a banned user is signed out everywhere and cannot sign in again", async ({ page, context, browser, baseURL }) => {
    // Three browsers and a dozen page loads: more than the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    const admin = await createAdmin("banning");
    await signIn(context, baseURL, admin);
    const victim = await createSignedInUser("to-ban");
    await adminDb("UPDATE users SET password = ? WHERE id = ?", [await hashPassword(PASSWORD), victim.userId]);

    const victimContext = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": uniqueIp() } });
    await victimContext.addCookies([{ name: "session", value: encodeURIComponent(victim.cookieValue), url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    const victimPage = await victimContext.newPage();
    await victimPage.goto(`${baseURL}/account-settings`);
    await expect(victimPage).toHaveURL(/\/account-settings/);

    await page.goto("/admin/users");
    await page.getByRole("searchbox", { name: "Search" }).fill(victim.email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("list-summary")).toHaveText("Showing 1–1 of 1");
    // A nameless account is "Member <id>" (decision 021): its row is found by its e-mail.
    await page.getByRole("row").filter({ hasText: victim.email }).getByRole("link").first().click();
    await page.getByTestId("ban-reason").fill("Spam in every comment");
    await page.getByRole("button", { name: "Ban user" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Ban" }).click();
    // The toast may be gone on a slow machine; the page itself shows the ban.
    await expect(page.getByText("Reason: Spam in every comment")).toBeVisible();

    // Their session is gone: the next page load is a guest's.
    await victimPage.goto(`${baseURL}/account-settings`);
    await expect(victimPage).toHaveURL(/\/login/);
    const form = victimPage.getByTestId("login-form");
    await form.getByLabel("Email").fill(victim.email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(victimPage.getByText("This account has been suspended.")).toBeVisible();
    await victimContext.close();

    // The list filter finds them, unbanning lets them in again.
    await page.goto(`/admin/users?banned=yes&q=${encodeURIComponent(victim.email)}`);
    await expect(page.getByTestId("data-table").getByText("Banned", { exact: true })).toBeVisible();
    const [log] = await adminDb<{ action: string; after: string }>("SELECT action, after FROM audit_log WHERE subject_type = 'user' AND subject_id = ? ORDER BY id DESC LIMIT 1", [
      String(victim.userId),
    ]);
    expect(log.action).toBe("users.ban");
    expect(JSON.parse(log.after)).toMatchObject({ banReason: "Spam in every comment" });
  });

  test("an admin cannot ban themselves, and the reason is required", async ({ page, context, baseURL }) => {
    const admin = await createAdmin("self-ban");
    await signIn(context, baseURL, admin);
    await page.goto(`/admin/users/${admin.userId}`);
    await expect(page.getByRole("button", { name: "Ban user" })).toHaveCount(0);
    const refused = await page.request.post(`/admin/users/${admin.userId}`, { form: { intent: "ban", reason: "no", confirmed: "yes" } });
    expect(refused.status()).toBe(400);
    const other = await createSignedInUser("needs-reason");
    const empty = await page.request.post(`/admin/users/${other.userId}`, { form: { intent: "ban", reason: "", confirmed: "yes" } });
    expect(empty.status()).toBe(400);
    const [row] = await adminDb<{ banned_at: number | null }>("SELECT banned_at FROM users WHERE id = ?", [other.userId]);
    expect(row.banned_at).toBeNull();
  });

  test("the user list exports as CSV with its filters", async ({ page, context, baseURL }) => {
    const admin = await createAdmin("csv");
    await signIn(context, baseURL, admin);
    const someone = await createSignedInUser("csv-row");
    await adminDb("UPDATE users SET first_name = '=HYPERLINK(\"x\")' WHERE id = ?", [someone.userId]);
    const response = await page.request.get(`/admin/users/export?q=${encodeURIComponent(someone.email)}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    expect(response.headers()["content-disposition"]).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe("id,email,first_name,last_name,display_name,roles,email_verified_at,subscribed,banned_at,ban_reason,created_at");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(someone.email);
    // A formula in a name is defused for spreadsheets.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

test.describe("settings", () => {
  test.describe.configure({ mode: "serial" });
  test.afterEach(async ({ request }) => {
    await setSettings(request, { "homepage.type": undefined, "homepage.value": undefined, "custom_code.html": undefined, "custom_code.css": undefined, "custom_code.allow_scripts": undefined });
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`the homepage type changes what / shows (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const admin = await createAdmin("homepage");
      await signIn(context, baseURL, admin);
      await page.goto(`${baseURL}/admin/settings/homepage`);
      await page.getByLabel("Homepage type").selectOption("loginPage");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Settings saved")).toBeVisible();
      await expect(page.getByLabel("Homepage type")).toHaveValue("loginPage");

      const guest = await browser.newContext({ javaScriptEnabled });
      const guestPage = await guest.newPage();
      await guestPage.goto(`${baseURL}/`);
      await expect(guestPage.getByTestId("login-form")).toBeVisible();
      await expect(guestPage.getByTestId("landing-page")).toHaveCount(0);

      // Back to the landing page. The first save's toast may still be showing: wait for this save's own answer.
      await page.getByLabel("Homepage type").selectOption("landingPage");
      const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/settings/homepage"));
      await page.getByRole("button", { name: "Save settings" }).click();
      expect((await saved).status()).toBeLessThan(400);
      await expect(page.getByLabel("Homepage type")).toHaveValue("landingPage");
      await guestPage.goto(`${baseURL}/`);
      await expect(guestPage.getByTestId("landing-page")).toBeVisible();
      const [log] = await adminDb<{ action: string; before: string; after: string }>("SELECT action, before, after FROM audit_log WHERE subject_type = 'setting' ORDER BY id DESC LIMIT 1");
      expect(log.action).toBe("settings.update");
      expect(JSON.parse(log.after)).toEqual({ "homepage.type": "landingPage" });
      await guest.close();
      await context.close();
    });
  }

  test("invalid settings get messages on their fields and nothing is saved", async ({ page, context, baseURL }) => {
    const watched = "SELECT key, value FROM settings WHERE key IN ('branding.site_name', 'uploads.max_size', 'uploads.blocked_extensions') ORDER BY key";
    const before = await adminDb(watched);
    const admin = await createAdmin("bad-settings");
    await signIn(context, baseURL, admin);
    await page.goto("/admin/settings/general");
    await page.getByLabel("Site name").fill("");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("form-errors")).toBeVisible();
    await expect(page.getByTestId("field-error").first()).toHaveText("This field is required.");
    await page.goto("/admin/settings/uploads");
    await page.getByLabel("Largest file (MB)").fill("-3");
    await page.getByLabel("Blocked types").fill("exe\nnot a type!!");
    // The browser's own check (min 1) would stop -3 before sending; the server must refuse it as well.
    await page.locator("#settings-form").evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Enter a number of megabytes greater than 0.")).toBeVisible();
    await expect(page.getByText(/Line 2:/)).toBeVisible();
    expect(await adminDb(watched)).toEqual(before);
  });

  test("custom HTML: scripts are stripped unless allowed, and then carry the page's nonce", async ({ page, context, baseURL, request }) => {
    const admin = await createAdmin("custom-code");
    await signIn(context, baseURL, admin);
    await page.goto("/admin/settings/custom-code");
    await page.getByLabel("Custom CSS", { exact: true }).fill("body { outline: 3px solid rgb(1, 2, 3); } </style><script>alert(1)</script>");
    await page
      .getByLabel("Custom HTML", { exact: true })
      .fill('<div id="e2e-banner" onclick="alert(1)">Hello from custom HTML<a href="javascript:alert(2)">x</a></div><script>window.__customRan = true;</script>');
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();

    const guest = await context.browser()!.newContext();
    const guestPage = await guest.newPage();
    const errors: string[] = [];
    guestPage.on("console", (m) => (m.type() === "error" ? errors.push(m.text()) : undefined));
    await guestPage.goto(`${baseURL}/pages/about`);
    await expect(guestPage.locator("#e2e-banner")).toHaveText("Hello from custom HTMLx");
    expect(await guestPage.locator("#e2e-banner").getAttribute("onclick")).toBeNull();
    expect(await guestPage.locator("#e2e-banner a").getAttribute("href")).toBeNull();
    expect(await guestPage.locator("#be-custom-html script").count()).toBe(0);
    expect(await guestPage.evaluate(() => (window as unknown as { __customRan?: boolean }).__customRan ?? false)).toBe(false);
    // The style sheet cannot close its element and smuggle a script in.
    expect(await guestPage.evaluate(() => getComputedStyle(document.body).outlineColor)).toBe("rgb(1, 2, 3)");
    expect(await guestPage.locator("head script:not([nonce])").count()).toBe(0);

    // Allowed: the script runs, carrying this response's nonce.
    await page.getByLabel("Allow scripts in custom HTML").check();
    // The first save's toast may still be showing: wait for this save's own answer.
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/settings/custom-code"));
    await page.getByRole("button", { name: "Save settings" }).click();
    expect((await saved).status()).toBeLessThan(400);
    await expect(page.getByText("Settings saved")).toBeVisible();
    const response = await guestPage.goto(`${baseURL}/pages/about`);
    await expect.poll(() => guestPage.evaluate(() => (window as unknown as { __customRan?: boolean }).__customRan ?? false)).toBe(true);
    const csp = response!.headers()["content-security-policy"];
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await guestPage.locator("#be-custom-html script").getAttribute("nonce")).toBe("");
    expect(await guestPage.locator("#be-custom-html script").evaluate((s) => (s as HTMLScriptElement).nonce)).toBe(nonce);
    // Never inside the admin area.
    await page.goto("/admin");
    expect(await page.locator("#be-custom-html").count()).toBe(0);
    await guest.close();
    void request;
  });
});

test.describe("custom pages", () => {
  test("a duplicate slug is refused on its field; the body is sanitised", async ({ page, context, baseURL }) => {
    const admin = await createAdmin("pages");
    await signIn(context, baseURL, admin);
    await page.goto("/admin/pages/new");
    const title = `Another about page ${Date.now().toString(36)}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug").fill("about");
    await page.getByRole("button", { name: "Save page" }).click();
    await expect(page.getByText("Another page already uses this slug.")).toBeVisible();
    expect(await adminDb("SELECT id FROM custom_pages WHERE title = ?", [title])).toHaveLength(0);

    const slug = `admin-page-${Date.now().toString(36)}`;
    await page.getByLabel("Slug").fill(slug);
    await page.getByRole("tab", { name: "HTML" }).click();
    await page.getByLabel("Content").fill('<h2>Hello</h2><p onclick="steal()">Text <img src=x onerror="alert(1)"></p><script>alert(1)</script><a href="javascript:alert(1)">bad</a>');
    await page.getByRole("button", { name: "Save page" }).click();
    await expect(page.getByText("Page saved")).toBeVisible();
    const [row] = await adminDb<{ body: string }>("SELECT body FROM custom_pages WHERE slug = ?", [slug]);
    expect(row.body).toContain("<h2>Hello</h2>");
    expect(row.body).not.toMatch(/onclick|onerror|<script|javascript:/);
    await page.goto(`/pages/${slug}`);
    await expect(page.getByRole("heading", { name: "Hello" })).toBeVisible();
  });
});
