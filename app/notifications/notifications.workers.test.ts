import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/auth/users.tables";
import { subscriptionEvents } from "~/billing/tables";
import { roles } from "~/auth/roles.tables";
import { userRoles } from "~/auth/users.tables";
import { NOTIFICATIONS_PAGE_SIZE } from "~/constants";
import { createBroadcast } from "./broadcast.server";
import { notify, type NotificationMessage } from "./deliver.server";
import { newDeviceMessage } from "./messages.server";
import { listNotifications, markAllNotificationsRead, markNotificationsRead, pollNotifications } from "./notifications.server";
import { saveSubscriptionSelections, subscriptionSettings } from "./preferences.server";
import { notificationBroadcasts, notifications } from "./tables";
import { deliverSubscriptionEvents } from "./subscription-events.server";
import { createUser, db, deliveriesFor, makeServices, outboxFor, uniqueEmail } from "../../tests/support/notifications.workers";

/**
 * Notification delivery inside workerd with real D1: each channel honours
 * the recipient's choices, the unread count follows the rows, marking read
 * only touches the caller's own notifications, and billing's subscription
 * events and admin broadcasts arrive through the same delivery function.
 */

const hello = (text = "Hello"): NotificationMessage => ({
  type: "site.announcement",
  render: ({ t }) => ({ data: { lines: [{ type: "primary", content: t(text) }], mainAction: { label: "Open", action: "/titles" } } }),
});

async function unreadColumn(userId: number) {
  const [row] = await db.select({ count: users.unreadNotificationsCount }).from(users).where(eq(users.id, userId));
  return row.count;
}

describe("delivery honours each user's channel choices", () => {
  it("uses the type's defaults: listed, flagged for the browser, and no mail for announcements", async () => {
    const services = makeServices();
    const user = await createUser();
    const report = await notify(services, [user], hello("Defaults"));
    await services.settle();
    expect(report).toMatchObject({ stored: 1, mailed: 0 });
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(row).toMatchObject({ type: "site.announcement", inApp: true, browser: true, readAt: null });
    expect(await unreadColumn(user.id)).toBe(1);
    expect(await outboxFor(user.email)).toEqual([]);
  });

  it("sends mail only when the mail channel is on, and stores nothing when only mail is chosen", async () => {
    const services = makeServices();
    const user = await createUser();
    await saveSubscriptionSelections(db, user.id, [{ notif_id: "site.announcement", channels: { database: false, mail: true, browser: false } }]);
    const report = await notify(services, [user], hello("Mail only"));
    await services.settle();
    expect(report).toMatchObject({ stored: 0, mailed: 1 });
    expect(await db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
    const [mail] = await outboxFor(user.email);
    expect(mail.subject).toBe("Mail only");
    expect(mail.html).toContain("https://reelbase.test/titles");
    const [delivery] = await deliveriesFor(user.email);
    expect(delivery).toMatchObject({ status: "sent", source: "site.announcement", userId: user.id });
  });

  it("a type switched off for mail produces no mail; the other channels still work", async () => {
    const services = makeServices();
    const user = await createUser();
    await saveSubscriptionSelections(db, user.id, [{ notif_id: "site.announcement", channels: { database: true, mail: false } }]);
    await notify(services, [user], hello("<b>In the app</b> only"));
    await services.settle();
    expect(await outboxFor(user.email)).toEqual([]);
    const list = await listNotifications(db, user.id);
    expect(list.pagination.data[0].data.lines[0].content).toContain("In the app");
  });

  it("a security notification cannot be switched off for mail", async () => {
    const services = makeServices();
    const user = await createUser();
    await saveSubscriptionSelections(db, user.id, [{ notif_id: "account.new_device", channels: { database: false, mail: false, browser: false } }]);
    await notify(services, [user], newDeviceMessage({ device: "Firefox on Linux", place: "Lisbon, PT", ip: "192.0.2.1", time: new Date() }));
    await services.settle();
    expect(await outboxFor(user.email)).toHaveLength(1);
    const list = await listNotifications(db, user.id);
    expect(list.pagination.data[0].data.lines[0].content).toContain("<strong>Firefox on Linux</strong>");
  });

  it("browser-only notifications are not listed or counted, but an open tab gets them", async () => {
    const services = makeServices();
    const user = await createUser();
    await saveSubscriptionSelections(db, user.id, [{ notif_id: "site.announcement", channels: { database: false, mail: false, browser: true } }]);
    const baseline = await pollNotifications(db, user.id, null);
    expect(baseline).toMatchObject({ unreadCount: 0, browser: [] });
    await notify(services, [user], hello("<b>Tab</b> only"));
    expect((await listNotifications(db, user.id)).pagination.total).toBe(0);
    expect(await unreadColumn(user.id)).toBe(0);
    const polled = await pollNotifications(db, user.id, baseline.latestId);
    expect(polled.browser).toEqual([expect.objectContaining({ title: "Tab only", url: "/titles" })]);
    // Already seen: not again.
    expect((await pollNotifications(db, user.id, polled.latestId)).browser).toEqual([]);
  });

  it("renders in each recipient's language", async () => {
    const services = makeServices();
    const [spanish, english] = [await createUser({ language: "es" }), await createUser({ language: null })];
    await notify(services, [spanish, english], hello("Your payment failed."));
    const [es] = (await listNotifications(db, spanish.id)).pagination.data;
    const [en] = (await listNotifications(db, english.id)).pagination.data;
    expect(es.data.lines[0].content).toBe("Tu pago ha fallado.");
    expect(en.data.lines[0].content).toBe("Your payment failed.");
  });

  it("reports the settings shape of the spec, with saved choices and defaults", async () => {
    const user = await createUser();
    await saveSubscriptionSelections(db, user.id, [{ notif_id: "billing.plan_changed", channels: { database: true, mail: false, browser: false } }]);
    const settings = await subscriptionSettings(db, user.id, (key) => key);
    expect(settings.available_channels).toEqual(["database", "mail", "browser"]);
    expect(settings.subscriptions.map((g) => g.group_name)).toEqual(["Workspaces", "Account security", "Subscription", "Reviews and comments", "People you follow", "Announcements", "What you track"]);
    expect(settings.user_selections.find((s) => s.notif_id === "billing.plan_changed")?.channels).toEqual({ database: true, mail: false, browser: false });
    expect(settings.user_selections.find((s) => s.notif_id === "workspace.invitation")?.channels).toEqual({ database: true, mail: true, browser: true });
  });
});

describe("reading notifications", () => {
  it("lists 30 a page, newest first, with the unread count", async () => {
    const services = makeServices();
    const user = await createUser();
    for (let i = 0; i < 32; i++) await notify(services, [user], hello(`Item ${i}`));
    const first = await listNotifications(db, user.id);
    expect(first.pagination).toMatchObject({ current_page: 1, per_page: NOTIFICATIONS_PAGE_SIZE, total: 32, last_page: 2, from: 1, to: 30 });
    expect(first.pagination.data[0].data.lines[0].content).toBe("Item 31");
    expect(first.unreadCount).toBe(32);
    const second = await listNotifications(db, user.id, { page: 2 });
    expect(second.pagination.data.map((n) => n.data.lines[0].content)).toEqual(["Item 1", "Item 0"]);
  });

  it("marks the caller's own notifications read and returns the unread count", async () => {
    const services = makeServices();
    const user = await createUser();
    await notify(services, [user], hello("A"));
    await notify(services, [user], hello("B"));
    const [b, a] = (await listNotifications(db, user.id)).pagination.data;
    expect(await markNotificationsRead(db, user.id, [a.id])).toEqual({ status: "ok", unreadCount: 1 });
    expect(await unreadColumn(user.id)).toBe(1);
    // Again: nothing changes.
    expect(await markNotificationsRead(db, user.id, [a.id])).toEqual({ status: "ok", unreadCount: 1 });
    expect(await markAllNotificationsRead(db, user.id)).toBe(0);
    const [row] = await db.select().from(notifications).where(eq(notifications.id, b.id));
    expect(row.readAt).not.toBeNull();
  });

  it("refuses ids of other users' notifications and changes nothing", async () => {
    const services = makeServices();
    const [me, other] = [await createUser(), await createUser()];
    await notify(services, [me, other], hello("Shared news"));
    const [mine] = (await listNotifications(db, me.id)).pagination.data;
    const [theirs] = (await listNotifications(db, other.id)).pagination.data;
    expect(await markNotificationsRead(db, me.id, [mine.id, theirs.id])).toEqual({ status: "not-found", missing: [theirs.id] });
    expect(await markNotificationsRead(db, me.id, [999_999_999])).toEqual({ status: "not-found", missing: [999_999_999] });
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "site.announcement")));
    expect(rows.find((r) => r.id === mine.id)?.readAt).toBeNull();
    expect(rows.find((r) => r.id === theirs.id)?.readAt).toBeNull();
    expect(await unreadColumn(me.id)).toBe(1);
    expect(await unreadColumn(other.id)).toBe(1);
  });
});

describe("billing's subscription events", () => {
  async function event(userId: number, kind: (typeof subscriptionEvents.$inferInsert)["kind"], data: Record<string, string | null>) {
    await db.insert(subscriptionEvents).values({ userId, kind, data, sourceEventId: `evt_${crypto.randomUUID()}` });
  }

  it("become notifications of their type once, honouring the mail choice", async () => {
    const services = makeServices();
    const user = await createUser({ language: "es" });
    const quiet = await createUser();
    await saveSubscriptionSelections(db, quiet.id, [{ notif_id: "billing.payment_failed", channels: { mail: false } }]);
    await event(user.id, "payment_failed", { amount: "$9.00", invoice: "INV-1", hostedUrl: null });
    await event(quiet.id, "payment_failed", { amount: "$9.00", invoice: "INV-2", hostedUrl: null });
    await event(user.id, "renewed", { amount: "$9.00", invoice: "INV-3", hostedUrl: "https://pay.example/invoice/3" });
    await event(user.id, "plan_changed", { plan: "Pro", periodEnd: "2027-01-05T00:00:00.000Z" });
    await event(user.id, "cancel_scheduled", { plan: "Pro", periodEnd: "2027-01-05T00:00:00.000Z" });

    await deliverSubscriptionEvents(services);
    await services.settle();
    const list = (await listNotifications(db, user.id)).pagination.data;
    expect(list.map((n) => n.type)).toEqual(["billing.cancelled", "billing.plan_changed", "billing.invoice_available", "billing.payment_failed"]);
    expect(list[3].data.lines[0].content).toBe("Tu pago ha fallado.");
    expect(list[2].data.mainAction).toEqual({ label: "View invoice", action: "https://pay.example/invoice/3" });
    expect(list[1].data.lines[0].content).toBe("Your plan changed to <strong>Pro</strong>.");
    expect((await outboxFor(user.email)).length).toBe(4);
    expect(await outboxFor(quiet.email)).toEqual([]);
    expect((await listNotifications(db, quiet.id)).pagination.total).toBe(1);

    // Delivered once: a second run finds nothing new.
    await deliverSubscriptionEvents(services);
    expect((await listNotifications(db, user.id)).pagination.total).toBe(4);
    const pending = await db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, user.id));
    expect(pending.every((row) => row.notifiedAt !== null)).toBe(true);
  });
});

describe("admin broadcasts", () => {
  it("reach every user of the chosen roles, as announcements, through the background job", async () => {
    const services = makeServices();
    const [role] = await db
      .insert(roles)
      .values({ name: `testers-${uniqueEmail("r")}` })
      .returning();
    const [tester, bystander] = [await createUser(), await createUser()];
    await db.insert(userRoles).values({ userId: tester.id, roleId: role.id });
    const broadcast = await createBroadcast(services, tester.id, {
      title: "Maintenance <tonight>",
      body: "<p>We will be <b>back</b> soon.<script>alert(1)</script></p>",
      action: { label: "Status", action: "https://status.example" },
      roleIds: [role.id],
    });
    await services.settle();
    const [mine] = (await listNotifications(db, tester.id)).pagination.data;
    expect(mine.type).toBe("site.announcement");
    expect(mine.data.lines[0].content).toBe("Maintenance &lt;tonight&gt;");
    expect(mine.data.lines[1].content).toContain("<b>back</b>");
    expect(mine.data.lines[1].content).not.toContain("script");
    expect(mine.data.buttonActions).toEqual([{ label: "Status", action: "https://status.example" }]);
    expect((await listNotifications(db, bystander.id)).pagination.total).toBe(0);
    const [row] = await db.select().from(notificationBroadcasts).where(eq(notificationBroadcasts.id, broadcast.id));
    expect(row).toMatchObject({ status: "sent", recipients: 1 });
  });

  it("can go to chosen users, in slices, skipping banned ones", async () => {
    const services = makeServices();
    const chosen = [];
    for (let i = 0; i < 85; i++) chosen.push(await createUser());
    const [banned, outsider] = [chosen[3], await createUser()];
    await db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.id));
    const broadcast = await createBroadcast(services, outsider.id, { title: "Just you", body: "", action: null, userIds: chosen.map((u) => u.id) });
    await services.settle();
    const [row] = await db.select().from(notificationBroadcasts).where(eq(notificationBroadcasts.id, broadcast.id));
    expect(row).toMatchObject({ status: "sent", recipients: 84 });
    expect((await listNotifications(db, chosen[84].id)).pagination.total).toBe(1);
    expect((await listNotifications(db, chosen[0].id)).pagination.total).toBe(1);
    expect((await listNotifications(db, banned.id)).pagination.total).toBe(0);
    expect((await listNotifications(db, outsider.id)).pagination.total).toBe(0);
  });
});
