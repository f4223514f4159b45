import { expect, test } from "@playwright/test";
import { createApiClient } from "./fixtures/api-client";
import { queryE2e } from "./fixtures/e2e-db";
import { signInContext } from "./fixtures/signed-in-user";

/** /contact (spec sections 2 and 5) and /api-docs. */

interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

async function mailContaining(request: import("@playwright/test").APIRequestContext, marker: string) {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/dev/mailbox.json")).json()) as Mail[];
      found = mails.find((m) => m.text.includes(marker));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

function uniqueIp() {
  return `10.88.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
}

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("required fields, then stored, mailed to the site and confirmed", async ({ page, context }) => {
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    await expect(form.getByLabel("Message")).toHaveAttribute("rows", "8");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(form.getByTestId("field-error")).toHaveCount(3);
    await expect(form.getByText("This field is required.").first()).toBeVisible();

    const marker = `no-js-${Date.now()}`;
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Email").fill("not an address");
    await form.getByLabel("Message").fill(`Hello from a browser without scripts ${marker}`);
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByText("Enter a valid email address.")).toBeVisible();
    // Values are kept after a failed post.
    await expect(form.getByLabel("Name")).toHaveValue("Grace Hopper");

    await form.getByLabel("Email").fill("grace@example.test");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Your message has been submitted.")).toBeVisible();

    const [row] = await queryE2e<{ name: string; email: string; mailed_at: number | null }>("SELECT name, email, mailed_at FROM contact_messages WHERE message LIKE ?", [`%${marker}`]);
    expect(row).toMatchObject({ name: "Grace Hopper", email: "grace@example.test" });
    expect(row.mailed_at).not.toBeNull();
    const mail = await mailContaining(page.request, marker);
    expect(mail.to).toBe("contact@localhost");
    expect(mail.subject).toContain("Grace Hopper");
    expect(mail.text).toContain("grace@example.test");
  });

  test("a filled honeypot looks like success but nothing is kept or sent", async ({ page, context }) => {
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
    await page.goto("/contact");
    const marker = `honeypot-${Date.now()}`;
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Name").fill("Spam Bot");
    await form.getByLabel("Email").fill("bot@example.test");
    await form.getByLabel("Message").fill(marker);
    await page.locator('input[name="website"]').fill("https://spam.example");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Your message has been submitted.")).toBeVisible();
    expect(await queryE2e("SELECT id FROM contact_messages WHERE message = ?", [marker])).toEqual([]);
  });

  test("the sixth message a minute from one address is refused with a clear message", async ({ page, context }) => {
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
    // The limit counts in fixed one-minute windows; should the page's post land in a fresh window, fill that one too.
    for (let attempt = 0; attempt < 2; attempt++) {
      for (let i = 0; i < 11; i++) {
        const response = await page.request.post("/contact", { form: { name: "Busy", email: "busy@example.test", message: `busy ${i}` }, maxRedirects: 0 });
        if (response.status() === 429) break;
        expect(response.status()).toBe(303);
      }
      await page.goto("/contact");
      const form = page.getByTestId("contact-form");
      await form.getByLabel("Name").fill("Busy");
      await form.getByLabel("Email").fill("busy@example.test");
      await form.getByLabel("Message").fill("one too many");
      await form.getByRole("button", { name: "Send" }).click();
      await page.waitForLoadState();
      if (await page.getByTestId("form-errors").isVisible()) break;
    }
    await expect(page.getByTestId("form-errors")).toContainText(/Too many attempts/);
  });
});

test("contact form with JavaScript: checked in the browser, then sent", async ({ page, context, baseURL }) => {
  const user = await createApiClient();
  await signInContext(context, baseURL!, user);
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
  await page.goto("/contact");
  const form = page.getByTestId("contact-form");
  // A signed-in visitor's address is filled in.
  await expect(form.getByLabel("Email")).toHaveValue(user.email);
  await expect(page.locator("html")).toHaveAttribute("lang", /.+/);
  await form.getByLabel("Message").fill("");
  let posted = false;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/contact")) posted = true;
  });
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByText("This field is required.")).toBeVisible();
  expect(posted).toBe(false);
  await form.getByLabel("Message").fill(`With scripts ${Date.now()}`);
  await form.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Your message has been submitted.")).toBeVisible();
});

test.describe("API docs", () => {
  test("a guest is asked to sign in", async ({ page }) => {
    await page.goto("/api-docs");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapi-docs/);
  });

  test("renders the OpenAPI document offline, from our own assets only", async ({ page, context, baseURL }) => {
    // The reference UI is one 4 MB script: give its first parse time on a busy machine.
    test.slow();
    const user = await createApiClient();
    await signInContext(context, baseURL!, user);
    // This machine has no internet: anything requested elsewhere would fail (and the page must not need it).
    const outside: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["localhost", "127.0.0.1"].includes(url.hostname) && url.protocol.startsWith("http")) outside.push(url.href);
    });
    // Shown in the report if the reference fails to render.
    page.on("pageerror", (error) => console.log(`page error on /api-docs: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") console.log(`console error on /api-docs: ${message.text()}`);
    });
    await page.goto("/api-docs");
    await expect(page.getByTestId("api-docs")).toBeVisible();
    await expect(page.getByText("List titles").first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("Reelbase API").first()).toBeVisible();
    await expect(page.getByText("Get a title").first()).toBeVisible();
    // Scalar's hosted extras are off (decision 031): no "Ask AI", no "Generate MCP".
    await expect(page.getByText(/Ask AI|Generate MCP/)).toHaveCount(0);
    const scripts = await page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
    expect(scripts.every((src) => new URL(src).hostname === "localhost")).toBe(true);
    expect(outside).toEqual([]);
  });

  test("a user without api.access does not get the docs", async ({ page, context, baseURL }) => {
    const user = await createApiClient({ apiAccess: false });
    await signInContext(context, baseURL!, user);
    await page.goto("/api-docs");
    // Billing is on and they are not subscribed: a plan might grant it; otherwise the 404 page.
    await expect(page).toHaveURL(/\/pricing$|\/api-docs$/);
    await expect(page.getByTestId("api-docs")).toHaveCount(0);
  });
});
