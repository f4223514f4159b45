import { expect, type BrowserContext, type Page } from "@playwright/test";
import { hashPassword } from "../../../app/auth/password.server";
import { queryE2e } from "../fixtures/e2e-db";
import { createSignedInUser, signInContext, type SignedInUser } from "../fixtures/signed-in-user";
import { PASSWORD, uniqueIp } from "../fixtures/test-data";

export { PASSWORD, uniqueIp };

/**
 * Account-settings test users: verified, signed in by a session the e2e
 * Worker made (no sign-in form), optionally with a password (a cheap hash:
 * tests check behaviour, not hashing cost), stored through the Worker.
 */
export interface AccountUser extends SignedInUser {
  password: string | null;
}

export async function createAccountUser(context: BrowserContext, baseURL: string, { password = PASSWORD as string | null, prefix = "account" } = {}): Promise<AccountUser> {
  const user = await createSignedInUser(prefix);
  if (password) await queryE2e("UPDATE users SET password = ? WHERE id = ?", [await hashPassword(password, 1000), user.userId]);
  await signInContext(context, baseURL, user);
  return { ...user, password };
}

/** Opens the settings page; with JavaScript, waits until React has hydrated (the "Create token" button exists only then). */
export async function openSettings(page: Page, { js = true, hash = "" } = {}) {
  await page.goto(`/account-settings${hash}`);
  if (js) await expect(page.getByTestId("create-token-button")).toBeVisible();
}

/** The toast with this text. Generous timeout: on a loaded machine the page may take seconds to show it (it then stays 3 s). */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByTestId("toast").filter({ hasText: text })).toBeVisible({ timeout: 20_000 });
}

/** Another session row of the user (as from another device), last active `minutesAgo` minutes ago. */
export async function addOtherSession(userId: number, { minutesAgo = 5, kind = "web" as "web" | "api" } = {}) {
  const id = `e2eother${crypto.randomUUID().replace(/-/g, "")}`;
  await queryE2e(
    `INSERT INTO sessions (id, user_id, expires_at, remember, kind, device_type, platform, browser, ip_address, city, country, last_active_at)
     VALUES (?, ?, unixepoch() + 86400, 1, ?, 'mobile', 'iOS', 'Safari', '198.51.100.7', 'Lisbon', 'PT', unixepoch() - ?)`,
    [id, userId, kind, minutesAgo * 60],
  );
  return { id, shortId: id.slice(0, 12) };
}

export async function userRow(userId: number) {
  const [row] = await queryE2e<Record<string, unknown>>("SELECT * FROM users WHERE id = ?", [userId]);
  return row ?? null;
}
