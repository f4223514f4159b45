import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";
import { outbox, waitForMail, type OutboxMail } from "../fixtures/outbox";
import { createSignedInUser, signInContext, type SignedInUser } from "../fixtures/signed-in-user";
import { PASSWORD, uniqueEmail, uniqueName } from "../fixtures/test-data";

/**
 * Helpers for the notifications and workspaces end-to-end tests: users
 * signed in without the form, API calls as them, the local outbox,
 * broadcasts to exactly the test's users (so parallel tests never see each
 * other's), and the browser's notification permission stubbed per test.
 * Nothing here writes the e2e database file: everything goes through the
 * Worker (a second writer makes workerd fail with SQLITE_BUSY).
 */

export { createSignedInUser, outbox, PASSWORD, uniqueName, type OutboxMail, type SignedInUser };

/** A fresh e-mail address ("prefix-…@example.test"). */
export const uniqueAddress = (prefix: string) => uniqueEmail(prefix);

/** A signed-in user who also has a password (set as a first password through the account API). */
export async function createUserWithPassword(prefix: string) {
  const user = await createSignedInUser(prefix);
  const response = await fetch(`${E2E_BASE_URL}/auth/user/password`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: user.cookieHeader },
    body: JSON.stringify({ current_password: "unused for a first password", password: PASSWORD, password_confirmation: PASSWORD }),
  });
  if (!response.ok) throw new Error(`setting a password answered ${response.status}: ${await response.text()}`);
  return user;
}

export async function signedInContext(browser: Browser, user: SignedInUser, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext(options);
  await signInContext(context, E2E_BASE_URL, user);
  return context;
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** An api/v1 call as `user` (session cookie), JSON in and out. */
export async function api(request: APIRequestContext, user: SignedInUser | null, method: Method, path: string, data?: unknown) {
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { Accept: "application/json", ...(user ? { Cookie: user.cookieHeader } : {}) },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  return { status: response.status(), headers: response.headers(), body: text ? JSON.parse(text) : null };
}

/** Waits for a mail to `to` whose subject matches. */
export function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  return waitForMail(request, to, subject);
}

export function inviteLinkIn(mail: OutboxMail) {
  const match = /(https?:\/\/\S+\/workspace\/invite\/[\w-]+\?token=[\w-]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return new URL(match[1]).pathname + new URL(match[1]).search;
}

let admin: Promise<SignedInUser> | null = null;

/**
 * The seeded demo admin (broadcasts need notifications.broadcast), signed in
 * once per test worker through the JSON sign-in, from an address of its own
 * so the per-IP sign-in limit of other tests is not touched.
 */
export function demoAdmin(): Promise<SignedInUser> {
  admin ??= (async () => {
    const response = await fetch(`${E2E_BASE_URL}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "CF-Connecting-IP": `10.77.${process.pid % 250}.${Math.floor(Math.random() * 250) + 1}` },
      body: JSON.stringify({ email: "admin@demo.reelbase.test", password: "demo-admin-password", remember: true }),
    });
    if (!response.ok) throw new Error(`demo admin sign-in answered ${response.status}: ${await response.text()}`);
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("session="));
    if (!session) throw new Error("demo admin sign-in set no session cookie");
    const cookieHeader = session.split(";")[0];
    const body = (await response.json()) as { bootstrapData: { user: { id: number; email: string } } };
    return { userId: body.bootstrapData.user.id, email: body.bootstrapData.user.email, cookieValue: decodeURIComponent(cookieHeader.slice("session=".length)), cookieHeader };
  })();
  return admin;
}

/** Sends announcements to exactly `users` through the broadcast API and waits until each has them listed. */
export async function announce(request: APIRequestContext, users: SignedInUser[], titles: string[], action?: { label: string; action: string }) {
  const sender = await demoAdmin();
  for (const title of titles) {
    const sent = await api(request, sender, "POST", "/notifications/broadcasts", { title, body: `<p>About ${title}</p>`, user_ids: users.map((u) => u.userId), ...(action ? { action } : {}) });
    expect(sent.status).toBe(201);
  }
  for (const user of users) {
    await expect.poll(async () => (await api(request, user, "GET", "/notifications")).body.pagination.total, { timeout: 15_000 }).toBeGreaterThanOrEqual(titles.length);
  }
}

/** Waits until React has taken over the page (the navbar's accessible user menu has loaded). */
export async function waitForApp(page: Page) {
  await expect(page.locator("button[data-testid=user-menu]:visible").first()).toBeVisible();
}

/**
 * The site's notification permission as this test wants it: "granted" (the
 * real one, through Playwright), or "denied"/"default" stubbed before any page
 * script runs. System notifications the page shows are recorded in
 * window.__shownNotifications.
 */
export async function stubNotifications(context: BrowserContext, permission: "granted" | "denied" | "default", { requestResult = "denied" }: { requestResult?: NotificationPermission } = {}) {
  if (permission === "granted") await context.grantPermissions(["notifications"]);
  await context.addInitScript(
    ({ permission, requestResult }) => {
      const shown: { title: string; body?: string; tag?: string }[] = [];
      (window as unknown as { __shownNotifications: typeof shown }).__shownNotifications = shown;
      let current: NotificationPermission = permission;
      class RecordingNotification {
        static get permission() {
          return current;
        }
        static async requestPermission() {
          current = requestResult;
          return current;
        }
        onclick: (() => void) | null = null;
        constructor(title: string, options: NotificationOptions = {}) {
          shown.push({ title, body: options.body, tag: options.tag });
        }
        close() {}
      }
      Object.defineProperty(window, "Notification", { value: RecordingNotification, configurable: true, writable: true });
    },
    { permission, requestResult },
  );
}
