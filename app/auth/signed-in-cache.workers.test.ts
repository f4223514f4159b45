import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { appKeys } from "~/auth/crypto.server";
import { markEmailVerifiedByLink } from "~/auth/email-verification.server";
import { permissions, rolePermissions, roles } from "~/auth/roles.tables";
import { authServices } from "~/auth/services.server";
import { forgetAllSignedIn, loadSignedInKept } from "~/auth/signed-in-cache.server";
import { createSession, deleteSession, deleteUserSessions } from "~/auth/sessions.server";
import { userPermissions, userRoles, users } from "~/auth/users.tables";
import { banUsers } from "~/auth/user-admin.server";
import { createUser, setPasswordHash } from "~/auth/users.server";
import { parseUserAgent } from "~/auth/user-agent";
import { hasPermission } from "~/request/viewer";
import { subscriptions } from "~/billing/tables";
import { SIGNED_IN_CACHE_TTL_MS } from "~/constants";
import { openD1 } from "~/db/client.server";
import { getApp } from "~/request/context";
import { workspaceSwitcherData } from "~/workspaces/active-workspace.server";
import { workspaceMembers, workspaces } from "~/workspaces/tables";

/**
 * The signed-in visitor kept per isolate (decision 028), through the real
 * root middleware: a GET uses this isolate's copy for SIGNED_IN_CACHE_TTL_MS;
 * a change made elsewhere (another isolate: here, straight to D1) shows once
 * that has passed; any write request in this isolate drops every copy at once
 * (sign-out, session revocation, role, permission, subscription, ban,
 * password); write requests never use a copy; a read in flight during a drop
 * keeps nothing; and the writes a GET makes (an e-mail verified by a link)
 * drop their user's copy.
 */
const { db } = openD1(env.DB, null);
const APP_KEY = (env as unknown as { APP_KEY: string }).APP_KEY;
const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.9", city: null, country: null };
const PERMISSION = "cache-test.feature";

async function newMember({ emailVerified = true } = {}) {
  const user = await createUser(db, { email: `kept-${crypto.randomUUID()}@example.test`, passwordHash: null, emailVerified });
  const session = await createSession(db, await appKeys(APP_KEY), new Request("http://localhost/"), { userId: user!.id, remember: true, info });
  return { userId: user!.id, sessionId: session.id, cookie: session.cookie.split(";")[0] };
}

type Seen = { userId: number | null; verified: boolean; hasPassword: boolean; can: boolean; subscribed: boolean; workspaces: string[] };

/** One request of the member through the root middleware: what the page would see of them. */
async function visit(cookie: string, method = "GET", write?: (context: RouterContextProvider, request: Request) => Promise<unknown>, path = "/account-settings") {
  const request = new Request(`http://localhost${path}`, { method, headers: { Cookie: cookie, "CF-Connecting-IP": "203.0.113.9" } });
  const { value, thrown } = await runRoute(request, async ({ context }): Promise<Seen> => {
    const app = getApp(context);
    if (write) await write(context, request);
    const switcher = await workspaceSwitcherData(context, request);
    return {
      userId: app.user?.id ?? null,
      verified: Boolean(app.user?.emailVerifiedAt),
      hasPassword: Boolean(app.user?.hasPassword),
      can: hasPermission(app.viewer, PERMISSION),
      subscribed: app.viewer.isSubscribed,
      workspaces: switcher?.list.filter((w) => !w.default).map((w) => w.name) ?? [],
    };
  });
  expect(thrown).toBeUndefined();
  return value!;
}

let roleId = 0;
let permissionId = 0;

beforeAll(async () => {
  await db.insert(permissions).values({ name: PERMISSION, displayName: "Cache test", group: "tests" }).onConflictDoNothing();
  await db.insert(roles).values({ name: "cache-test-role" }).onConflictDoNothing();
  [{ id: permissionId }] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, PERMISSION));
  [{ id: roleId }] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, "cache-test-role"));
  await db.insert(rolePermissions).values({ roleId, permissionId }).onConflictDoNothing();
});

beforeEach(() => forgetAllSignedIn());
afterEach(() => vi.useRealTimers());

describe("the signed-in visitor kept per isolate (decision 028)", () => {
  it("a GET uses the copy until SIGNED_IN_CACHE_TTL_MS has passed: a change made elsewhere shows then, not before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const member = await newMember();
    expect((await visit(member.cookie)).userId).toBe(member.userId);

    // Another isolate bans the member (here: straight to D1, no request of this isolate).
    await db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, member.userId));
    vi.setSystemTime(Date.now() + SIGNED_IN_CACHE_TTL_MS - 100);
    expect((await visit(member.cookie)).userId).toBe(member.userId); // the copy: the trade-off of decision 028

    vi.setSystemTime(Date.now() + 200);
    expect((await visit(member.cookie)).userId).toBeNull(); // read again: banned, a guest
  });

  it("write requests never use a copy: a member banned elsewhere cannot write within the TTL", async () => {
    const member = await newMember();
    expect((await visit(member.cookie)).userId).toBe(member.userId);
    await db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, member.userId));
    expect((await visit(member.cookie, "POST")).userId).toBeNull();
  });

  // Each write, made by a request of this isolate (an admin's, the member's own, a webhook's), drops the copies.
  const writes: { name: string; change: (member: Awaited<ReturnType<typeof newMember>>, actor: number) => Promise<unknown>; before: Partial<Seen>; after: Partial<Seen> }[] = [
    { name: "sign-out", change: (m) => deleteSession(db, m.sessionId), before: {}, after: { userId: null } },
    { name: "session revocation (sign out everywhere)", change: (m) => deleteUserSessions(db, m.userId, null), before: {}, after: { userId: null } },
    { name: "ban", change: (m, actor) => banUsers(db, [m.userId], "spam", actor), before: {}, after: { userId: null } },
    { name: "role given", change: (m) => db.insert(userRoles).values({ userId: m.userId, roleId }), before: { can: false }, after: { can: true } },
    {
      name: "role's permission taken away",
      change: async (m) => {
        await db.insert(userRoles).values({ userId: m.userId, roleId });
        forgetAllSignedIn(); // (only so "before" sees the role; the removal below is the write under test)
        await visit(m.cookie);
        return db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)));
      },
      before: {},
      after: { can: false },
    },
    { name: "direct permission", change: (m) => db.insert(userPermissions).values({ userId: m.userId, permissionId }), before: { can: false }, after: { can: true } },
    {
      name: "subscription",
      change: (m) =>
        db.insert(subscriptions).values({
          userId: m.userId,
          provider: "local",
          providerSubscriptionId: crypto.randomUUID(),
          providerCustomerId: "cus_test",
          status: "active",
          statusRank: 0,
          currentPeriodEnd: new Date(Date.now() + 86_400_000),
          providerVersion: 1,
        }),
      before: { subscribed: false },
      after: { subscribed: true },
    },
    { name: "password change", change: (m) => setPasswordHash(db, m.userId, "pbkdf2$fake$hash"), before: { hasPassword: false }, after: { hasPassword: true } },
    {
      name: "workspace joined",
      change: async (m) => {
        const [w] = await db.insert(workspaces).values({ name: "Kept Crew", ownerId: m.userId }).returning();
        return db.insert(workspaceMembers).values({ workspaceId: w.id, userId: m.userId, role: "owner" });
      },
      before: { workspaces: [] },
      after: { workspaces: ["Kept Crew"] },
    },
  ];

  for (const { name, change, before, after } of writes) {
    it(`a write request in this isolate drops the copies at once: ${name}`, async () => {
      const [member, admin] = [await newMember(), await newMember()];
      expect(await visit(member.cookie)).toMatchObject({ userId: member.userId, ...before });
      // The member's own copy is kept: a write straight to D1 (another isolate) does not show yet.
      await change(member, admin.userId);
      const kept = await visit(member.cookie);
      expect(kept).toMatchObject({ userId: member.userId, ...before });
      // Any write request of this isolate (here an admin's, of anything) drops every copy.
      await visit(admin.cookie, "POST", async () => undefined);
      expect(await visit(member.cookie)).toMatchObject(after);
    });
  }

  it("a read that began before a drop does not keep what it read", async () => {
    const member = await newMember();
    const reading = loadSignedInKept(db, member.sessionId); // in flight: its batch was read before the change below
    forgetAllSignedIn(); // a write request of this isolate ended meanwhile
    expect((await reading)?.user.id).toBe(member.userId);
    await db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, member.userId));
    expect((await visit(member.cookie)).userId).toBeNull(); // nothing was kept from the read in flight
  });

  it("a GET that writes (an e-mail verified by an invitation link) drops its user's copy", async () => {
    const member = await newMember({ emailVerified: false });
    // Unverified: only the pages an unverified member may see (the rest redirect to /verify-email).
    expect((await visit(member.cookie, "GET", undefined, "/verify-email")).verified).toBe(false);
    await visit(
      member.cookie,
      "GET",
      async (context, request) => {
        await markEmailVerifiedByLink(await authServices(context, request), { id: member.userId, emailVerifiedAt: null }, "workspace-invitation");
      },
      "/verify-email",
    );
    // The next GET reads them again: verified, so account settings open (with the old copy they would redirect).
    expect((await visit(member.cookie)).verified).toBe(true);
  });
});
