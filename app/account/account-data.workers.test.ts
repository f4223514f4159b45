import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accessTokens } from "~/auth/access-tokens.tables";
import { createAccessToken, loadTokenUser } from "~/auth/access-tokens.server";
import { appKeys } from "~/auth/crypto.server";
import { securityLog } from "~/auth/security-log.tables";
import { sessions } from "~/auth/sessions.tables";
import { createSession } from "~/auth/sessions.server";
import { parseUserAgent } from "~/auth/user-agent";
import { socialProfiles, users } from "~/auth/users.tables";
import { createUser } from "~/auth/users.server";
import { LocalProvider } from "~/billing/local-provider.server";
import { invoices, subscriptions } from "~/billing/tables";
import { SubscriptionCancelError } from "~/billing/user-data.server";
import { statusRank } from "~/billing/subscription-rules";
import { createTestPlans, uniqueSuffix } from "../../tests/support/billing-fixtures";
import { titles, titleViews } from "~/catalogue/tables";
import { openD1 } from "~/db/client.server";
import { timeZoneGroups } from "~/i18n/value-lists";
import { fileEntries, uploadSessions } from "~/uploads/tables";
import { mailDeliveries } from "~/mail/deliveries.tables";
import { notifications, notificationSubscriptions } from "~/notifications/tables";
import { workspaceInvites, workspaceMembers, workspaces } from "~/workspaces/tables";
import { deleteAccount } from "./account-deletion.server";
import { removeAvatar, saveAvatar } from "./avatar.server";
import { collectUserData } from "./data-export.server";
import { locationProblems, updateLocation } from "./profile.server";
import { contains, jpegWithMetadata, pngClaiming, SAMPLE_PNG, SECRET_TEXT, SVG_WITH_SCRIPT } from "../../tests/support/test-images";

/**
 * Account data on real D1 and R2 inside workerd: avatars, the data export
 * and account deletion across every domain that stores something.
 */
const { db } = openD1(env.DB, null);
const bucket = env.FILES;
const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.7", city: "Porto", country: "PT" };
const image = (bytes: Uint8Array, name: string, type: string) => new File([bytes as BufferSource], name, { type });

async function newUser() {
  const user = await createUser(db, { email: `account-${uniqueSuffix()}@example.test`, passwordHash: null, firstName: "Ada", lastName: "Lovelace" });
  return user!;
}

describe("avatars on R2", () => {
  it("stores a cleaned image as a public file entry, replaces and removes it", async () => {
    const user = await newUser();
    const first = await saveAvatar({ db, bucket }, user.id, image(jpegWithMetadata(), "me.jpg", "image/jpeg"));
    expect(first).toMatchObject({ ok: true, url: expect.stringMatching(/^\/files\/[a-f0-9]{32}$/) });
    if (!first.ok) return;
    const [entry] = await db
      .select()
      .from(fileEntries)
      .where(eq(fileEntries.fileName, first.url.slice(7)));
    expect(entry).toMatchObject({ ownerId: user.id, disk: "public", mime: "image/jpeg", extension: "jpg", path: `avatars/${entry.fileName}` });
    const stored = await bucket.get(entry.path);
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(contains(bytes, SECRET_TEXT)).toBe(false);
    expect(stored!.httpMetadata?.contentType).toBe("image/jpeg");
    expect((await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id)))[0].avatar).toBe(first.url);

    const second = await saveAvatar({ db, bucket }, user.id, image(SAMPLE_PNG, "me.png", "image/png"));
    expect(second.ok).toBe(true);
    expect(await bucket.head(entry.path)).toBeNull();
    expect(await db.select().from(fileEntries).where(eq(fileEntries.id, entry.id))).toHaveLength(0);

    await removeAvatar({ db, bucket }, user.id);
    expect((await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id)))[0].avatar).toBeNull();
    expect(await db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toHaveLength(0);
  });

  it("refuses oversized files, SVG, text renamed .png and pixel bombs, changing nothing", async () => {
    const user = await newUser();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(SAMPLE_PNG);
    const cases: [File, RegExp][] = [
      [image(big, "big.png", "image/png"), /larger than :size MB/],
      [image(SVG_WITH_SCRIPT, "x.svg", "image/svg+xml"), /SVG images are not accepted/],
      [image(SVG_WITH_SCRIPT, "innocent.png", "image/png"), /SVG images are not accepted/],
      [image(new TextEncoder().encode("hello, I am text"), "photo.png", "image/png"), /Only PNG, JPEG, GIF and WebP/],
      [image(pngClaiming(30000, 30000), "bomb.png", "image/png"), /at most :size pixels/],
      [image(new Uint8Array(0), "empty.png", "image/png"), /^Please select an image\.$/],
    ];
    for (const [file, message] of cases) {
      const result = await saveAvatar({ db, bucket }, user.id, file);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(message);
    }
    expect(await saveAvatar({ db, bucket }, user.id, "not a file")).toMatchObject({ ok: false, message: "Please select an image." });
    expect(await db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toHaveLength(0);
    expect((await bucket.list({ prefix: "avatars/" })).objects.every((o) => o.customMetadata?.owner !== String(user.id))).toBe(true);
  });
});

describe("location", () => {
  it("knows workerd's time zones and refuses unknown languages, countries and zones", async () => {
    const groups = timeZoneGroups();
    expect(groups.reduce((n, g) => n + g.zones.length, 0)).toBeGreaterThan(300);
    const localizations = [{ language: "en" }, { language: "es" }];
    expect(locationProblems({ language: "es", country: "PT", timezone: "Europe/Lisbon" }, localizations)).toBeNull();
    expect(locationProblems({ language: "es", country: "", timezone: "auto" }, localizations)).toBeNull();
    expect(locationProblems({ language: "xx", country: "ZZ", timezone: "Mars/Base" }, localizations)).toEqual({
      language: ["This language is not available."],
      country: ["Select a country from the list."],
      timezone: ["Select a time zone from the list."],
    });
    const user = await newUser();
    await updateLocation(db, user.id, { language: "es", country: "PT", timezone: "Europe/Lisbon" });
    const [row] = await db.select({ language: users.language, country: users.country, timezone: users.timezone }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ language: "es", country: "PT", timezone: "Europe/Lisbon" });
  });
});

/** A user with something in every domain: sessions, a token, a social link, a subscription with an invoice, files, an avatar, views. */
async function userWithEverything() {
  const user = await newUser();
  const keys = await appKeys((env as unknown as { APP_KEY: string }).APP_KEY);
  await createSession(db, keys, new Request("http://localhost/"), { userId: user.id, remember: true, info });
  const { plainTextToken } = await createAccessToken(db, user.id, { name: "Export script", expiresAt: null, scopes: ["read"] }, info);
  await loadTokenUser(db, plainTextToken);
  await db.insert(socialProfiles).values({ userId: user.id, serviceName: "google", userServiceId: `g-${uniqueSuffix()}`, username: "ada" });
  const plans = await createTestPlans(db);
  const subscriptionId = `sub_local_${uniqueSuffix()}`;
  const [sub] = await db
    .insert(subscriptions)
    .values({
      userId: user.id,
      productId: plans.premium.product.id,
      priceId: plans.premiumMonthly.id,
      provider: "local",
      providerSubscriptionId: subscriptionId,
      providerCustomerId: `cus_local_${uniqueSuffix()}`,
      status: "active",
      statusRank: statusRank("active"),
      currentPeriodStart: new Date(Date.now() - 86_400_000),
      currentPeriodEnd: new Date(Date.now() + 29 * 86_400_000),
      providerVersion: Date.now() - 60_000,
    })
    .returning();
  await db.insert(invoices).values({
    userId: user.id,
    subscriptionId: sub.id,
    provider: "local",
    providerInvoiceId: `in_local_${uniqueSuffix()}`,
    number: "LOCAL-0001",
    status: "paid",
    statusRank: 2,
    total: 1500,
    amountPaid: 1500,
    currency: "usd",
    issuedAt: new Date(),
    providerVersion: Date.now(),
  });
  const avatar = await saveAvatar({ db, bucket }, user.id, image(SAMPLE_PNG, "me.png", "image/png"));
  await bucket.put(`files/account-test-upload-${user.id}`, "hello");
  const [upload] = await db
    .insert(fileEntries)
    .values({ name: "notes.txt", fileName: crypto.randomUUID().replace(/-/g, ""), mime: "text/plain", size: 5, disk: "uploads", path: `files/account-test-upload-${user.id}`, ownerId: user.id })
    .returning();
  await bucket.put(`files/account-test-unfinished-${user.id}`, "partial");
  await db.insert(uploadSessions).values({
    id: `sess-${uniqueSuffix()}`,
    kind: "simple",
    status: "stored",
    ownerId: user.id,
    disk: "uploads",
    path: `files/account-test-unfinished-${user.id}`,
    clientName: "later.txt",
    clientMime: "text/plain",
    size: 7,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const name = `Account test film ${uniqueSuffix()}`;
  const [title] = await db
    .insert(titles)
    .values({ name, slug: name.toLowerCase().replace(/ /g, "-"), type: "movie" })
    .returning({ id: titles.id });
  await db.insert(titleViews).values({ titleId: title.id, viewerKey: `u:${user.id}`, day: 20_000 });
  await db.insert(notifications).values({ userId: user.id, type: "test.note", data: { lines: [{ type: "primary", content: "Welcome aboard" }] } });
  await db.insert(notificationSubscriptions).values({ userId: user.id, notifId: "test.note", channels: { database: true, mail: false } as never });
  await db.insert(mailDeliveries).values({ userId: user.id, to: user.email, subject: "Your reset link", text: "secret-link-123", html: "<p>secret-link-123</p>", source: "test" });
  // A workspace the user owns, with another member's file in it, and an invitation to the user elsewhere.
  const colleague = await newUser();
  const [team] = await db
    .insert(workspaces)
    .values({ name: `Team ${uniqueSuffix()}`, ownerId: user.id })
    .returning();
  await db.insert(workspaceMembers).values([
    { workspaceId: team.id, userId: user.id, role: "owner" },
    { workspaceId: team.id, userId: colleague.id, role: "member" },
  ]);
  const [colleagueFile] = await db
    .insert(fileEntries)
    .values({
      name: "shared.txt",
      fileName: crypto.randomUUID().replace(/-/g, ""),
      mime: "text/plain",
      size: 1,
      disk: "uploads",
      path: `files/shared-${team.id}`,
      ownerId: colleague.id,
      workspaceId: team.id,
    })
    .returning();
  const [otherTeam] = await db
    .insert(workspaces)
    .values({ name: `Other ${uniqueSuffix()}`, ownerId: colleague.id })
    .returning();
  await db.insert(workspaceInvites).values({ id: `inv-${uniqueSuffix()}`, workspaceId: otherTeam.id, email: user.email, role: "member", expiresAt: new Date(Date.now() + 86_400_000) });
  return { user, plainTextToken, subscriptionId, avatar, upload, titleId: title.id, team, colleague, colleagueFile };
}

describe("download my data", () => {
  it("gathers every domain's data about the user, without secrets", async () => {
    const { user, plainTextToken, titleId } = await userWithEverything();
    await db.update(users).set({ password: "pbkdf2-sha256$1$salt$hash", twoFactorSecret: "v1.secret" }).where(eq(users.id, user.id));
    const data = await collectUserData(db, user);
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, first_name: "Ada" });
    expect(data.sessions.map((s) => s.kind).sort()).toEqual(["api", "web"]);
    expect(data.sessions.find((s) => s.kind === "web")).toMatchObject({ ip_address: "203.0.113.7", city: "Porto" });
    expect(data.security_log.map((e) => e.event)).toContain("token-created");
    expect(data.access_tokens).toEqual([expect.objectContaining({ name: "Export script", last_used_at: expect.any(String) })]);
    expect(data.social_profiles).toEqual([expect.objectContaining({ service_name: "google", username: "ada" })]);
    expect(data.billing.subscriptions).toEqual([expect.objectContaining({ status: "active", plan: expect.stringContaining("Premium"), amount: 1500 })]);
    expect(data.billing.invoices).toEqual([expect.objectContaining({ number: "LOCAL-0001", total: 1500 })]);
    expect(data.file_entries.map((f) => f.name).sort()).toEqual(["avatar.png", "notes.txt"]);
    expect(data.catalogue.title_views).toEqual([expect.objectContaining({ title_id: titleId, date: "2024-10-04" })]);
    expect(data.notifications).toEqual([expect.objectContaining({ type: "test.note", read_at: null })]);
    expect(data.notification_settings).toEqual([expect.objectContaining({ notif_id: "test.note" })]);
    expect(data.mails).toEqual([expect.objectContaining({ subject: "Your reset link", status: "queued" })]);
    expect(data.workspaces).toEqual([expect.objectContaining({ role: "owner", owner: true })]);
    expect(data.workspace_invitations).toEqual([expect.objectContaining({ role: "member" })]);
    const text = JSON.stringify(data);
    for (const secret of ["pbkdf2", "v1.secret", plainTextToken, plainTextToken.slice(4), "token_hash", "tokenHash", "secret-link-123"]) expect(text).not.toContain(secret);
  });
});

describe("account deletion", () => {
  it("cancels the subscription, deletes R2 objects and every row, and anonymises views", async () => {
    const { user, plainTextToken, subscriptionId, avatar, upload, titleId, team, colleague, colleagueFile } = await userWithEverything();
    const avatarPath = `avatars/${avatar.ok ? avatar.url.slice(7) : ""}`;
    expect(await bucket.head(avatarPath)).not.toBeNull();
    const result = await deleteAccount({ db, bucket, payments: new LocalProvider(db, "http://localhost") }, user);
    expect(result).toEqual({ subscriptionsCancelled: 1, filesDeleted: 2 });

    expect(await bucket.head(avatarPath)).toBeNull();
    expect(await bucket.head(upload.path)).toBeNull();
    expect(await bucket.head(`files/account-test-unfinished-${user.id}`)).toBeNull();
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    for (const table of [sessions, accessTokens, socialProfiles, securityLog, subscriptions, invoices]) {
      const rows = await db.select({ n: sql<number>`count(*)` }).from(table).where(eq(table.userId, user.id));
      expect(rows[0].n).toBe(0);
    }
    expect(await db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toHaveLength(0);
    expect(await db.select().from(uploadSessions).where(eq(uploadSessions.ownerId, user.id))).toHaveLength(0);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId))).toHaveLength(0);
    expect(await loadTokenUser(db, plainTextToken)).toBeNull();
    const views = await db.select().from(titleViews).where(eq(titleViews.titleId, titleId));
    expect(views).toHaveLength(1);
    expect(views[0].viewerKey).toMatch(/^a:[0-9a-f]{32}$/);
    for (const table of [notifications, notificationSubscriptions, mailDeliveries, workspaceMembers]) {
      expect(await db.select().from(table).where(eq(table.userId, user.id))).toHaveLength(0);
    }
    expect(await db.select().from(workspaces).where(eq(workspaces.id, team.id))).toHaveLength(0);
    expect(await db.select().from(workspaceInvites).where(eq(workspaceInvites.email, user.email))).toHaveLength(0);
    // The colleague's file in the deleted workspace is theirs, back in their personal workspace.
    const [kept] = await db.select().from(fileEntries).where(eq(fileEntries.id, colleagueFile.id));
    expect(kept).toMatchObject({ ownerId: colleague.id, workspaceId: 0 });
  });

  it("keeps the account when a subscription cannot be cancelled", async () => {
    const { user } = await userWithEverything();
    await expect(deleteAccount({ db, bucket, payments: null }, user)).rejects.toBeInstanceOf(SubscriptionCancelError);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(await db.select().from(fileEntries).where(eq(fileEntries.ownerId, user.id))).toHaveLength(2);
    expect(await db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
  });
});
