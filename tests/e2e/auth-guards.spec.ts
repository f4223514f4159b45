import { expect, test } from "@playwright/test";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, signInContext } from "./fixtures/signed-in-user";
import { uniqueIp } from "./auth/helpers";

/**
 * Route guards across the site, with and without
 * JavaScript: a guest on any page that needs an account goes to /login with
 * a return address; a signed-in user leaves the guest-only pages; logout is a
 * POST only; a signed-in user without a permission goes to /pricing while
 * billing is on and they are not subscribed. (The 404 branch of that rule and
 * the 401/403 safety net run in app/auth/flows.workers.test.ts: they need
 * billing off or a subscription without the permission.)
 */
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

const PROTECTED = ["/account-settings", "/notifications", "/notifications/settings", "/workspaces", "/billing", "/api-docs", "/admin", "/admin/users"];
const GUEST_ONLY = ["/login", "/register", "/forgot-password", "/workspace/join/login"];

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("a guest on a page that needs an account goes to /login and keeps the address", async ({ page }) => {
      test.slow();
      for (const path of PROTECTED) {
        await page.goto(`${path}?tab=1`);
        await expect(page, path).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(`${path}?tab=1`).replace(/[?]/g, "\\?")}$`), { timeout: 20_000 });
        await expect(page.getByTestId("login-form")).toBeVisible();
      }
    });

    test("a signed-in user leaves the guest-only pages, to a same-site redirect only", async ({ page, context, baseURL }) => {
      await signInContext(context, baseURL!, await createSignedInUser("guest-only"));
      for (const path of GUEST_ONLY) {
        await page.goto(path);
        await expect(page, path).toHaveURL(/\/$/, { timeout: 20_000 });
      }
      await page.goto("/login?redirect=%2Fnotifications");
      await expect(page).toHaveURL(/\/notifications$/, { timeout: 20_000 });
      await page.goto("/login?redirect=https%3A%2F%2Fevil.example%2F");
      await expect(page).toHaveURL(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/$/, { timeout: 20_000 });
    });
  });
}

test("logout is a POST only: a GET (a link, a prefetch) signs nobody out", async ({ page, context, baseURL }) => {
  const user = await createSignedInUser("logout");
  await signInContext(context, baseURL!, user);
  const get = await page.request.get("/auth/logout", { maxRedirects: 0 });
  expect([404, 405]).toContain(get.status());
  await page.goto("/account-settings");
  await expect(page).toHaveURL(/\/account-settings$/);
  const post = await page.request.post("/auth/logout", { maxRedirects: 0, headers: { Origin: baseURL! } });
  expect(post.status()).toBe(302);
  expect(post.headers().location).toBe("/login");
  expect(await queryE2e("SELECT id FROM sessions WHERE user_id = ?", [user.userId])).toHaveLength(0);
  await page.goto("/account-settings");
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount-settings$/);
});

test("a signed-in user without the permission goes to /pricing while billing is on and they are not subscribed", async ({ page, context, baseURL }) => {
  const user = await createSignedInUser("no-perm");
  // No roles: none of the default role's permissions (api.access, notifications.subscribe).
  await queryE2e("DELETE FROM user_roles WHERE user_id = ?", [user.userId]);
  await signInContext(context, baseURL!, user);
  for (const path of ["/api-docs", "/notifications/settings"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/pricing$/, { timeout: 20_000 });
  }
});
