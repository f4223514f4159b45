import { expect, test, type Page } from "@playwright/test";
import { queryDb } from "./auth/db";
import { fillRegistration, followFinishLink, lastMailId, latestMail, finishLinkFrom, PASSWORD, uniqueEmail, uniqueIp, usernameFor, waitForFinishForm, waitForHydration } from "./auth/helpers";
import { setSettings } from "./fixtures/e2e-db";

/**
 * The registration form (decision 043): e-mail, username, one password with
 * show/hide and one checkbox for the policies, nothing else by default; the
 * username validated on the server ("That username is taken", ignoring
 * case), stored and used as the profile address; the mailed link finishes
 * without a click in the browser that registered. The optional name fields
 * still appear when the registration.name_fields
 * setting asks for them. With and without JavaScript.
 */
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

test.afterAll(async ({ request }) => {
  await setSettings(request, { "registration.name_fields": undefined });
});

const userRow = async (email: string) =>
  (await queryDb<{ id: number; first_name: string | null; last_name: string | null; username: string | null }>("SELECT id, first_name, last_name, username FROM users WHERE email = ?", [email]))[0] ??
  null;

async function openRegistration(page: Page, js: boolean) {
  await page.goto("/register");
  if (js) await waitForHydration(page);
  return page.getByTestId("register-form");
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("three fields and one checkbox; a taken or malformed username is refused on its field and nothing is stored", async ({ page, request }) => {
      test.slow();
      await setSettings(request, { "registration.name_fields": undefined });
      const form = await openRegistration(page, js);
      await expect(form.locator("input:not([type=hidden]):not([type=checkbox])")).toHaveCount(3);
      await expect(form.getByLabel("Email")).toBeVisible();
      await expect(form.getByLabel("Username")).toHaveAttribute("autocomplete", "username");
      await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
      await expect(form.getByLabel("Confirm password")).toHaveCount(0);
      await expect(form.getByLabel("First name")).toHaveCount(0);
      await expect(form.getByRole("checkbox")).toHaveCount(1);
      await expect(form.getByRole("checkbox")).toHaveAccessibleName("I agree to the Terms of service and the Privacy policy");
      if (js) {
        await form.getByLabel("Password", { exact: true }).fill("visible words");
        await form.getByRole("button", { name: "Show password" }).click();
        await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
      }

      // The seeded demo user holds "uma_user": any case of it is taken.
      const email = uniqueEmail(js ? "uname-js" : "uname-nojs");
      await fillRegistration(page, email, { username: "Uma_User" });
      await form.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByTestId("register-form").getByLabel("Username")).toHaveAttribute("aria-invalid", "true", { timeout: 20_000 });
      await expect(page.getByText("That username is taken")).toBeVisible();
      expect(await userRow(email)).toBeNull();

      await fillRegistration(page, email, { username: "no spaces!" });
      await page.getByTestId("register-form").getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("Use lowercase letters, digits and _ only.")).toBeVisible({ timeout: 20_000 });
      expect(await userRow(email)).toBeNull();

      // Without ticking the policies: refused on the checkbox.
      await fillRegistration(page, email);
      await page.getByTestId("register-form").getByRole("checkbox").uncheck();
      await page.getByTestId("register-form").getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("You must accept this to create an account.")).toBeVisible({ timeout: 20_000 });
      expect(await userRow(email)).toBeNull();
    });

    test("registering stores the username; the link finishes in this browser without a click, and the profile lives at /user/<id>/<username>", async ({ page }) => {
      test.slow();
      const email = uniqueEmail(js ? "ureg-js" : "ureg-nojs");
      const username = usernameFor(email);
      const before = await lastMailId(page.request);
      await openRegistration(page, js);
      await fillRegistration(page, email, { username: username.toUpperCase() });
      await page.getByTestId("register-form").getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/register\/sent\?/, { timeout: 20_000 });
      await expect.poll(async () => (await userRow(email))?.username).toBe(username);

      const mail = await latestMail(page.request, email, /Finish creating/, before);
      await page.goto(finishLinkFrom(mail));
      // No "Finish creating my account" button: straight to the home page, signed in, welcomed.
      await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
      await expect(page.getByText("Welcome! Your account is ready.").first()).toBeVisible();
      await expect(page.locator("[data-testid=user-menu]:visible").first()).toContainText(username);

      const { id } = (await userRow(email))!;
      const profile = await page.goto(`/user/${id}/some-old-slug`);
      expect(profile?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/user/${id}/${username}$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(username);
    });

    test("another browser (or a mail scanner) opening the link changes nothing until the button is pressed", async ({ page, browser }) => {
      test.slow();
      const email = uniqueEmail(js ? "uother-js" : "uother-nojs");
      const before = await lastMailId(page.request);
      await openRegistration(page, js);
      await fillRegistration(page, email);
      await page.getByTestId("register-form").getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/register\/sent\?/, { timeout: 20_000 });
      const link = finishLinkFrom(await latestMail(page.request, email, /Finish creating/, before));

      const other = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: { "CF-Connecting-IP": uniqueIp() } });
      const otherPage = await other.newPage();
      await otherPage.goto(link);
      await waitForFinishForm(otherPage, { js });
      await expect.poll(async () => (await queryDb<{ v: number | null }>("SELECT email_verified_at AS v FROM users WHERE email = ?", [email]))[0]?.v ?? null).toBeNull();
      await otherPage.getByTestId("register-finish-form").getByRole("button", { name: "Finish creating my account" }).click();
      await expect(otherPage).toHaveURL(/\/$/, { timeout: 20_000 });
      await other.close();
    });

    test("first and last name when the setting asks for them: a bad one is refused on its field; good ones are kept", async ({ page, request }) => {
      test.slow();
      await setSettings(request, { "registration.name_fields": "optional" });
      const email = uniqueEmail(js ? "names-js" : "names-nojs");
      const form = await openRegistration(page, js);
      await expect(form.getByLabel("First name")).toHaveAttribute("autocomplete", "given-name");
      await expect(form.getByLabel("Last name")).toHaveAttribute("autocomplete", "family-name");
      await form.getByLabel("First name").fill("<script>alert(1)</script>");
      await form.getByLabel("Last name").fill("Núñez");
      await fillRegistration(page, email);
      await form.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByTestId("field-error").first()).toContainText("Use letters, spaces, hyphens and apostrophes only.", { timeout: 20_000 });
      await expect(page.getByTestId("register-form").getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
      expect(await userRow(email)).toBeNull();

      const again = page.getByTestId("register-form");
      await again.getByLabel("First name").fill("Zoë");
      await again.getByLabel("Last name").fill("O'Brien-Núñez");
      // Without JavaScript the page came back from the server: the password and the checkbox are empty again.
      if (!js) await fillRegistration(page, email);
      await again.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/register\/sent\?/, { timeout: 20_000 });
      await expect.poll(() => userRow(email)).toMatchObject({ first_name: "Zoë", last_name: "O'Brien-Núñez", username: usernameFor(email) });
      await followFinishLink(page, email, { js });
      await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
      expect(await userRow(email)).toMatchObject({ first_name: "Zoë", last_name: "O'Brien-Núñez" });
    });
  });
}

test("the JSON endpoint takes the username too: required, validated, unique ignoring case", async ({ request }) => {
  await setSettings(request, { "registration.name_fields": "optional" });
  const email = uniqueEmail("names-api");
  const body = { email, password: PASSWORD, password_confirmation: PASSWORD, policy_terms: "on", policy_privacy: "on" };
  const missing = await request.post("/auth/register", { data: body });
  expect(missing.status()).toBe(422);
  expect((await missing.json()).errors.username).toBeDefined();
  const taken = await request.post("/auth/register", { data: { ...body, username: "UMA_USER" } });
  expect(taken.status()).toBe(422);
  expect((await taken.json()).errors.username).toEqual(["That username is taken"]);
  const bad = await request.post("/auth/register", { data: { ...body, username: usernameFor(email), first_name: "x".repeat(101) } });
  expect(bad.status()).toBe(422);
  expect((await bad.json()).errors.first_name).toBeDefined();
  expect(await userRow(email)).toBeNull();
  // One checkbox for all policies works as well as one per policy; no password confirmation needed.
  const good = await request.post("/auth/register", {
    data: { email, username: usernameFor(email), password: PASSWORD, first_name: "  李 ", last_name: "", accept_policies: true },
  });
  // 202 "check your email" (decision 021); the account exists, unverified, with the names and username.
  expect(good.status()).toBe(202);
  // Written just after the answer (decision 021, registration timing).
  await expect.poll(() => userRow(email)).toMatchObject({ first_name: "李", last_name: null, username: usernameFor(email) });
});
