import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { TOTP } from "otpauth";
import { SAMPLE_PNG } from "../support/test-images";
import { queryE2e } from "./fixtures/e2e-db";
import { addOtherSession, createAccountUser, expectToast, openSettings, PASSWORD, uniqueIp, userRow } from "./account/fixtures";

/**
 * Account settings with JavaScript: every section of
 * /account-settings, in the spec's order, and what it changes on the server.
 * Social login has its own spec (it needs an OAuth stand-in); the same
 * flows without JavaScript and the bad input live in their own files.
 */
test.beforeEach(async ({ context }) => {
  // Several page loads and form posts per test: room for a busy machine.
  test.setTimeout(90_000);
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

test("the side list links every section in the spec's order", async ({ page, context, baseURL }) => {
  await createAccountUser(context, baseURL!);
  await openSettings(page);
  const links = page.getByTestId("settings-nav").getByRole("link");
  const labels = await links.allInnerTexts();
  // Social login is listed only while a provider is enabled (another spec may enable one meanwhile), right after the details.
  const expected = [
    "Account details",
    "Password",
    "Two factor authentication",
    "Active sessions",
    "Location and language",
    "Developers",
    "Profile privacy",
    "Who sees my activity",
    "Calendar feed",
    "Logging films",
    "Download my data",
    "Danger zone",
  ];
  expect(labels.filter((label) => label !== "Social login")).toEqual(expected);
  if (labels.includes("Social login")) expect(labels.indexOf("Social login")).toBe(1);
  for (const link of await links.all()) {
    const id = (await link.getAttribute("href"))!.slice(1);
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  }
  await links.filter({ hasText: "Danger zone" }).click();
  await expect(page).toHaveURL(/#delete-account$/);
  await expect(page.getByTestId("delete-account-section")).toBeInViewport();
});

test("account details: names and display name, the profile link follows it", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await openSettings(page);
  const form = page.getByTestId("account-details-form");
  await form.getByLabel("First name").fill("Ada");
  await form.getByLabel("Last name").fill("Lovelace");
  await form.getByLabel("Display name").fill("Countess Ada");
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Updated account details");
  await expect(page.getByTestId("profile-link")).toHaveText(`/user/${user.userId}/countess-ada`);
  expect(await userRow(user.userId)).toMatchObject({ first_name: "Ada", last_name: "Lovelace", display_name: "Countess Ada" });
  await page.goto(`/user/${user.userId}/whatever`);
  await expect(page).toHaveURL(new RegExp(`/user/${user.userId}/countess-ada$`));
  await expect(page.getByRole("heading", { name: "Countess Ada" })).toBeVisible();
});

test("profile image: upload (scaled, shown at 96 px), serve, remove; the old URL is gone", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await openSettings(page);
  await expect(page.getByTestId("avatar-initials")).toBeVisible();
  await page.getByTestId("avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(SAMPLE_PNG) });
  await expectToast(page, "Uploaded avatar");
  const image = page.getByTestId("avatar-image");
  await expect(image).toHaveAttribute("src", /^\/files\/[a-f0-9]{32}$/);
  const box = await image.boundingBox();
  expect(box?.width).toBe(96);
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
  const url = (await image.getAttribute("src"))!;
  expect((await userRow(user.userId))?.avatar).toBe(url);
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  // The navbar's user menu shows it too.
  await expect(page.getByTestId("user-menu").first().locator(`img[src="${url}"]`)).toBeVisible();

  await page.getByRole("button", { name: "Remove image" }).click();
  await expectToast(page, "Removed avatar");
  await expect(page.getByTestId("avatar-initials")).toBeVisible();
  expect((await userRow(user.userId))?.avatar).toBeNull();
  expect((await page.request.get(url)).status()).toBe(404);
});

test("password: change it, other sessions end; the new one signs in", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  const other = await addOtherSession(user.userId);
  await openSettings(page, { hash: "#password" });
  const form = page.getByTestId("password-form");
  await form.getByLabel("Current password").fill("wrong password");
  await form.getByLabel("New password").fill("a much better passphrase");
  await form.getByLabel("Confirm password").fill("a much better passphrase");
  await form.getByRole("button", { name: "Update password" }).click();
  await expect(form.getByText("The password is incorrect.")).toBeVisible();
  expect(await queryE2e("SELECT id FROM sessions WHERE id = ?", [other.id])).toHaveLength(1);

  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill("a much better passphrase");
  await form.getByLabel("Confirm password").fill("a much better passphrase");
  await form.getByRole("button", { name: "Update password" }).click();
  await expectToast(page, "Password changed");
  expect(await queryE2e("SELECT id FROM sessions WHERE id = ?", [other.id])).toHaveLength(0);
  // This session goes on.
  await openSettings(page);
  await expect(page.getByTestId("session").filter({ hasText: "This device" })).toHaveCount(1);
});

test("password: someone who signed up socially sets a first one", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!, { password: null });
  await openSettings(page, { hash: "#password" });
  const section = page.getByTestId("password-section");
  await expect(section.getByRole("heading", { name: "Set a password" })).toBeVisible();
  await expect(section.getByLabel("Current password")).toHaveCount(0);
  await section.getByLabel("New password").fill("my first passphrase");
  await section.getByLabel("Confirm password").fill("my first passphrase");
  await section.getByRole("button", { name: "Set password" }).click();
  await expectToast(page, "Password changed");
  expect((await userRow(user.userId))?.password).toMatch(/^pbkdf2-sha256\$/);
  await expect(section.getByRole("heading", { name: "Update password" })).toBeVisible();
});

test("two-factor: enable with password confirmation, confirm the code, recovery codes, regenerate, disable", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await openSettings(page, { hash: "#two-factor" });
  const section = page.getByTestId("two-factor-section");
  await expect(section).toHaveAttribute("data-step", "0");
  await section.getByLabel("Confirm your password to continue").fill(PASSWORD);
  await section.getByRole("button", { name: "Enable" }).click();
  await expect(section).toHaveAttribute("data-step", "1");
  await expect(section.getByTestId("two-factor-qr")).toBeVisible();
  const secret = (await section.getByTestId("two-factor-secret").textContent())!.trim();
  const code = new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate();
  await section.getByLabel("Code").fill(code);
  await section.getByRole("button", { name: "Confirm" }).click();
  await expect(section).toHaveAttribute("data-step", "2");
  const codes = section.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(8);
  const first = await codes.first().textContent();
  expect((await userRow(user.userId))?.two_factor_confirmed_at).not.toBeNull();
  // Password confirmed a moment ago: no password needed for the next sensitive steps (9000-second window).
  await section.getByRole("button", { name: "Regenerate recovery codes" }).click();
  await expect(codes).toHaveCount(8);
  await expect(codes.first()).not.toHaveText(first!);
  await section.getByRole("button", { name: "Disable" }).click();
  await expectToast(page, "Two factor authentication has been disabled.");
  await expect(section).toHaveAttribute("data-step", "0");
  expect((await userRow(user.userId))?.two_factor_confirmed_at).toBeNull();
});

test("sessions: device, place, IP, relative last activity; log out one, then all others with the password", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  const phone = await addOtherSession(user.userId, { minutesAgo: 5 });
  const older = await addOtherSession(user.userId, { minutesAgo: 3 * 24 * 60 });
  await openSettings(page, { hash: "#sessions" });
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(3);
  const current = sessions.filter({ hasText: "This device" });
  await expect(current).toHaveCount(1);
  await expect(current.getByTestId("session-place")).toHaveText("Unknown");
  await expect(current.getByTestId("session-ip")).toHaveText("Unknown IP");
  const recent = page.locator(`[data-session-id="${phone.shortId}"]`);
  await expect(recent.getByTestId("session-title")).toHaveText("iOS - Safari");
  await expect(recent.getByTestId("session-place")).toHaveText("Lisbon, PT");
  await expect(recent.getByTestId("session-ip")).toHaveText("198.51.100.7");
  await expect(recent.getByTestId("session-device")).toHaveAttribute("data-device", "mobile");
  await expect(recent.getByTestId("session-last-active")).toHaveText("5 minutes ago");
  await expect(page.locator(`[data-session-id="${older.shortId}"]`).getByTestId("session-last-active")).toHaveText("3 days ago");
  // The list scrolls within 400 px.
  expect(await page.getByTestId("session-list").evaluate((el) => getComputedStyle(el).maxHeight)).toBe("400px");

  await recent.getByTestId("logout-session").click();
  await expectToast(page, "Logged out the session.");
  await expect(sessions).toHaveCount(2);
  expect(await queryE2e("SELECT id FROM sessions WHERE id = ?", [phone.id])).toHaveLength(0);

  const form = page.getByTestId("logout-other-sessions-form");
  await form.getByLabel("Password", { exact: true }).fill("not it");
  await form.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(form.getByText("The password is incorrect.")).toBeVisible();
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign out other sessions" }).click();
  await expectToast(page, "Logged out other sessions.");
  await expect(sessions).toHaveCount(1);
});

test("location and language: Spanish, a country and a time zone; dates follow the zone", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await queryE2e(
    "INSERT INTO access_tokens (user_id, name, token_hash, prefix, abilities, expires_at) VALUES (?, 'Nightly', ?, 'rbt_Test', '[\"*\"]', ?)",
    // 23:30 UTC on 1 July 2031 is already 2 July in Tokyo.
    [user.userId, `e2e-hash-${user.userId}`, Date.UTC(2031, 6, 1, 23, 30) / 1000],
  );
  await openSettings(page, { hash: "#location-and-language" });
  await expect(page.getByTestId("token").filter({ hasText: "Nightly" })).toContainText("Expires July 1, 2031");
  const form = page.getByTestId("location-form");
  await expect(form.getByLabel("Time zone")).toHaveValue("auto");
  await form.getByLabel("Language").selectOption("es");
  await form.getByLabel("Country").selectOption("PT");
  await form.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Preferencias actualizadas");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuración de la cuenta");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(await userRow(user.userId)).toMatchObject({ language: "es", country: "PT", timezone: "Asia/Tokyo" });
  await expect(page.getByTestId("location-form").getByLabel("País")).toHaveValue("PT");
  await expect(page.getByTestId("token").filter({ hasText: "Nightly" })).toContainText("2 de julio de 2031");
  await expect(page.getByTestId("location-form")).toContainText("(Asia/Tokyo)");
});

test("developers: create a token (shown once, copy), use it as Bearer, last used, delete it", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const user = await createAccountUser(context, baseURL!);
  await openSettings(page, { hash: "#developers" });
  const section = page.getByTestId("developers-section");
  await expect(section.getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/api-docs");
  await expect(section.getByTestId("no-tokens")).toBeVisible();
  await section.getByTestId("create-token-button").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Token name").fill("Deploy script");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expectToast(page, "Token created");
  const plain = await dialog.getByTestId("plain-token").inputValue();
  expect(plain).toMatch(/^rbt_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByTestId("token-warning")).toHaveText("Make sure to copy your token now. You won't be able to see it again.");
  await dialog.getByTestId("copy-token").click();
  await expect(dialog.getByTestId("copy-token")).toHaveText("Copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(plain);
  await expect(dialog.getByTestId("copy-token")).toHaveText("Copy", { timeout: 2500 });
  await dialog.getByRole("button", { name: "Done" }).click();
  const row = section.getByTestId("token").filter({ hasText: "Deploy script" });
  await expect(row.getByTestId("token-last-used")).toHaveText("Last used: Never");
  // Stored hashed: the plain token is nowhere in the database.
  const [stored] = await queryE2e<{ token_hash: string }>("SELECT token_hash FROM access_tokens WHERE user_id = ?", [user.userId]);
  expect(stored.token_hash).not.toContain(plain.slice(4));

  const api = await page.request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${plain}`, Cookie: "" } });
  expect(api.status()).toBe(200);
  const body = await api.json();
  expect(body.user).toMatchObject({ id: user.userId, email: user.email });
  expect(body.user.tokens).toEqual([expect.objectContaining({ name: "Deploy script" })]);
  expect(JSON.stringify(body)).not.toContain(plain);

  await page.reload();
  await expect(row.getByTestId("token-last-used")).toHaveText("Last used: a few seconds ago");
  await expect(page.getByTestId("session").filter({ hasText: "API Token" })).toHaveCount(1);

  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expectToast(page, "Token deleted");
  await expect(row).toHaveCount(0);
  const after = await page.request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${plain}`, Cookie: "" } });
  expect(after.status()).toBe(401);
});

test("download my data: a JSON file of everything stored, without secrets", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await addOtherSession(user.userId);
  await openSettings(page, { hash: "#download-data" });
  const section = page.getByTestId("download-data-section");
  await section.getByLabel("Confirm your password to continue").fill(PASSWORD);
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^account-data-${user.userId}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.profile).toMatchObject({ id: user.userId, email: user.email });
  expect(data.sessions).toHaveLength(2);
  expect(data.security_log.map((e: { event: string }) => e.event)).toContain("password-confirmed");
  for (const key of ["billing", "file_entries", "access_tokens", "catalogue", "social_profiles", "roles"]) expect(data).toHaveProperty(key);
  expect(JSON.stringify(data)).not.toMatch(/pbkdf2|two_factor_secret|token_hash/);
});

test("danger zone: delete the account; it cannot sign in, its avatar and token are gone", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  await openSettings(page);
  await page.getByTestId("avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(SAMPLE_PNG) });
  await expectToast(page, "Uploaded avatar");
  const avatar = (await page.getByTestId("avatar-image").getAttribute("src"))!;
  await page.getByTestId("create-token-button").click();
  await page.getByRole("dialog").getByLabel("Token name").fill("Soon gone");
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  const plain = await page.getByRole("dialog").getByTestId("plain-token").inputValue();
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();

  const form = page.getByTestId("delete-account-form");
  await form.getByLabel("Confirm your password to continue").fill(PASSWORD);
  await form.getByRole("button", { name: "Delete account" }).click();
  // The checkbox is required: nothing happens without it.
  await expect(form.getByText("Please confirm that you want to delete your account.")).toBeVisible();
  await form.getByLabel("I understand that my account and data will be deleted for good.").check();
  await form.getByRole("button", { name: "Delete account" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Delete your account?");
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, "Account deleted");

  expect(await userRow(user.userId)).toBeNull();
  expect((await page.request.get(avatar)).status()).toBe(404);
  expect((await page.request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${plain}` } })).status()).toBe(401);
  await page.goto("/account-settings");
  await expect(page).toHaveURL(/\/login/);
  const login = page.getByTestId("login-form");
  await login.getByLabel("Email").fill(user.email);
  await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
});

test("developers: hidden without api.access; its forms and tokens are refused", async ({ page, context, baseURL }) => {
  const user = await createAccountUser(context, baseURL!);
  const { plainTextToken } = await (await page.request.post("/api/v1/access-tokens", { data: { tokenName: "Before" } })).json();
  // Only the guests' role: titles.view, no api.access.
  await queryE2e("DELETE FROM user_roles WHERE user_id = ?", [user.userId]);
  await queryE2e("INSERT INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE guest = 1", [user.userId]);
  await page.goto("/account-settings");
  await expect(page.getByTestId("account-details-section")).toBeVisible();
  await expect(page.getByTestId("developers-section")).toHaveCount(0);
  await expect(page.getByTestId("settings-nav").getByRole("link", { name: "Developers" })).toHaveCount(0);
  expect((await page.request.post("/account-settings", { form: { intent: "create-token", token_name: "Nope" } })).status()).toBe(404);
  const api = await page.request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${plainTextToken}`, Cookie: "" } });
  expect(api.status()).toBe(403);
});
