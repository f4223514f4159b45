import { expect, test } from "@playwright/test";
import { NOTIFICATIONS_POLL_INTERVAL_MS } from "../../app/constants";
import { announce, api, createSignedInUser, createUserWithPassword, mailTo, outbox, PASSWORD, signedInContext, stubNotifications, uniqueName, waitForApp } from "./social/helpers";

/**
 * Notifications end to end: the list and the navbar popover,
 * reading one and all, per-channel preferences saved and honoured, the
 * browser channel (shown while a tab is open; switched off when the
 * permission is denied), sign-in from a new device, and the API.
 */

test.describe("the notifications list", () => {
  test("clicking one marks it read and opens its main action; Mark all as read only while some are unread", async ({ browser, request }) => {
    // Several browser contexts: more than the default budget on a busy 2-core machine.
    test.slow();
    const user = await createSignedInUser("reader");
    const [first, second, third] = [uniqueName("First"), uniqueName("Second"), uniqueName("Third")];
    await announce(request, [user], [first, second, third], { label: "Browse", action: "/titles" });

    const context = await signedInContext(browser, user);
    const page = await context.newPage();
    await page.goto("/notifications");
    await waitForApp(page);
    const items = page.getByTestId("notification");
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText(third);
    // No image: unread ones carry a dot; the first button is filled, others outlined.
    await expect(items.first().getByTestId("unread-dot")).toBeVisible();
    await expect(page.locator("[data-testid=unread-badge]:visible").first()).toHaveText("3");
    await expect(page.getByTestId("mark-all-read")).toBeVisible();
    await expect(page.getByTestId("notification-settings-link")).toHaveAttribute("href", "/notifications/settings");

    await items.first().getByTestId("notification-open").click();
    await page.waitForURL(/\/titles$/);
    await expect(page.locator("[data-testid=unread-badge]:visible").first()).toHaveText("2");
    const listed = await api(request, user, "GET", "/notifications");
    expect(listed.body.unreadCount).toBe(2);
    expect(listed.body.pagination.data[0].read_at).not.toBeNull();

    await page.goto("/notifications");
    await expect(items.first().getByTestId("unread-dot")).toHaveCount(0);
    await expect(items.nth(1).getByTestId("unread-dot")).toBeVisible();
    await page.getByTestId("mark-all-read").click();
    await expect(page.getByTestId("mark-all-read")).toHaveCount(0);
    await expect(page.getByTestId("unread-dot")).toHaveCount(0);
    await expect(page.locator("[data-testid=unread-badge]:visible")).toHaveCount(0);
    expect((await api(request, user, "GET", "/notifications")).body.unreadCount).toBe(0);
    await context.close();
  });

  test("an external main action opens in a new tab", async ({ browser, request }) => {
    const user = await createSignedInUser("external");
    await announce(request, [user], [uniqueName("Status")], { label: "Status page", action: "https://status.example.test/" });
    const context = await signedInContext(browser, user);
    // The external site is not reachable from here: answer it locally.
    await context.route("https://status.example.test/**", (route) => route.fulfill({ body: "status ok", contentType: "text/plain" }));
    const page = await context.newPage();
    await page.goto("/notifications");
    await waitForApp(page);
    const [popup] = await Promise.all([context.waitForEvent("page"), page.getByTestId("notification-open").click()]);
    await expect(popup).toHaveURL("https://status.example.test/");
    await expect(page).toHaveURL(/\/notifications$/);
    await expect.poll(async () => (await api(request, user, "GET", "/notifications")).body.unreadCount).toBe(0);
    await context.close();
  });

  test("the empty state, and the navbar: a popover on wide screens, a link on phones", async ({ browser, request }) => {
    // Several browser contexts: more than the default budget on a busy 2-core machine.
    test.slow();
    const quiet = await createSignedInUser("quiet");
    const quietContext = await signedInContext(browser, quiet);
    const quietPage = await quietContext.newPage();
    await quietPage.goto("/notifications");
    await expect(quietPage.getByTestId("notifications-empty")).toBeVisible();
    await expect(quietPage.getByTestId("mark-all-read")).toHaveCount(0);
    await quietContext.close();

    const user = await createSignedInUser("navbar");
    const title = uniqueName("Popover news");
    await announce(request, [user], [title], { label: "Open", action: "/people" });
    const desktop = await signedInContext(browser, user);
    const page = await desktop.newPage();
    await page.goto("/");
    await waitForApp(page);
    await page.getByTestId("notifications-button").click();
    const popover = page.getByTestId("notifications-popover");
    await expect(popover.getByTestId("notification")).toContainText(title);
    await popover.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.locator("[data-testid=unread-badge]:visible")).toHaveCount(0);
    await expect(popover.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
    await popover.getByRole("link", { name: "See all notifications" }).click();
    await page.waitForURL(/\/notifications$/);
    await desktop.close();

    const phone = await signedInContext(browser, user, { viewport: { width: 390, height: 800 } });
    const phonePage = await phone.newPage();
    await phonePage.goto("/");
    // On a phone the bell is a link, with or without JavaScript (no popover trigger is shown).
    await expect(phonePage.locator("[data-testid=notifications-button]:visible")).toHaveCount(0);
    await phonePage.locator("[data-testid=notifications-link]:visible").click();
    await phonePage.waitForURL(/\/notifications$/);
    await phone.close();
  });

  test("without JavaScript: open, mark all as read", async ({ browser, request }) => {
    const user = await createSignedInUser("nojs-reader");
    await announce(request, [user], [uniqueName("One"), uniqueName("Two")], { label: "Open", action: "/people" });
    const context = await signedInContext(browser, user, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/notifications");
    await page.getByTestId("notification-open").first().click();
    await expect(page).toHaveURL(/\/people$/);
    await page.goto("/notifications");
    await expect(page.getByTestId("unread-dot")).toHaveCount(1);
    await page.getByTestId("mark-all-read").click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByTestId("unread-dot")).toHaveCount(0);
    await context.close();
  });
});

test.describe("preferences", () => {
  test("saved per type and channel, and honoured: invitations switched off for mail send no mail", async ({ browser, request }) => {
    // Several browser contexts: more than the default budget on a busy 2-core machine.
    test.slow();
    const user = await createSignedInUser("prefs");
    const context = await signedInContext(browser, user);
    const page = await context.newPage();
    await page.goto("/notifications/settings");
    await waitForApp(page);
    const invitations = page.getByTestId("notif-row-workspace.invitation");
    await invitations.locator("input[data-channel=mail]").uncheck();
    // One box of a group off: that group's mail toggle is mixed.
    await page.getByTestId("notif-row-billing.plan_changed").locator("input[data-channel=mail]").uncheck();
    const subscriptionGroupMail = page.locator("section", { has: page.getByTestId("notif-row-billing.plan_changed") }).getByTestId("group-toggle-mail");
    await expect(subscriptionGroupMail).toHaveAttribute("data-indeterminate", "true");
    await page.getByRole("button", { name: "Update preferences" }).click();
    await expect(page.getByTestId("toast")).toContainText("Updated preferences");

    await page.reload();
    await expect(invitations.locator("input[data-channel=mail]")).not.toBeChecked();
    await expect(invitations.locator("input[data-channel=database]")).toBeChecked();
    const saved = await api(request, user, "GET", "/notifications/me/subscriptions");
    expect(saved.body.user_selections.find((s: { notif_id: string }) => s.notif_id === "workspace.invitation").channels).toEqual({ database: true, mail: false, browser: true });

    // Honoured: an invitation arrives in the app, and no mail goes out (while it does for someone who kept mail on).
    const owner = await createSignedInUser("inviter");
    const control = await createSignedInUser("control");
    const workspace = (await api(request, owner, "POST", "/workspaces", { name: uniqueName("Prefs") })).body.workspace;
    expect((await api(request, owner, "POST", `/workspaces/${workspace.id}/invite`, { emails: [user.email, control.email] })).status).toBe(201);
    await mailTo(request, control.email, /^Join /);
    await expect.poll(async () => (await api(request, user, "GET", "/notifications")).body.pagination.total).toBe(1);
    expect((await outbox(request)).filter((mail) => mail.to === user.email)).toEqual([]);
    await context.close();
  });

  test("a group toggle sets every type of the group; without JavaScript the boxes still save", async ({ browser, request }) => {
    // Several browser contexts: more than the default budget on a busy 2-core machine.
    test.slow();
    const user = await createSignedInUser("groups");
    const context = await signedInContext(browser, user);
    const page = await context.newPage();
    await page.goto("/notifications/settings");
    await waitForApp(page);
    const group = page.locator("section", { has: page.getByTestId("notif-row-billing.payment_failed") });
    await group.getByTestId("group-toggle-database").click();
    await expect(group.locator("input[data-channel=database]:checked")).toHaveCount(0);
    await page.getByRole("button", { name: "Update preferences" }).click();
    await expect(page.getByTestId("toast")).toContainText("Updated preferences");
    const saved = (await api(request, user, "GET", "/notifications/me/subscriptions")).body.user_selections as { notif_id: string; channels: Record<string, boolean> }[];
    expect(saved.filter((s) => s.notif_id.startsWith("billing.")).every((s) => s.channels.database === false)).toBe(true);
    await context.close();

    const plain = await signedInContext(browser, user, { javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto("/notifications/settings");
    await plainPage.getByTestId("notif-row-site.announcement").locator("input[data-channel=mail]").check();
    await plainPage.getByRole("button", { name: "Update preferences" }).click();
    await expect(plainPage).toHaveURL(/\/notifications\/settings$/);
    await expect(plainPage.getByText("Updated preferences")).toBeVisible();
    await expect(plainPage.getByTestId("notif-row-site.announcement").locator("input[data-channel=mail]")).toBeChecked();
    await plain.close();
  });

  test("the API refuses bad selections and changes nothing; settings redirect home when subscriptions are not integrated", async ({ request }) => {
    const user = await createSignedInUser("prefs-api");
    const before = await api(request, user, "GET", "/notifications/me/subscriptions");
    for (const body of [
      {},
      { selections: [] },
      { selections: [{ notif_id: "no.such.type", channels: { mail: false } }] },
      { selections: [{ notif_id: "site.announcement", channels: { mail: "no" } }] },
    ]) {
      expect((await api(request, user, "PUT", "/notifications/me/subscriptions", body)).status).toBe(422);
    }
    expect((await api(request, user, "GET", "/notifications/me/subscriptions")).body).toEqual(before.body);
    const updated = await api(request, user, "PUT", "/notifications/me/subscriptions", { selections: [{ notif_id: "site.announcement", channels: { mail: true } }] });
    expect(updated).toMatchObject({ status: 200, body: { message: "Updated preferences" } });
    expect(updated.body.user_selections.find((s: { notif_id: string }) => s.notif_id === "site.announcement").channels).toEqual({ database: true, mail: true, browser: true });
    expect((await api(request, null, "GET", "/notifications/me/subscriptions")).status).toBe(401);
  });
});

test.describe("the browser channel", () => {
  test("while a tab is open, new notifications appear as system notifications", async ({ browser, request }) => {
    const user = await createSignedInUser("browser");
    const context = await signedInContext(browser, user);
    await stubNotifications(context, "granted");
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/notifications");
    await waitForApp(page);
    // The tab has asked once where the list stands.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shownNotifications: unknown[] }).__shownNotifications.length)).toBe(0);
    const title = uniqueName("Live news");
    await announce(request, [user], [title], { label: "Open", action: "/titles" });
    await page.clock.runFor(NOTIFICATIONS_POLL_INTERVAL_MS + 1000);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shownNotifications: { title: string }[] }).__shownNotifications.map((n) => n.title))).toEqual([title]);
    await expect(page.locator("[data-testid=unread-badge]:visible").first()).toHaveText("1");
    // Shown once: the next poll does not show it again.
    await page.clock.runFor(NOTIFICATIONS_POLL_INTERVAL_MS + 1000);
    expect(await page.evaluate(() => (window as unknown as { __shownNotifications: unknown[] }).__shownNotifications.length)).toBe(1);
    await context.close();
  });

  test("when the permission is denied the channel is switched off and the reason shown", async ({ browser }) => {
    const user = await createSignedInUser("denied");
    const context = await signedInContext(browser, user);
    await stubNotifications(context, "denied");
    const page = await context.newPage();
    await page.goto("/notifications/settings");
    await waitForApp(page);
    await expect(page.getByTestId("browser-blocked")).toHaveText("Notifications blocked. Please enable them for this site from browser settings.");
    await expect(page.locator("input[data-channel=browser]:checked")).toHaveCount(0);
    await expect(page.locator("input[data-channel=browser]").first()).toBeDisabled();
    await context.close();
  });

  test("asking for permission and being refused switches the channel off too", async ({ browser }) => {
    const user = await createSignedInUser("asked");
    const context = await signedInContext(browser, user);
    await stubNotifications(context, "default", { requestResult: "denied" });
    const page = await context.newPage();
    await page.goto("/notifications/settings");
    await waitForApp(page);
    await expect(page.getByTestId("browser-blocked")).toHaveCount(0);
    const box = page.getByTestId("notif-row-billing.invoice_available").locator("input[data-channel=browser]");
    // Ticking it asks for permission; the refusal unticks it again at once.
    await box.click();
    await expect(page.getByTestId("browser-blocked")).toBeVisible();
    await expect(page.locator("input[data-channel=browser]:checked")).toHaveCount(0);
    await context.close();
  });
});

test.describe("notifications the product sends", () => {
  test("a sign-in from a new device becomes a notification (and a mail) for the account", async ({ request }) => {
    const user = await createUserWithPassword("devices");
    const signIn = (userAgent: string) =>
      request.post("/auth/login", {
        headers: { "User-Agent": userAgent, "CF-Connecting-IP": `10.88.${process.pid % 250}.${Math.floor(Math.random() * 250) + 1}` },
        data: { email: user.email, password: PASSWORD },
      });
    expect((await signIn("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36")).status()).toBe(200);
    expect((await signIn("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")).status()).toBe(200);
    await expect
      .poll(async () => ((await api(request, user, "GET", "/notifications")).body.pagination.data as { type: string }[]).map((n) => n.type), { timeout: 15_000 })
      .toContain("account.new_device");
    const mail = await mailTo(request, user.email, /New sign-in/);
    expect(mail.text).toContain("Review your sessions");
  });
});

test.describe("the API", () => {
  test("lists under pagination.data, marks read with ids or all, and refuses other users' ids without changing anything", async ({ request }) => {
    const [me, other] = [await createSignedInUser("api-me"), await createSignedInUser("api-other")];
    await announce(request, [me, other], [uniqueName("A"), uniqueName("B")]);
    const mine = await api(request, me, "GET", "/notifications?per_page=1");
    expect(mine.body.pagination).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(mine.body.unreadCount).toBe(2);
    const theirs = await api(request, other, "GET", "/notifications");
    const myId = mine.body.pagination.data[0].id as number;
    const theirId = theirs.body.pagination.data[0].id as number;
    // What an open tab polls: latest_id, the newest id (snake_case, decision 036; latestId, the older name, for one release).
    const polled = await api(request, me, "GET", "/notifications/updates");
    expect(polled.body).toMatchObject({ unreadCount: 2, latest_id: myId, latestId: myId, browser: [] });

    const refused = await api(request, me, "POST", "/notifications/mark-as-read", { ids: [myId, theirId] });
    expect(refused).toMatchObject({ status: 422, body: { message: "Some of these notifications do not exist.", errors: { ids: ["Some of these notifications do not exist."] } } });
    expect((await api(request, me, "GET", "/notifications")).body.unreadCount).toBe(2);
    expect((await api(request, other, "GET", "/notifications")).body.unreadCount).toBe(2);
    for (const body of [{}, { ids: [] }, { ids: ["x"] }, { ids: [-1] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      expect((await api(request, me, "POST", "/notifications/mark-as-read", body)).status).toBe(422);
    }
    expect((await api(request, me, "GET", "/notifications?page=0")).status).toBe(422);
    expect((await api(request, null, "GET", "/notifications")).status).toBe(401);

    expect(await api(request, me, "POST", "/notifications/mark-as-read", { ids: [myId] })).toMatchObject({ status: 200, body: { unreadCount: 1 } });
    expect(await api(request, me, "POST", "/notifications/mark-as-read", { markAllAsUnread: true })).toMatchObject({ status: 200, body: { unreadCount: 0 } });
    expect((await api(request, other, "GET", "/notifications")).body.unreadCount).toBe(2);
  });

  test("broadcasts need notifications.broadcast", async ({ request }) => {
    const user = await createSignedInUser("not-admin");
    expect((await api(request, user, "POST", "/notifications/broadcasts", { title: "Hi", user_ids: [user.userId] })).status).toBe(403);
    expect((await api(request, user, "GET", "/notifications/broadcasts")).status).toBe(403);
  });
});
