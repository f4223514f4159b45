import { expect, test } from "@playwright/test";
import { SAMPLE_JPEG } from "../support/test-images";
import { queryE2e } from "./fixtures/e2e-db";
import { addOtherSession, createAccountUser, expectToast, openSettings, PASSWORD, uniqueIp, userRow } from "./account/fixtures";

/**
 * Account settings without JavaScript: every form is a plain POST
 * to the route's action with an `intent`, and the answer is the page again
 * (with a flashed toast, or with the messages on the fields).
 */
test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ context }) => {
  test.setTimeout(60_000);
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

test("account details and profile image", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await openSettings(page, { js: false });
  const form = page.getByTestId("account-details-form");
  await form.getByLabel("First name").fill("Grace");
  await form.getByLabel("Last name").fill("Hopper");
  await form.getByLabel("Display name").fill("");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/account-settings#account-details$/);
  await expectToast(page, "Updated account details");
  await expect(page.getByTestId("profile-link")).toHaveText(`/user/${user.userId}/grace-hopper`);
  expect(await userRow(user.userId)).toMatchObject({ first_name: "Grace", last_name: "Hopper", display_name: null });

  const editor = page.getByTestId("avatar-editor");
  await editor.getByTestId("avatar-file").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: Buffer.from(SAMPLE_JPEG) });
  await editor.getByRole("button", { name: "Upload image" }).click();
  await expectToast(page, "Uploaded avatar");
  await expect(page.getByTestId("avatar-image")).toHaveAttribute("src", /^\/files\/[a-f0-9]{32}$/);
  await editor.getByRole("button", { name: "Remove image" }).click();
  await expectToast(page, "Removed avatar");
  await expect(page.getByTestId("avatar-initials")).toBeVisible();
});

test("password: errors on the fields, then changed", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await openSettings(page, { js: false });
  const form = page.getByTestId("password-form");
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill("short");
  await form.getByLabel("Confirm password").fill("different");
  await form.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByTestId("password-form").getByText("Must be at least 8 characters.")).toBeVisible();
  await expect(page.getByTestId("password-form").getByLabel("Current password")).toHaveValue("");
  const before = (await userRow(user.userId))?.password;

  await page.getByTestId("password-form").getByLabel("Current password").fill(PASSWORD);
  await page.getByTestId("password-form").getByLabel("New password").fill("a brand new passphrase");
  await page.getByTestId("password-form").getByLabel("Confirm password").fill("a brand new passphrase");
  await page.getByTestId("password-form").getByRole("button", { name: "Update password" }).click();
  await expectToast(page, "Password changed");
  expect((await userRow(user.userId))?.password).not.toBe(before);
});

test("language: the page comes back in French", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await openSettings(page, { js: false });
  const form = page.getByTestId("location-form");
  await form.getByLabel("Language").selectOption("fr");
  await form.getByLabel("Time zone").selectOption("Europe/Paris");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres du compte");
  await expectToast(page, "Préférences mises à jour");
  expect(await userRow(user.userId)).toMatchObject({ language: "fr", timezone: "Europe/Paris" });
  await expect(page.getByTestId("location-form").getByLabel("Fuseau horaire")).toHaveValue("Europe/Paris");
});

test("API token: created by a plain form, shown once, works as Bearer", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await openSettings(page, { js: false });
  const form = page.getByTestId("create-token-form");
  await form.getByLabel("Token name").fill("Cron job");
  await form.getByLabel("Expiration").selectOption("30");
  await form.getByRole("button", { name: "Create" }).click();
  const notice = page.getByTestId("new-token");
  await expect(notice).toContainText('Token "Cron job" created.');
  await expect(notice.getByTestId("token-warning")).toHaveText("Make sure to copy your token now. You won't be able to see it again.");
  const plain = await notice.getByTestId("plain-token").inputValue();
  expect(plain).toMatch(/^rbt_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("token").filter({ hasText: "Cron job" })).toContainText("Last used: Never");
  await expect(page.getByTestId("token").filter({ hasText: "Cron job" })).toContainText("Expires");
  const [row] = await queryE2e<{ expires_at: number }>("SELECT expires_at FROM access_tokens WHERE user_id = ?", [user.userId]);
  expect(row.expires_at * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

  const api = await page.request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${plain}`, Cookie: "" } });
  expect(api.status()).toBe(200);
  expect((await api.json()).user.email).toBe(user.email);

  // Shown once: the next page load does not have it.
  await page.goto("/account-settings");
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  expect(await page.content()).not.toContain(plain);
});

test("sessions, download my data and account deletion", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  const other = await addOtherSession(user.userId);
  await openSettings(page, { js: false });
  await page.locator(`[data-session-id="${other.shortId}"]`).getByTestId("logout-session").click();
  await expectToast(page, "Logged out the session.");
  expect(await queryE2e("SELECT id FROM sessions WHERE id = ?", [other.id])).toHaveLength(0);

  const download = page.getByTestId("download-data-section");
  await download.getByLabel("Confirm your password to continue").fill("wrong");
  await download.getByRole("button", { name: "Download my data" }).click();
  await expectToast(page, "The password is incorrect.");
  await page.getByTestId("download-data-section").getByLabel("Confirm your password to continue").fill(PASSWORD);
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-data-section").getByRole("button", { name: "Download my data" }).click()]);
  expect(file.suggestedFilename()).toMatch(/^account-data-\d+-/);

  // The password was confirmed just now: deleting needs only the tick.
  await page.goto("/account-settings");
  const form = page.getByTestId("delete-account-form");
  await expect(form.getByLabel("Confirm your password to continue")).toHaveCount(0);
  await form.getByLabel("I understand that my account and data will be deleted for good.").check();
  await form.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, "Account deleted");
  expect(await userRow(user.userId)).toBeNull();
});
