import { expect, test, type Page } from "@playwright/test";
import { followFinishLink, submitRegistration, uniqueEmail, uniqueIp, waitForHydration } from "./auth/helpers";
import { queryE2e } from "./fixtures/e2e-db";
import { createSignedInUser, signInContext } from "./fixtures/signed-in-user";

/**
 * Billing end to end with the local payment provider (Stripe's test mode
 * without network): the pricing page, registration continuing to
 * checkout, Stripe's success and declined test cards, a change of plan with
 * its proration preview, cancelling and resuming, a gated route before and
 * after paying, and bad input. The seed has Free, Standard and Premium.
 * Forms run with JavaScript and, where marked, without it.
 */

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueIp() });
});

const SUCCESS_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";

async function planIds(name: string, interval: "month" | "year") {
  const [row] = await queryE2e<{ productId: number; priceId: number }>(
    `SELECT p.id AS productId, pr.id AS priceId FROM products p JOIN prices pr ON pr.product_id = p.id
     WHERE p.name = ? AND pr.interval = ? AND pr.archived = 0 ORDER BY pr.id LIMIT 1`,
    [name, interval],
  );
  if (!row) throw new Error(`no seeded ${name} ${interval} price`);
  return { productId: Number(row.productId), priceId: Number(row.priceId) };
}

async function payWithCard(page: Page, number: string) {
  const form = page.getByTestId("local-checkout").locator("form");
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiration date").fill("12 / 34");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill("Test Person");
  await form.getByRole("button", { name: "Subscribe" }).click();
}

/** Chooses a plan on /pricing and pays for it with the success card. */
async function subscribe(page: Page, plan: "Standard" | "Premium", cycle: "monthly" | "yearly") {
  await page.goto(`/pricing?cycle=${cycle}`);
  await page.locator(`[data-plan="${plan}"]`).getByTestId("plan-button").click();
  await expect(page).toHaveURL(/\/billing\/local\/checkout\/cs_local_/);
  await payWithCard(page, SUCCESS_CARD);
  await expect(page.getByTestId("checkout-success")).toBeVisible();
}

test("guest picks a yearly plan, registers, lands on checkout, pays with the success card and sees billing", async ({ page }) => {
  await page.goto("/pricing");
  await waitForHydrationOfPricing(page);
  await expect(page.getByRole("heading", { name: "Choose the right plan for you" })).toBeVisible();
  // Yearly by default, with the best saving over the plans (Premium: 1 - 119.99 / 179.88 = 33 %).
  await expect(page.getByTestId("cycle-yearly")).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("save-up-to")).toHaveText("Save up to 33%");
  const premium = page.locator('[data-plan="Premium"]');
  await expect(premium.getByTestId("plan-price")).toContainText("$119.99");
  // The switch flips prices at once with JavaScript.
  await page.getByTestId("cycle-monthly").click();
  await expect(premium.getByTestId("plan-price")).toContainText("$14.99");
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByTestId("cycle-yearly").click();
  await expect(page.getByTestId("pricing-support").getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");

  await premium.getByTestId("plan-button").click();
  await expect(page).toHaveURL(/\/register\?redirectFrom=pricing$/);
  await expect(page.getByRole("heading", { name: "First, let's create your account" })).toBeVisible();
  const email = uniqueEmail("billing");
  await submitRegistration(page, email, { js: true });
  // The mailed link, opened in the same browser, finishes the registration and goes on to the chosen plan.
  await followFinishLink(page, email);

  // The chosen plan's checkout, for the yearly price.
  await expect(page).toHaveURL(/\/billing\/local\/checkout\/cs_local_/);
  await expect(page.getByText("Subscribe to Premium")).toBeVisible();
  await expect(page.getByTestId("checkout-price")).toHaveText("$119.99");
  await payWithCard(page, SUCCESS_CARD);
  await expect(page.getByTestId("checkout-success")).toContainText("You are now on the Premium plan.");
  await page.getByRole("link", { name: "Go to billing" }).click();

  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId("plan-name")).toHaveText("Premium");
  await expect(page.getByTestId("plan-status")).toHaveText("Active");
  await expect(page.getByTestId("renewal")).toContainText("Your plan renews on");
  await expect(page.getByTestId("payment-card")).toContainText("Visa ending in 4242");
  await expect(page.getByTestId("invoice-row")).toHaveCount(1);
  await expect(page.getByTestId("invoice-row")).toContainText("$119.99");
  await expect(page.getByTestId("invoice-row")).toContainText("Paid");
  // Menus follow the subscription: Billing in the user menu, no Pricing in the navbar.
  await page.getByTestId("user-menu").first().click();
  await expect(
    page
      .getByRole("menuitem", { name: "Billing" })
      .or(page.getByRole("link", { name: "Billing" }))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toHaveCount(0);
});

test("a plan chosen before signing in continues to its checkout after signing in", async ({ page }) => {
  const standardYearly = await planIds("Standard", "year");
  await page.goto("/pricing");
  await page.locator('[data-plan="Standard"]').getByTestId("plan-button").click();
  await expect(page).toHaveURL(/\/register\?redirectFrom=pricing$/);
  // An existing account signs in instead (the demo user; nothing is bought here).
  await page.goto("/login");
  await waitForHydration(page);
  const form = page.getByTestId("login-form");
  await form.getByLabel("Email").fill("user@demo.reelbase.test");
  await form.getByLabel("Password", { exact: true }).fill("demo-user-password");
  await form.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/billing\/local\/checkout\/cs_local_/);
  await expect(page.getByText("Subscribe to Standard")).toBeVisible();
  await expect(page.getByTestId("checkout-price")).toHaveText("$79.99");
  // The choice is used up: the next sign-in goes to the usual place.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "onboarding-selection")).toBeUndefined();
  const [session] = await queryE2e<{ price_id: number }>("SELECT price_id FROM checkout_sessions WHERE user_id = (SELECT id FROM users WHERE email = ?) ORDER BY created_at DESC LIMIT 1", [
    "user@demo.reelbase.test",
  ]);
  expect(Number(session.price_id)).toBe(standardYearly.priceId);
});

async function waitForHydrationOfPricing(page: Page) {
  // The cycle switch answers clicks without a request only once React runs.
  await expect(page.locator('[data-testid="pricing-table"][data-hydrated="true"]')).toBeVisible();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the declined card is refused with Stripe's message; the success card then subscribes", async ({ page, context, baseURL }) => {
    const user = await createSignedInUser("declined");
    await signInContext(context, baseURL!, user);
    await page.goto("/pricing");
    // The switch is a link the server answers.
    await page.getByTestId("cycle-monthly").click();
    await expect(page).toHaveURL(/cycle=monthly/);
    const standard = page.locator('[data-plan="Standard"]');
    await expect(standard.getByTestId("plan-price")).toContainText("$7.99");
    await expect(page.locator('[data-plan="Free"]').getByTestId("plan-button")).toBeDisabled();
    await standard.getByTestId("plan-button").click();
    await expect(page).toHaveURL(/\/billing\/local\/checkout\//);

    await payWithCard(page, DECLINED_CARD);
    await expect(page.getByTestId("field-error")).toHaveText("Your card was declined.");
    // The card number is not sent back to the page.
    await expect(page.getByLabel("Card number")).toHaveValue("");
    const [none] = await queryE2e<{ n: number }>("SELECT count(*) AS n FROM subscriptions WHERE user_id = ?", [user.userId]);
    expect(Number(none.n)).toBe(0);

    await payWithCard(page, SUCCESS_CARD);
    await expect(page.getByTestId("checkout-success")).toContainText("You are now on the Standard plan.");
    await page.goto("/billing");
    await expect(page.getByTestId("plan-name")).toHaveText("Standard");
    await expect(page.getByTestId("current-plan")).toContainText("$7.99 / month");
  });

  test("cancel at period end and resume", async ({ page, context, baseURL }) => {
    const user = await createSignedInUser("cancel");
    await signInContext(context, baseURL!, user);
    await subscribe(page, "Standard", "yearly");
    await page.goto("/billing");
    await page.getByTestId("cancel-plan").click();
    await expect(page.getByTestId("confirm-cancel")).toContainText("You keep your plan until");
    await page.getByTestId("confirm-cancel-button").click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByTestId("toast")).toContainText("Your subscription will end on");
    await expect(page.getByTestId("plan-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("renewal")).toContainText("Your plan will end on");
    // Still subscribed until then: the navbar's Pricing item is for unsubscribed users only.
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toHaveCount(0);

    await page.getByTestId("resume-plan").click();
    await expect(page.getByTestId("toast")).toContainText("Your subscription will renew on");
    await expect(page.getByTestId("plan-status")).toHaveText("Active");
    await expect(page.getByTestId("renewal")).toContainText("Your plan renews on");
  });
});

test("change plan: the confirmation shows the new price and the proration, confirming swaps the plan", async ({ page, context, baseURL }) => {
  const user = await createSignedInUser("change");
  await signInContext(context, baseURL!, user);
  await subscribe(page, "Standard", "monthly");
  await page.goto("/pricing?cycle=monthly");
  await expect(page.locator('[data-plan="Standard"]').getByTestId("plan-button")).toHaveText("Current plan");
  await page.locator('[data-plan="Premium"]').getByTestId("plan-button").click();
  const premiumMonthly = await planIds("Premium", "month");
  await expect(page).toHaveURL(new RegExp(`/change-plan/${premiumMonthly.productId}/${premiumMonthly.priceId}/confirm$`));
  await expect(page.getByTestId("new-plan")).toContainText("Premium");
  await expect(page.getByTestId("new-plan")).toContainText("$14.99 / month");
  const preview = page.getByTestId("proration-preview");
  await expect(preview).toContainText("Unused time on Standard");
  await expect(preview).toContainText("Remaining time on Premium");
  // Changing right after paying: almost the whole difference (14.99 - 7.99).
  await expect(page.getByTestId("amount-due")).toHaveText(/^\$(6\.9\d|7\.00)$/);
  await page.getByTestId("confirm-plan-change").click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId("toast")).toContainText("You are now on the Premium plan.");
  await expect(page.getByTestId("plan-name")).toHaveText("Premium");
  await expect(page.getByTestId("invoice-row")).toHaveCount(2);
});

test("a gated route sends a user without the permission to /pricing, and opens once they pay", async ({ page, context, baseURL }) => {
  // A user whose roles do not grant titles.view (a subscription-only catalogue); Standard grants it.
  const user = await createSignedInUser("gated");
  await queryE2e("DELETE FROM user_roles WHERE user_id = ?", [user.userId]);
  await signInContext(context, baseURL!, user);
  await page.goto("/titles");
  await expect(page).toHaveURL(/\/pricing$/);
  await subscribe(page, "Standard", "monthly");
  await page.goto("/titles");
  await expect(page).toHaveURL(/\/titles$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Let the (lazy) posters finish loading, so the next test's database fixture does not write while they are read.
  await page.waitForLoadState("networkidle");
});

test("the local billing portal updates the payment method", async ({ page, context, baseURL }) => {
  const user = await createSignedInUser("portal");
  await signInContext(context, baseURL!, user);
  await subscribe(page, "Standard", "monthly");
  await page.goto("/billing");
  await page.getByTestId("update-payment-method").click();
  await expect(page).toHaveURL(/\/billing\/local\/portal\?return=/);
  await expect(page.getByTestId("portal-current-card")).toContainText("Visa ending in 4242");
  const form = page.getByTestId("local-portal").locator("form");
  await form.getByLabel("Card number").fill("5555 5555 5555 4444");
  await form.getByLabel("Expiration date").fill("01 / 33");
  await form.getByLabel("CVC").fill("321");
  await form.getByLabel("Name on card").fill("Test Person");
  await form.getByRole("button", { name: "Save card" }).click();
  await expect(page).toHaveURL(/\/billing\?portal=return$/);
  await expect(page.getByTestId("payment-card")).toContainText("Mastercard ending in 4444");
});

test("bad input: unknown, hidden and mismatched plans, a plan already owned, non-numeric ids", async ({ page, context, baseURL }) => {
  const user = await createSignedInUser("bad-billing");
  await signInContext(context, baseURL!, user);
  const standardMonthly = await planIds("Standard", "month");
  const premiumYearly = await planIds("Premium", "year");

  let response = await page.goto("/checkout/999999/1");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("checkout-problem")).toContainText("This plan does not exist.");

  response = await page.goto(`/checkout/${standardMonthly.productId}/${premiumYearly.priceId}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("checkout-problem")).toContainText("This price belongs to another plan.");

  const [hidden] = await queryE2e<{ id: number }>("INSERT INTO products (name, hidden, feature_list, permissions) VALUES ('Retired plan', 1, '[]', '[]') RETURNING id");
  const [hiddenPrice] = await queryE2e<{ id: number }>("INSERT INTO prices (product_id, amount, currency, interval, interval_count) VALUES (?, 500, 'usd', 'month', 1) RETURNING id", [hidden.id]);
  response = await page.goto(`/checkout/${hidden.id}/${hiddenPrice.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("checkout-problem")).toContainText("This plan is no longer offered.");
  await page.goto("/pricing");
  await expect(page.locator('[data-plan="Retired plan"]')).toHaveCount(0);

  for (const path of ["/checkout/abc/1", "/checkout/1/-2", "/change-plan/x/1/confirm"]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
  }

  // Not subscribed yet: a plan change is a checkout.
  await page.goto(`/change-plan/${premiumYearly.productId}/${premiumYearly.priceId}/confirm`);
  await expect(page).toHaveURL(/\/billing\/local\/checkout\//);

  await subscribe(page, "Standard", "monthly");
  await page.goto(`/checkout/${standardMonthly.productId}/${standardMonthly.priceId}`);
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId("toast")).toContainText("You are already subscribed to this plan.");
  const [count] = await queryE2e<{ n: number }>("SELECT count(*) AS n FROM subscriptions WHERE user_id = ?", [user.userId]);
  expect(Number(count.n)).toBe(1);

  // A plan button posted with nonsense.
  const post = await page.request.post("/pricing", { form: { intent: "select-plan", productId: "abc", priceId: "1" } });
  expect(post.status()).toBe(400);
});

test("a guest is sent to sign in from billing pages, and the products API lists the plans", async ({ page, request }) => {
  await page.goto("/billing");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fbilling$/);
  const response = await request.get("/api/v1/billing/products");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { pagination: { data: { name: string; feature_list: string[]; prices: { interval_count: number }[] }[] } };
  expect(body.pagination.data.map((p) => p.name)).toEqual(expect.arrayContaining(["Free", "Standard", "Premium"]));
  expect(body.pagination.data.find((p) => p.name === "Premium")?.prices).toHaveLength(2);
  // No Stripe keys locally: the Stripe webhook endpoint does not exist.
  expect((await request.post("/api/v1/billing/stripe/webhook", { data: "{}" })).status()).toBe(404);
});
