import { expect, test } from "@playwright/test";
import { adminDb, createAdmin, createUserWithPermissions, signIn } from "./admin/fixtures";
import { createSignedInUser } from "./fixtures/signed-in-user";
import { api } from "./social/helpers";

/**
 * Mail in the admin area. Announcements (admin broadcasts) sent from a
 * form to the users of a role, delivered by the notifications queue.
 * Mail deliveries (a failed delivery is
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

test("admins send an announcement from the admin area to the users of a role; bad input gets field messages", async ({ browser, baseURL, request }) => {
  const admin = await createAdmin("announcer");
  const target = await createUserWithPermissions([], "announce-target");
  const title = `Maintenance ${Date.now().toString(36)}`;
  const context = await browser.newContext();
  await signIn(context, baseURL, admin);
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByRole("link", { name: "Announcements" }).click();
  await expect(page).toHaveURL(/\/admin\/announcements$/);
  const form = page.getByTestId("announcement-form");

  // A button needs both its label and its address; nothing is sent meanwhile.
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Button label", { exact: true }).fill("Read more");
  await form.getByRole("button", { name: "Send announcement" }).click();
  await expect(form.getByText("Give the button an address too.")).toBeVisible();
  await form.getByLabel("Button address", { exact: true }).fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Send announcement" }).click();
  await expect(form.getByText("Use a path on this site (/…) or an http(s) address.")).toBeVisible();
  // Posted by hand past the browser's checks: 422 and nothing recorded.
  const refused = await page.request.post("/admin/announcements", { form: { title: "", actionUrl: "/titles" } });
  expect(refused.status()).toBe(422);
  expect(await adminDb("SELECT id FROM notification_broadcasts WHERE title = ?", [title])).toHaveLength(0);

  await form.getByLabel("Button address", { exact: true }).fill("/titles");
  await form.getByLabel("Message", { exact: true }).fill("The site will be read-only tonight.");
  await form.locator(`input[name=roleIds][value="${target.roleId}"]`).check();
  await form.getByRole("button", { name: "Send announcement" }).click();
  await expect(page.getByText("Announcement queued for delivery")).toBeVisible();
  const listed = page.getByTestId("broadcast").filter({ hasText: title });
  await expect(listed).toBeVisible();

  // Delivered by the notifications queue to the role's only user, with its button.
  await expect
    .poll(async () => (await api(request, target, "GET", "/notifications")).body.pagination.data.map((n: { data: { lines: { content: string }[] } }) => n.data.lines[0]?.content ?? ""), {
      timeout: 15_000,
    })
    .toContainEqual(expect.stringContaining(title));
  const [notification] = (await api(request, target, "GET", "/notifications")).body.pagination.data;
  expect(notification.data.mainAction.action).toBe("/titles");
  // Nobody outside the role got it.
  expect((await api(request, admin, "GET", "/notifications")).body.pagination.data.some((n: { data: { lines: { content: string }[] } }) => n.data.lines[0]?.content.includes(title))).toBe(false);
  await page.reload();
  await expect(page.getByTestId("broadcast").filter({ hasText: title })).toHaveAttribute("data-status", "sent");
  await context.close();
});

test("announcements are refused without notifications.broadcast", async ({ browser, baseURL }) => {
  const user = await createUserWithPermissions(["admin.access", "settings.update"], "no-broadcast");
  const context = await browser.newContext();
  await signIn(context, baseURL, user);
  const page = await context.newPage();
  expect((await page.goto("/admin/announcements"))?.status()).toBe(404);
  const title = `Refused ${Date.now().toString(36)}`;
  expect((await page.request.post("/admin/announcements", { form: { title }, maxRedirects: 0 })).status()).toBe(404);
  expect(await adminDb("SELECT id FROM notification_broadcasts WHERE title = ?", [title])).toHaveLength(0);
  await context.close();
});
