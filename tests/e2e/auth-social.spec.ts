import { expect, test, type Page } from "@playwright/test";
import { Events, OAuth2Server } from "oauth2-mock-server";
import { E2E_BASE_URL } from "../../playwright.config";
import { queryDb, setSetting } from "./auth/db";
import { PASSWORD, registerAndVerify, signOut, uniqueEmail, uniqueIp } from "./auth/helpers";
import { oauthMockPort } from "./auth/worker-vars";

/**
 * Social sign-in against a real OAuth2 server (oauth2-mock-server: code flow
 * with PKCE, auto-approving), standing in for Google at the URLs the e2e
 * Worker was given (tests/e2e/auth/worker-vars.ts). Serial: one mock server
 * on a fixed port, and each test sets the profile it hands out.
 */
test.describe.configure({ mode: "serial" });

let server: OAuth2Server;
let profile: Record<string, unknown> = {};

test.beforeAll(async ({ request }) => {
  server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(oauthMockPort(Number(new URL(E2E_BASE_URL).port)), "localhost");
  server.service.on(Events.BeforeUserinfo, (response: { body: unknown; statusCode: number }) => {
    if (profile.__error) {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
      return;
    }
    response.body = profile;
  });
  await setSetting(request, "social.google.enable", true);
});

test.afterAll(async () => {
  await server?.stop();
});

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

function googleProfile(email: string, sub = `g-${Math.random().toString(36).slice(2)}`) {
  return { sub, email, email_verified: true, name: "Grace Hopper", given_name: "Grace", family_name: "Hopper" };
}

async function usersWithEmail(email: string) {
  return queryDb<{ id: number; email_verified_at: number | null; password: string | null }>("SELECT id, email_verified_at, password FROM users WHERE email = ?", [email]);
}

test.describe("without JavaScript (full-page redirect)", () => {
  test.use({ javaScriptEnabled: false });

  test("a new Google account creates a verified user and signs in", async ({ page }) => {
    const email = uniqueEmail("social-new");
    profile = googleProfile(email);
    await page.goto("/login");
    await page.getByTestId("social-google").click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`, { timeout: 20_000 });
    await expect(page.locator("[data-testid=user-menu]:visible").first()).toBeVisible({ timeout: 20_000 });
    const [user] = await usersWithEmail(email);
    expect(user.email_verified_at).not.toBeNull();
    expect(user.password).toBeNull();
    const links = await queryDb("SELECT service_name FROM social_profiles WHERE user_id = ?", [user.id]);
    expect(links).toEqual([{ service_name: "google" }]);
  });

  test("an existing account asks for its password (REQUEST_PASSWORD), then connects", async ({ page }) => {
    const email = uniqueEmail("social-existing");
    await registerAndVerify(page, email, { js: false });
    await signOut(page, { js: false });
    profile = googleProfile(email);
    await page.goto("/login");
    await page.getByTestId("social-google").click();
    await expect(page).toHaveURL(/\/login\?social=connect$/, { timeout: 20_000 });
    await expect(page.getByText("An account with this email address already exists.")).toBeVisible();
    const form = page.getByTestId("social-password-form");
    await form.getByLabel("Password").fill("not the password");
    await form.getByRole("button", { name: "Connect" }).click();
    await expect(page).toHaveURL(/\/login\?social=connect$/, { timeout: 20_000 });
    await expect(page.getByTestId("toast")).toContainText("The password is incorrect.");
    await page.getByTestId("social-password-form").getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("social-password-form").getByRole("button", { name: "Connect" }).click();
    await expect(page.locator("[data-testid=user-menu]:visible").first()).toBeVisible({ timeout: 20_000 });
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  test("a provider failure comes back as a danger toast", async ({ page }) => {
    profile = { __error: true };
    await page.goto("/login");
    await page.getByTestId("social-google").click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await expect(page.getByTestId("toast")).toHaveAttribute("data-type", "danger");
    await expect(page.getByTestId("toast")).toContainText("An error occurred. Please try again later");
  });
});

test.describe("with JavaScript (550 x 650 popup)", () => {
  /** Clicks the Google button; resolves when the popup has done its work and closed. Returns window.open's features. */
  async function clickGoogle(page: Page) {
    await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
    // The features are reported as a console message: the page may already be navigating
    // (a direct sign-in) by the time the test could read them back from it.
    await page.evaluate(() => {
      const open = window.open.bind(window);
      window.open = (url, target, features) => {
        console.info(`popup-features:${String(features)}`);
        return open(url, target, features);
      };
    });
    const popupPromise = page.waitForEvent("popup");
    const reported = page.waitForEvent("console", (message) => message.text().startsWith("popup-features:"));
    await page.getByTestId("social-google").click();
    const features = (await reported).text().slice("popup-features:".length);
    const popup = await popupPromise;
    if (!popup.isClosed()) await popup.waitForEvent("close");
    return features;
  }

  test("REQUEST_PASSWORD opens the password modal; then the same Google account signs in directly", async ({ page }) => {
    test.slow();
    const email = uniqueEmail("popup");
    await registerAndVerify(page, email, { js: true });
    await signOut(page);
    const sub = `g-popup-${Date.now()}`;
    profile = googleProfile(email, sub);
    await page.goto("/login");
    const features = await clickGoogle(page);
    expect(features).toContain("width=550");
    expect(features).toContain("height=650");
    const dialog = page.getByRole("dialog", { name: "Password required" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Connect" }).click();
    await expect(page.locator("[data-testid=user-menu]:visible").first()).toBeVisible({ timeout: 20_000 });

    await signOut(page);
    await page.goto("/login");
    await clickGoogle(page);
    await expect(page.locator("[data-testid=user-menu]:visible").first()).toBeVisible({ timeout: 20_000 });
  });

  test("a social-auth message from another origin is ignored", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
    await page.evaluate(() => {
      window.dispatchEvent(new MessageEvent("message", { origin: "https://evil.example", data: { type: "social-auth", status: "SUCCESS", redirectTo: "/evil" } }));
      window.dispatchEvent(new MessageEvent("message", { origin: "https://evil.example", data: { type: "social-auth", status: "REQUEST_PASSWORD" } }));
    });
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
