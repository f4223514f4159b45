import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { lastMailId, waitForMail, type OutboxMail } from "../fixtures/outbox";
import { PASSWORD, uniqueEmail, uniqueIp } from "../fixtures/test-data";

export { lastMailId, PASSWORD, uniqueEmail, uniqueIp };

type Mail = OutboxMail;

/** The newest mail to `to` from the local outbox (id above `after`), waiting for it to arrive. */
export function latestMail(request: APIRequestContext, to: string, match: RegExp = /./, after = 0): Promise<Mail> {
  return waitForMail(request, to, match, { after });
}

export function codeFrom(mail: Mail) {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}

export function linkFrom(mail: Mail) {
  const match = /(https?:\/\/\S+\/password\/reset\/\S+)/.exec(mail.text);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return match[1];
}

/** Waits until React has hydrated (the password field's show/hide button exists only then). */
export async function waitForHydration(page: Page) {
  await expect(page.getByRole("button", { name: "Show password" }).first()).toBeVisible();
}

/** Registers through the form and verifies the address with the mailed code. */
export async function registerAndVerify(page: Page, email: string, { js }: { js: boolean }) {
  await page.goto("/register");
  if (js) await waitForHydration(page);
  const form = page.getByTestId("register-form");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password").fill(PASSWORD);
  for (const box of await form.getByRole("checkbox").all()) await box.check();
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify-email/, { timeout: 20_000 });
  await expect(page.getByText(`${email.slice(0, 2)}****@example.test`)).toBeVisible();
  const mail = await latestMail(page.request, email, /verification code/);
  await page.getByTestId("verify-email-form").getByLabel("Code").fill(codeFrom(mail));
  await page.getByTestId("verify-email-form").getByRole("button", { name: "Next" }).click();
  await expect(page).not.toHaveURL(/verify-email/, { timeout: 20_000 });
}

export async function signIn(page: Page, email: string, password = PASSWORD, { js = true, remember = true } = {}) {
  await page.goto("/login");
  if (js) await waitForHydration(page);
  const form = page.getByTestId("login-form");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  const box = form.getByLabel("Stay signed in for a month");
  if (remember) await box.check();
  else await box.uncheck();
  await form.getByRole("button", { name: "Continue" }).click();
}

/** Logs out through the user menu: the accessible menu with JavaScript, the disclosure without. */
export async function signOut(page: Page, { js = true } = {}) {
  if (js) {
    // Wait for the accessible menu: clicking the server-rendered disclosure while React takes over would be lost.
    const trigger = page.locator("button[data-testid=user-menu]:visible").first();
    await trigger.click();
    await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
  } else {
    await page.locator("details[data-testid=user-menu]:visible summary").first().click();
    await page.locator("details[data-testid=user-menu]:visible").getByRole("button", { name: "Log out", exact: true }).click();
  }
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "session");
}

export function totpNow(secret: string, offsetSteps = 0) {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}
