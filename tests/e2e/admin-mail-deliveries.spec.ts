import { expect, test } from "@playwright/test";
import { adminDb, createAdmin, createUserWithPermissions, signIn } from "./admin/fixtures";
import { createSignedInUser } from "./fixtures/signed-in-user";

/**
 * The admin's view of mail deliveries (issue 6: a failed delivery is
 * recorded, not lost): failed ones listed with recipient, type, attempts and
 * the provider's last error, filtered by status, and sent again through the
 * mail queue (whose consumer runs inside the e2e Worker and writes the local
 * outbox). Refused to everyone without settings.update. Works without
 * JavaScript: the filter and the retry are plain forms.
 */

let n = 0;
function recipient(prefix: string) {
  n += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${n}@example.test`;
}

/** A delivery that failed for good after its retries, as the consumer records it. */
async function failedDelivery(to: string) {
  const [row] = await adminDb<{ id: number }>(
    `INSERT INTO mail_deliveries ("to", subject, text, html, source, status, attempts, last_error, failed_at)
     VALUES (?, 'Reset your Reelbase password', 'Reset it here', '<p>Reset it here</p>', 'account.password-reset', 'failed', 5, 'Mail API answered 503: upstream unavailable', unixepoch())
     RETURNING id`,
    [to],
  );
  return Number(row.id);
}

test("admins see failed mail deliveries, filter them and send one again through the queue (no JavaScript)", async ({ browser, baseURL }) => {
  const admin = await createAdmin("mail-admin");
  const to = recipient("failed-mail");
  const id = await failedDelivery(to);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signIn(context, baseURL, admin);
  const page = await context.newPage();

  await page.goto("/admin");
  await page.getByRole("link", { name: "Mail deliveries" }).click();
  await expect(page).toHaveURL(/\/admin\/mail-deliveries$/);
  await page.getByTestId("mail-status-filter").selectOption("failed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=failed/);
  const rows = page.getByTestId("mail-delivery");
  for (const status of await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-status")))) expect(status).toBe("failed");
  const row = page.locator(`[data-testid=mail-delivery][data-delivery-id="${id}"]`);
  await expect(row).toContainText(to);
  await expect(row).toContainText("account.password-reset");
  await expect(row).toContainText("Mail API answered 503");
  await expect(row.getByRole("cell").nth(3)).toHaveText("5");
  // Bodies (codes, reset links) are never shown.
  await expect(page.getByText("Reset it here")).toHaveCount(0);

  await row.getByTestId("mail-retry").click();
  await expect(page).toHaveURL(/\/admin\/mail-deliveries\?status=failed$/);
  await expect(page.getByText("Mail queued again")).toBeVisible();
  await expect(page.locator(`[data-testid=mail-delivery][data-delivery-id="${id}"]`)).toHaveCount(0);

  // The queue consumer delivers it: the local outbox has it and the row says sent.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get("/dev/mailbox.json")).json()) as { to: string }[];
      return mails.some((mail) => mail.to === to);
    })
    .toBe(true);
  await expect.poll(async () => (await adminDb<{ status: string }>("SELECT status FROM mail_deliveries WHERE id = ?", [id]))[0]?.status).toBe("sent");
  await page.goto("/admin/mail-deliveries?status=sent");
  await expect(page.locator(`[data-testid=mail-delivery][data-delivery-id="${id}"]`)).toContainText(to);

  // Only a failed one can be sent again: a second post changes nothing.
  const again = await page.request.post("/admin/mail-deliveries", { form: { intent: "retry", id: String(id) }, maxRedirects: 0 });
  expect(again.status()).toBe(303);
  await page.goto("/admin/mail-deliveries?status=sent");
  await expect(page.locator(`[data-testid=mail-delivery][data-delivery-id="${id}"]`)).toHaveCount(1);
  // Bad input: a clear message, nothing changed, never a 500.
  const bad = await page.request.post("/admin/mail-deliveries", { form: { intent: "retry", id: "not-a-number" } });
  expect(bad.status()).toBe(200);
  await expect(page.locator(`[data-testid=mail-delivery][data-delivery-id="${id}"]`)).toHaveCount(1);
  await context.close();
});

test("mail deliveries are refused without settings.update, listing and retry alike", async ({ browser, baseURL }) => {
  const id = await failedDelivery(recipient("refused-mail"));
  for (const user of [await createSignedInUser("mail-user"), await createUserWithPermissions(["admin.access", "audit.view"], "mail-auditor")]) {
    const context = await browser.newContext();
    await signIn(context, baseURL, user);
    const page = await context.newPage();
    const listing = await page.goto("/admin/mail-deliveries");
    expect(listing?.status()).toBe(404);
    const retry = await page.request.post("/admin/mail-deliveries", { form: { intent: "retry", id: String(id) }, maxRedirects: 0 });
    expect(retry.status()).toBe(404);
    await context.close();
  }
  expect((await adminDb<{ status: string }>("SELECT status FROM mail_deliveries WHERE id = ?", [id]))[0].status).toBe("failed");
});
