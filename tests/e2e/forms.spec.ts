import { expect, test, type Page } from "@playwright/test";

/**
 * The form kit (app/ui/forms) on the UI kit page /_dev/ui: one zod schema in
 * the browser and on the server, errors on their fields, focus on the first
 * one, a danger toast for answers without a field map, a flashed toast after
 * a successful action, and all of it without JavaScript too.
 */

const form = (page: Page) => page.getByTestId("example-form");

async function fillValid(page: Page, overrides: Partial<Record<"name" | "email" | "password" | "bio", string>> = {}) {
  const f = form(page);
  await f.getByLabel("Name").fill(overrides.name ?? "Ada Lovelace");
  await f.getByLabel("Email").fill(overrides.email ?? "ada@example.com");
  await f.getByLabel("Password", { exact: true }).fill(overrides.password ?? "correct horse");
  await f.getByLabel("Plan").selectOption("yearly");
  await f.getByLabel("About you").fill(overrides.bio ?? "Mathematician.");
  await f.getByLabel(/I accept the/).check();
}

test.describe("form kit with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/_dev/ui");
    // Wait for hydration: the password visibility button only exists with JavaScript.
    await expect(form(page).getByRole("button", { name: "Show password" })).toBeVisible();
  });

  test("validates in the browser on submit, focuses the first field in error, then revalidates on input", async ({ page }) => {
    let posted = 0;
    page.on("request", (r) => {
      if (r.method() === "POST") posted++;
    });
    const f = form(page);
    await f.getByLabel("Email").fill("not-an-email");
    // Nothing is validated while typing before the first submit.
    await expect(f.getByTestId("field-error")).toHaveCount(0);
    await f.getByRole("button", { name: "Save" }).click();

    const name = f.getByLabel("Name");
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(f.getByText("This field is required.").first()).toBeVisible();
    await expect(f.getByText("Enter a valid email address.")).toBeVisible();
    await expect(f.getByText("You must accept the terms.")).toBeVisible();
    expect(posted).toBe(0);

    // After the first submit, each input revalidates at once.
    await name.fill("A");
    await expect(f.getByText("Must be at least 2 characters.")).toBeVisible();
    await name.fill("Ada");
    await expect(f.getByText("Must be at least 2 characters.")).toHaveCount(0);
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
  });

  test("server field errors land on their field and take focus", async ({ page }) => {
    await fillValid(page, { email: "taken@example.com" });
    await form(page).getByRole("button", { name: "Save" }).click();
    const email = form(page).getByLabel("Email");
    await expect(form(page).getByText("This email is already taken.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    // Values are kept.
    await expect(form(page).getByLabel("Name")).toHaveValue("Ada Lovelace");
  });

  test("a server answer without a field map shows the server's message as a danger toast", async ({ page }) => {
    await fillValid(page, { name: "Server Trouble" });
    await form(page).getByRole("button", { name: "Save" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveAttribute("data-type", "danger");
    await expect(toast).toContainText("The server could not save this right now.");
    await expect(page.getByTestId("form-errors")).toHaveCount(0);
  });

  test("a plain {message} answer to a fetcher becomes a danger toast", async ({ page }) => {
    await page.getByTestId("plain-error-submit").click();
    await expect(page.getByTestId("toast")).toContainText("The server says no.");
    await expect(page.getByTestId("toast")).toHaveAttribute("data-type", "danger");
  });

  test("a successful action redirects and shows a flashed toast once", async ({ page }) => {
    await fillValid(page);
    await form(page).getByRole("button", { name: "Save" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Saved Ada Lovelace");
    await expect(toast).toHaveAttribute("data-type", "positive");
    await page.reload();
    await expect(form(page).getByRole("button", { name: "Show password" })).toBeVisible();
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });
});

test.describe("form kit without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server validates with the same schema, keeps values (not the password) and focuses the first error", async ({ page }) => {
    await page.goto("/_dev/ui");
    const f = form(page);
    await f.getByLabel("Name").fill("Ada");
    await f.getByLabel("Email").fill("nope");
    await f.getByLabel("Password", { exact: true }).fill("short");
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await f.getByRole("button", { name: "Save" }).click();
    expect((await response).status()).toBe(400);

    await expect(f.getByText("Enter a valid email address.")).toBeVisible();
    await expect(f.getByText("Must be at least 8 characters.")).toBeVisible();
    await expect(f.getByText("You must accept the terms.")).toBeVisible();
    await expect(f.getByLabel("Name")).toHaveValue("Ada");
    await expect(f.getByLabel("Email")).toHaveValue("nope");
    await expect(f.getByLabel("Password", { exact: true })).toHaveValue("");
    // autofocus on the fields in error: the browser focuses the first one.
    await expect(f.getByLabel("Email")).toBeFocused();
  });

  test("a form-level server message shows inline, and success shows the flashed toast", async ({ page }) => {
    await page.goto("/_dev/ui");
    await fillValid(page, { name: "Server Trouble" });
    await form(page).getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("form-errors")).toContainText("The server could not save this right now.");

    await fillValid(page, { name: "Grace Hopper" });
    await form(page).getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/_dev\/ui$/);
    await expect(page.getByTestId("toast")).toContainText("Saved Grace Hopper");
    await page.reload();
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });
});
