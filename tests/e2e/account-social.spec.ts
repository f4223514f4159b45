import { expect, test } from "@playwright/test";
import { Events, OAuth2Server } from "oauth2-mock-server";
import { E2E_BASE_URL } from "../../playwright.config";
import { queryE2e, setSettings } from "./fixtures/e2e-db";
import { facebookMockPort } from "./account/worker-vars";
import { createAccountUser, expectToast, openSettings, uniqueIp } from "./account/fixtures";

/**
 * Social login in account settings: Enable runs the connect flow
 * through a real OAuth2 server (oauth2-mock-server, code flow with PKCE,
 * auto-approving) standing in for Facebook at the URLs the e2e Worker was
 * given (tests/e2e/account/worker-vars.ts); Disable disconnects, except the
 * last way to sign in. Serial: one mock server, one profile at a time.
 */
test.describe.configure({ mode: "serial" });

let server: OAuth2Server;
let profile: Record<string, unknown> = {};

test.beforeAll(async ({ request }) => {
  server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(facebookMockPort(Number(new URL(E2E_BASE_URL).port)), "localhost");
  server.service.on(Events.BeforeUserinfo, (response: { body: unknown }) => {
    response.body = profile;
  });
  await setSettings(request, { "social.facebook.enable": true });
});

test.afterAll(async ({ request }) => {
  await setSettings(request, { "social.facebook.enable": undefined });
  await server?.stop();
});

test.beforeEach(async ({ context }) => {
  test.setTimeout(60_000);
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

function facebookProfile(name = "Grace Hopper") {
  return { id: `fb-${Math.random().toString(36).slice(2)}`, name, email: `fb-${Math.random().toString(36).slice(2)}@example.test`, first_name: "Grace", last_name: "Hopper" };
}

async function links(userId: number) {
  return queryE2e<{ service_name: string; username: string }>("SELECT service_name, username FROM social_profiles WHERE user_id = ?", [userId]);
}

test("with JavaScript: Enable in the popup, then Disable", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  profile = facebookProfile("Grace Popup");
  await openSettings(page, { hash: "#social-login" });
  const row = page.getByTestId("social-facebook");
  await expect(row).toContainText("Not connected");
  const [popup] = await Promise.all([page.waitForEvent("popup"), row.getByRole("link", { name: "Enable" }).click()]);
  await expectToast(page, "Enabled Facebook account");
  // The popup posted its result to this page and closed itself.
  await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
  await expect(row).toContainText("Connected as Grace Popup");
  expect(await links(user.userId)).toEqual([{ service_name: "facebook", username: "Grace Popup" }]);

  await row.getByRole("button", { name: "Disable" }).click();
  await expectToast(page, "Disabled Facebook account");
  await expect(row).toContainText("Not connected");
  expect(await links(user.userId)).toEqual([]);
});

test("the last way to sign in cannot be disabled", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!, { password: null });
  await queryE2e("INSERT INTO social_profiles (user_id, service_name, user_service_id, username) VALUES (?, 'facebook', ?, 'Only Way')", [user.userId, `fb-only-${user.userId}`]);
  await openSettings(page, { hash: "#social-login" });
  const row = page.getByTestId("social-facebook");
  await row.getByRole("button", { name: "Disable" }).click();
  await expectToast(page, "Your Facebook account is the only way to sign in to this account. Set a password first, then disable it.");
  await expect(row).toContainText("Connected as Only Way");
  expect(await links(user.userId)).toHaveLength(1);
  // The JSON endpoint refuses it too.
  const response = await page.request.post("/secure/auth/social/facebook/disconnect");
  expect(response.status()).toBe(422);
  expect(await links(user.userId)).toHaveLength(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Enable goes through the provider and back, with the toast; Disable posts the form", async ({ page, context, baseURL }) => {
    const user = await createAccountUser(context, baseURL!);
    profile = facebookProfile("Grace Redirect");
    await openSettings(page, { js: false, hash: "#social-login" });
    await page.getByTestId("social-facebook").getByRole("link", { name: "Enable" }).click();
    await expect(page).toHaveURL(/\/account-settings#social-login$/);
    await expectToast(page, "Enabled Facebook account");
    await expect(page.getByTestId("social-facebook")).toContainText("Connected as Grace Redirect");
    await page.getByTestId("social-facebook").getByRole("button", { name: "Disable" }).click();
    await expectToast(page, "Disabled Facebook account");
    expect(await links(user.userId)).toEqual([]);
  });
});
