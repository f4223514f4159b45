import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import { lastMailId, waitForMail, type OutboxMail } from "../fixtures/outbox";
import { PASSWORD, uniqueEmail, uniqueIp, usernameFor } from "../fixtures/test-data";

export { lastMailId, PASSWORD, uniqueEmail, uniqueIp, usernameFor };

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

export function finishLinkFrom(mail: Mail) {
  const match = /(https?:\/\/\S+\/register\/finish\/\S+)/.exec(mail.text);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return match[1];
}

/**
 * Fills the registration form on the page already open (/register, the join
 * page, /register?redirectFrom=pricing...): e-mail (unless locked), a
 * username (`usernameFor(email)` unless given), one password and the
 * policies' checkbox (decision 043). Does not send it.
 */
export async function fillRegistration(page: Page, email: string, { password = PASSWORD, username = usernameFor(email) }: { password?: string; username?: string } = {}) {
  const form = page.getByTestId("register-form");
  const emailField = form.getByLabel("Email");
  if (!(await emailField.getAttribute("readonly"))) await emailField.fill(email);
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password", { exact: true }).fill(password);
  for (const box of await form.getByRole("checkbox").all()) await box.check();
  return form;
}

/**
 * Fills and sends the registration form (fillRegistration). Registration never signs
 * in (decision 021): it lands on "Check your email" for any address.
 */
export async function submitRegistration(page: Page, email: string, { js, password = PASSWORD, username }: { js: boolean; password?: string; username?: string }) {
  if (js) await waitForHydration(page);
  const form = await fillRegistration(page, email, { password, username });
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/register\/sent\?/, { timeout: 20_000 });
  await expect(page.getByTestId("register-sent")).toContainText(`We sent a link to ${email} to finish creating your account.`);
}

/**
 * Follows the mailed "finish creating your account" link as its owner would: it verifies the address and
 * signs in. In the browser that registered it finishes at once (decision 043); elsewhere it takes one click.
 */
export async function followFinishLink(page: Page, email: string, { after = 0, js = true }: { after?: number; js?: boolean } = {}) {
  const mail = await latestMail(page.request, email, /Finish creating/, after);
  await page.goto(finishLinkFrom(mail));
  if (/\/register\/finish\//.test(page.url())) {
    await waitForFinishForm(page, { js });
    await page.getByTestId("register-finish-form").getByRole("button", { name: "Finish creating my account" }).click();
  }
  await expect(page).not.toHaveURL(/\/register\//, { timeout: 20_000 });
}

/** The "finish creating your account" page is ready: hydrated with JavaScript, rendered without. */
export async function waitForFinishForm(page: Page, { js = true }: { js?: boolean } = {}) {
  await expect(page.locator(js ? "[data-testid=register-finish-form][data-hydrated=true]" : "[data-testid=register-finish-form]")).toBeVisible();
}

/** Registers through the form, then follows the mailed link (which verifies the address and signs in). */
export async function registerAndVerify(page: Page, email: string, { js, path = "/register" }: { js: boolean; path?: string }) {
  const before = await lastMailId(page.request);
  await page.goto(path);
  await submitRegistration(page, email, { js });
  await followFinishLink(page, email, { after: before, js });
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
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Logs out through the user menu: the accessible menu with JavaScript, the disclosure without. */
export async function signOut(page: Page, { js = true } = {}) {
  if (js) {
    // Wait for the accessible menu: clicking the server-rendered disclosure while React takes over would be lost.
    const trigger = page.locator("button[data-testid=user-menu]:visible").first();
    await trigger.click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
  } else {
    await page.locator("details[data-testid=user-menu]:visible summary").first().click();
    await page.locator("details[data-testid=user-menu]:visible").getByRole("button", { name: "Sign out", exact: true }).click();
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
