import { expect, test } from "@playwright/test";
import { queryDb } from "./auth/db";
import { followFinishLink, PASSWORD, uniqueEmail, uniqueIp, waitForHydration } from "./auth/helpers";

/**
 * The registration form's optional extra fields (spec section 2, issue 4):
 * first and last name, shown by the registration.name_fields setting
 * (optional by default), validated on the server with and without
 * JavaScript, stored on the account; a bad name is a field message and
 * nothing is stored.
 */
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

const userRow = async (email: string) =>
  (await queryDb<{ first_name: string | null; last_name: string | null }>("SELECT first_name, last_name FROM users WHERE email = ?", [email]))[0] ?? null;

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("first and last name: a bad one is refused on its field and nothing is stored; good ones are kept", async ({ page }) => {
      test.slow();
      const email = uniqueEmail(js ? "names-js" : "names-nojs");
      await page.goto("/register");
      if (js) await waitForHydration(page);
      const form = page.getByTestId("register-form");
      await expect(form.getByLabel("First name")).toHaveAttribute("autocomplete", "given-name");
      await expect(form.getByLabel("Last name")).toHaveAttribute("autocomplete", "family-name");
      await form.getByLabel("First name").fill("<script>alert(1)</script>");
      await form.getByLabel("Last name").fill("Núñez");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByLabel("Confirm password").fill(PASSWORD);
      for (const box of await form.getByRole("checkbox").all()) await box.check();
      await form.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByTestId("field-error").first()).toContainText("Use letters, spaces, hyphens and apostrophes only.", { timeout: 20_000 });
      await expect(page.getByTestId("register-form").getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
      expect(await userRow(email)).toBeNull();

      const again = page.getByTestId("register-form");
      await again.getByLabel("First name").fill("Zoë");
      await again.getByLabel("Last name").fill("O'Brien-Núñez");
      if (!js) {
        // The page came back from the server: the password fields and policies are empty again.
        await again.getByLabel("Email").fill(email);
        await again.getByLabel("Password", { exact: true }).fill(PASSWORD);
        await again.getByLabel("Confirm password").fill(PASSWORD);
        for (const box of await again.getByRole("checkbox").all()) await box.check();
      }
      await again.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/register\/sent\?/, { timeout: 20_000 });
      expect(await userRow(email)).toEqual({ first_name: "Zoë", last_name: "O'Brien-Núñez" });
      await followFinishLink(page, email, { js });
      await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
      expect(await userRow(email)).toEqual({ first_name: "Zoë", last_name: "O'Brien-Núñez" });
    });
  });
}

test("the JSON endpoint takes the same fields, and leaves them out when empty", async ({ request }) => {
  const email = uniqueEmail("names-api");
  const bad = await request.post("/auth/register", {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, first_name: "x".repeat(101), policy_terms: "on", policy_privacy: "on" },
  });
  expect(bad.status()).toBe(422);
  expect((await bad.json()).errors.first_name).toBeDefined();
  expect(await userRow(email)).toBeNull();
  const good = await request.post("/auth/register", {
    data: { email, password: PASSWORD, password_confirmation: PASSWORD, first_name: "  李 ", last_name: "", policy_terms: "on", policy_privacy: "on" },
  });
  // 202 "check your email" (issue 16, finding 9); the account exists, unverified, with the names.
  expect(good.status()).toBe(202);
  // Written just after the answer (decision 021, registration timing).
  await expect.poll(() => userRow(email)).toEqual({ first_name: "李", last_name: null });
});
