import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { saveAppearance } from "~/appearance/appearance-save.server";
import { permissions, rolePermissions, roles } from "~/auth/roles.tables";
import { saveRole } from "~/auth/role-admin.server";
import { sessions } from "~/auth/sessions.tables";
import { banUsers, createUserByAdmin, listUsersForAdmin } from "~/auth/user-admin.server";
import { userPermissions, userRoles, users } from "~/auth/users.tables";
import { subscriptions } from "~/billing/tables";
import { isSubscriptionValid } from "~/billing/subscription-rules";
import { VALID_SUBSCRIPTION_SQL } from "~/billing/subscription-admin.server";
import { deleteTitles, createTitle, setTitleArtwork, updateTitle } from "~/catalogue/editor/titles.server";
import { credits, genres, people, titles, videos } from "~/catalogue/tables";
import type { ChangeRecorder } from "~/db/change-recorder";
import { openD1 } from "~/db/client.server";
import { createTranslate } from "~/i18n/translate";
import { createPage } from "~/pages/page-admin.server";
import { loadSettings } from "~/settings/settings.server";
import { themes } from "~/themes/tables";
import { fileEntries } from "~/uploads/tables";
import { auditLog } from "./audit.tables";
import { auditRecorder, type AuditActor } from "./audit.server";

/**
 * Admin changes on real D1 (workerd): each change and its audit row commit
 * in one batch or not at all; creations record the new row's id; deletions
 * take their dependants and unused files with them; bans end sessions; the
 * SQL for "subscribed" agrees with the code that decides it.
 */
const { db } = openD1(env.DB, null);
const t = createTranslate({});
const bucket = env.FILES;
let n = 0;
const unique = (text: string) => `${text} ${Date.now().toString(36)}-${++n}`;

async function actor(): Promise<AuditActor> {
  const [row] = await db
    .insert(users)
    .values({ email: `${unique("admin").replace(/\W+/g, "-")}@example.test` })
    .returning({ id: users.id, email: users.email });
  return { userId: row.id, email: row.email, ip: "203.0.113.9" };
}

async function auditRows(subjectType: string, subjectId: string | number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(subjectId))))
    .orderBy(auditLog.id);
}

/** A 1x1 PNG stored as an uploaded public file owned by `ownerId`. */
async function uploadedPng(ownerId: number | null) {
  const fileName = crypto.randomUUID().replace(/-/g, "");
  const bytes = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
  await bucket.put(`files/${fileName}`, bytes);
  await db.insert(fileEntries).values({ name: "poster.png", fileName, mime: "image/png", size: bytes.length, extension: "png", disk: "public", path: `files/${fileName}`, ownerId });
  return { fileName, url: `/files/${fileName}` };
}

const baseFacts = { type: "movie" as const, countries: [], genres: [], keywords: [] };

describe("titles", () => {
  it("records a creation with the id of the new row, in the same batch", async () => {
    const who = await actor();
    const { id } = await createTitle(db, { type: "series", name: unique("Created") }, auditRecorder(db, who, "titles.create", "title"));
    const rows = await auditRows("title", id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "titles.create", userId: who.userId, userEmail: who.email, before: null, ip: "203.0.113.9" });
    expect(rows[0].after).toMatchObject({ type: "series" });
  });

  it("saves facts, genres and keywords with only the changed fields in the log", async () => {
    const who = await actor();
    const { id } = await createTitle(db, { type: "movie", name: unique("Facts") });
    await db
      .update(titles)
      .set({ generatedFields: ["plot", "tagline"] })
      .where(eq(titles.id, id));
    const [genre] = await db
      .insert(genres)
      .values({ name: unique("Genre"), slug: unique("genre").replace(/\W+/g, "-") })
      .returning();
    const result = await updateTitle(
      { db, bucket },
      id,
      { ...baseFacts, name: "Renamed Facts", plot: "Written by an editor.", genres: [genre.id], keywords: ["heist", "Sequel"] },
      auditRecorder(db, who, "titles.update", "title"),
    );
    expect(result).toEqual({ ok: true });
    const [row] = await db.select().from(titles).where(eq(titles.id, id));
    expect(row).toMatchObject({ name: "Renamed Facts", slug: "renamed-facts", plot: "Written by an editor." });
    // The plot is no longer generated demo content; the untouched tagline still is.
    expect(row.generatedFields).toEqual(["tagline"]);
    const [log] = await auditRows("title", id);
    expect(log.before).toMatchObject({ plot: null, genres: [], keywords: [] });
    expect(log.after).toMatchObject({ plot: "Written by an editor.", genres: [genre.id], keywords: ["heist", "Sequel"] });
    expect(Object.keys(log.after!)).not.toContain("type");
  });

  it("writes neither the change nor its record when the batch fails", async () => {
    const { id } = await createTitle(db, { type: "movie", name: unique("Atomic") });
    const failing: ChangeRecorder = () => db.run(sql`INSERT INTO no_such_table (x) VALUES (1)`);
    await expect(updateTitle({ db, bucket }, id, { ...baseFacts, name: "Never Saved" }, failing)).rejects.toThrow();
    const [row] = await db.select({ name: titles.name }).from(titles).where(eq(titles.id, id));
    expect(row.name).not.toBe("Never Saved");
  });

  it("refuses a poster that is not a real public image, and adopts one that is", async () => {
    const who = await actor();
    const { id } = await createTitle(db, { type: "movie", name: unique("Poster") });
    const fileName = crypto.randomUUID().replace(/-/g, "");
    await bucket.put(`files/${fileName}`, "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    await db.insert(fileEntries).values({ name: "p.png", fileName, mime: "image/png", size: 70, extension: "png", disk: "public", path: `files/${fileName}`, ownerId: who.userId });
    expect(await setTitleArtwork({ db, bucket }, id, "poster", `/files/${fileName}`)).toMatchObject({ ok: false, errors: { url: ["Please select a PNG, JPEG, GIF or WebP image."] } });

    const png = await uploadedPng(who.userId);
    expect(await setTitleArtwork({ db, bucket }, id, "poster", png.url)).toEqual({ ok: true });
    const [entry] = await db.select({ ownerId: fileEntries.ownerId }).from(fileEntries).where(eq(fileEntries.fileName, png.fileName));
    expect(entry.ownerId).toBeNull();
  });

  it("deletes titles with their credits and videos, and the files nothing else uses", async () => {
    const who = await actor();
    const [person] = await db
      .insert(people)
      .values({ name: unique("Person"), slug: "person" })
      .returning();
    const doomed = await createTitle(db, { type: "movie", name: unique("Doomed") });
    const keeper = await createTitle(db, { type: "movie", name: unique("Keeper") });
    const own = await uploadedPng(null);
    const shared = await uploadedPng(null);
    await db.update(titles).set({ poster: own.url, backdrop: shared.url }).where(eq(titles.id, doomed.id));
    await db.update(titles).set({ poster: shared.url }).where(eq(titles.id, keeper.id));
    await db.insert(credits).values({ titleId: doomed.id, personId: person.id, kind: "cast", department: "Acting", job: "Actor" });
    await db.insert(videos).values({ titleId: doomed.id, name: "Trailer", category: "trailer", source: "youtube", src: "dQw4w9WgXcQ" });

    const { deleted } = await deleteTitles({ db, bucket }, [doomed.id, 999_999_999], auditRecorder(db, who, "titles.delete", "title"));
    expect(deleted).toEqual([doomed.id]);
    expect(await db.select().from(credits).where(eq(credits.titleId, doomed.id))).toHaveLength(0);
    expect(await db.select().from(videos).where(eq(videos.titleId, doomed.id))).toHaveLength(0);
    // Its own poster is gone from R2 and the entries; the backdrop another title uses stays.
    expect(await bucket.head(`files/${own.fileName}`)).toBeNull();
    expect(await db.select().from(fileEntries).where(eq(fileEntries.fileName, own.fileName))).toHaveLength(0);
    expect(await bucket.head(`files/${shared.fileName}`)).not.toBeNull();
    expect((await auditRows("title", doomed.id))[0]).toMatchObject({ action: "titles.delete", after: null });
  });
});

describe("users", () => {
  it("a ban ends every session in the same batch, with a reason, never for oneself", async () => {
    const who = await actor();
    const [target] = await db
      .insert(users)
      .values({ email: `${unique("target").replace(/\W+/g, "-")}@example.test` })
      .returning({ id: users.id });
    await db.insert(sessions).values([
      { id: crypto.randomUUID(), userId: target.id, expiresAt: new Date(Date.now() + 86_400_000), kind: "web", lastActiveAt: new Date() },
      { id: crypto.randomUUID(), userId: target.id, expiresAt: new Date(Date.now() + 86_400_000), kind: "api", lastActiveAt: new Date() },
    ]);
    const result = await banUsers(db, [target.id, who.userId!], "Spam", who.userId!, auditRecorder(db, who, "users.ban", "user"));
    expect(result).toEqual({ banned: [target.id], refusedSelf: true });
    const [row] = await db.select({ bannedAt: users.bannedAt, banReason: users.banReason }).from(users).where(eq(users.id, target.id));
    expect(row.banReason).toBe("Spam");
    expect(row.bannedAt).toBeInstanceOf(Date);
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    const [me] = await db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, who.userId!));
    expect(me.bannedAt).toBeNull();
    expect((await auditRows("user", target.id))[0].after).toMatchObject({ banReason: "Spam" });
  });

  it("filters by subscribed with the same rule the site uses to decide it", async () => {
    const now = Date.now();
    const cases = [
      { status: "active", cancelAtPeriodEnd: false, currentPeriodEnd: now + 1e9, trialEndsAt: null, endedAt: null },
      { status: "active", cancelAtPeriodEnd: true, currentPeriodEnd: now - 1e6, trialEndsAt: null, endedAt: null },
      { status: "trialing", cancelAtPeriodEnd: false, currentPeriodEnd: null, trialEndsAt: now - 1e6, endedAt: null },
      { status: "trialing", cancelAtPeriodEnd: false, currentPeriodEnd: null, trialEndsAt: now + 1e9, endedAt: null },
      { status: "canceled", cancelAtPeriodEnd: false, currentPeriodEnd: now + 1e9, trialEndsAt: null, endedAt: null },
      { status: "canceled", cancelAtPeriodEnd: false, currentPeriodEnd: now + 1e9, trialEndsAt: null, endedAt: now - 1e6 },
      { status: "past_due", cancelAtPeriodEnd: false, currentPeriodEnd: now + 1e9, trialEndsAt: null, endedAt: null },
      { status: "incomplete", cancelAtPeriodEnd: false, currentPeriodEnd: null, trialEndsAt: null, endedAt: null },
    ] as const;
    for (const [i, c] of cases.entries()) {
      const [user] = await db
        .insert(users)
        .values({ email: `${unique(`sub${i}`).replace(/\W+/g, "-")}@example.test` })
        .returning({ id: users.id, email: users.email });
      const date = (ms: number | null) => (ms === null ? null : new Date(ms));
      const [sub] = await db
        .insert(subscriptions)
        .values({
          userId: user.id,
          provider: "local",
          providerSubscriptionId: `sub_${user.id}`,
          providerCustomerId: `cus_${user.id}`,
          status: c.status,
          statusRank: 1,
          cancelAtPeriodEnd: c.cancelAtPeriodEnd,
          currentPeriodEnd: date(c.currentPeriodEnd),
          trialEndsAt: date(c.trialEndsAt),
          endedAt: date(c.endedAt),
          providerVersion: 1,
        })
        .returning();
      const [inSql] = await db
        .select({ valid: sql<number>`${VALID_SUBSCRIPTION_SQL}` })
        .from(sql`subscriptions s`)
        .where(sql`s.id = ${sub.id}`);
      expect(Boolean(inSql.valid), `case ${i} (${c.status})`).toBe(isSubscriptionValid(sub));
      const listed = await listUsersForAdmin(db, { q: user.email, roleId: null, verified: null, subscribed: true, banned: null, sort: "created_at", dir: "desc", offset: 0, limit: 5 });
      expect(listed.rows.map((r) => r.id).includes(user.id), `case ${i} listed`).toBe(isSubscriptionValid(sub));
    }
  });
});

describe("roles, pages and appearance", () => {
  it("never gives the guest role administrator permissions", async () => {
    const [guest] = await db.select().from(roles).where(eq(roles.guest, true));
    if (!guest) {
      const [created] = await db
        .insert(roles)
        .values({ name: unique("guests"), guest: true })
        .returning();
      expect(await saveRole(db, created.id, { name: created.name, default: false }, [{ name: "admin.access", restrictions: [] }])).toMatchObject({
        ok: false,
        errors: { permissions: expect.any(Array) },
      });
      return;
    }
    expect(await saveRole(db, guest.id, { name: guest.name, default: false }, [{ name: "admin.access", restrictions: [] }])).toMatchObject({ ok: false });
  });

  it("creates a role with its permissions and a user with roles and direct permissions, each in one batch", async () => {
    await db.run(sql`INSERT OR IGNORE INTO permissions (name, display_name, "group", restrictions) VALUES
      ('titles.update', 'Update titles', 'titles', '[]'), ('files.create', 'Upload files', 'files', '["space"]')`);
    const who = await actor();
    const made = await saveRole(db, null, { name: unique("Editors"), default: false }, [{ name: "titles.update", restrictions: [] }], auditRecorder(db, who, "roles.create", "role"));
    expect(made.ok).toBe(true);
    const roleId = made.ok ? made.id : 0;
    const grants = await db.select({ name: permissions.name }).from(rolePermissions).innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId)).where(eq(rolePermissions.roleId, roleId));
    expect(grants).toEqual([{ name: "titles.update" }]);

    const email = `${unique("editor").replace(/\W+/g, "-")}@example.test`.toLowerCase();
    const created = await createUserByAdmin(
      db,
      { email, password: "a long enough password", emailVerified: true, roles: [roleId] },
      [{ name: "files.create", restrictions: [{ name: "space", value: 1024 }] }],
      auditRecorder(db, who, "users.create", "user"),
    );
    expect(created.ok).toBe(true);
    const userId = created.ok ? created.id : 0;
    expect(await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).toEqual([{ roleId }]);
    const [direct] = await db.select({ restrictions: userPermissions.restrictions }).from(userPermissions).where(eq(userPermissions.userId, userId));
    expect(direct.restrictions).toEqual([{ name: "space", value: 1024 }]);
    expect((await auditRows("user", userId))[0]).toMatchObject({ action: "users.create" });
  });

  it("refuses a custom page slug that another page has", async () => {
    const slug = unique("page").replace(/\W+/g, "-").toLowerCase();
    const fields = { title: "One", slug, body: "<p>x</p>", hidden: false, type: "default" };
    expect(await createPage(db, fields)).toMatchObject({ ok: true });
    expect(await createPage(db, { ...fields, title: "Two" })).toEqual({ ok: false, errors: { slug: ["Another page already uses this slug."] } });
  });

  it("saves themes and settings together, or nothing when one colour is invalid", async () => {
    const who = await actor();
    const [theme] = await db
      .insert(themes)
      .values({ name: unique("Theme"), values: { "--be-primary": "#111111" } })
      .returning();
    const record = { settings: auditRecorder(db, who, "appearance.update", "setting"), themes: auditRecorder(db, who, "themes.update", "theme") };
    const themeInput = { id: theme.id, name: theme.name, isDark: false, defaultLight: false, defaultDark: false };
    const bad = await saveAppearance(
      db,
      { settings: { "branding.site_name": "Never" }, themes: [{ ...themeInput, values: { "--be-primary": "expression(alert(1))" } }], deletedThemes: [] },
      t,
      record,
    );
    expect(bad).toMatchObject({ ok: false, errors: { "themes.0.values.--be-primary": ["Enter a valid colour, such as #6d28d9 or rgb(109, 40, 217)."] } });
    expect((await loadSettings(db))["branding.site_name"]).not.toBe("Never");

    const good = await saveAppearance(
      db,
      { settings: { "branding.site_name": "Saved Together" }, themes: [{ ...themeInput, values: { "--be-primary": "rgb(10, 20, 30)", "--be-font-family": "Charter, serif" } }], deletedThemes: [] },
      t,
      record,
    );
    expect(good).toEqual({ ok: true });
    const [row] = await db.select().from(themes).where(eq(themes.id, theme.id));
    expect(row.values).toEqual({ "--be-primary": "rgb(10, 20, 30)", "--be-font-family": "Charter, serif" });
    expect((await loadSettings(db))["branding.site_name"]).toBe("Saved Together");
    expect((await auditRows("theme", theme.id))[0].after).toMatchObject({ values: { "--be-primary": "rgb(10, 20, 30)" } });
  });

  it("saves a channel homepage (type and channel) from the appearance editor; an unknown type is refused", async () => {
    const who = await actor();
    const record = { settings: auditRecorder(db, who, "appearance.update", "setting"), themes: auditRecorder(db, who, "themes.update", "theme") };
    const bad = await saveAppearance(db, { settings: { "homepage.type": "sideshow", "homepage.channel": "picks" }, themes: [], deletedThemes: [] }, t, record);
    expect(bad).toMatchObject({ ok: false, errors: { "settings.homepage.type": [expect.any(String)] } });
    expect((await loadSettings(db))["homepage.channel"]).not.toBe("picks");
    expect(await saveAppearance(db, { settings: { "homepage.type": "channel", "homepage.channel": "picks" }, themes: [], deletedThemes: [] }, t, record)).toEqual({ ok: true });
    const settings = await loadSettings(db);
    expect([settings["homepage.type"], settings["homepage.channel"]]).toEqual(["channel", "picks"]);
  });
});
