import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { appKeys } from "~/auth/crypto.server";
import { permissions, rolePermissions, roles } from "~/auth/roles.tables";
import { createSession } from "~/auth/sessions.server";
import { createUser, loadSignedIn } from "~/auth/users.server";
import { userRoles } from "~/auth/users.tables";
import { parseUserAgent } from "~/auth/user-agent";
import { openD1 } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { subscriptions } from "./tables";
import { statusRank } from "./subscription-rules";
import { createTestPlans, uniqueSuffix } from "../../tests/support/billing-fixtures";

/**
 * The signed-in viewer on D1: a subscribed user's plan permissions merge
 * into their own (in the same batch that loads the session), and only while
 * the subscription is valid.
 */

const { db } = openD1(env.DB, null);
const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.9", city: null, country: null };
let plans: Awaited<ReturnType<typeof createTestPlans>>;

beforeAll(async () => {
  plans = await createTestPlans(db);
  for (const name of ["titles.view", "api.access", "files.create"]) {
    await db.insert(permissions).values({ name, displayName: name, group: "test" }).onConflictDoNothing();
  }
});

/** A signed-in user whose only role grants files.create with a 10 MB quota. */
async function signedInUser() {
  const suffix = uniqueSuffix();
  const [role] = await db
    .insert(roles)
    .values({ name: `members-${suffix}` })
    .returning({ id: roles.id });
  const [files] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, "files.create"));
  await db.insert(rolePermissions).values({ roleId: role.id, permissionId: files.id, restrictions: [{ name: "max_size_mb", value: 10 }] });
  const user = await createUser(db, { email: `viewer-${suffix}@example.com`, passwordHash: null });
  await db.delete(userRoles).where(eq(userRoles.userId, user!.id));
  await db.insert(userRoles).values({ userId: user!.id, roleId: role.id });
  const keys = await appKeys((env as unknown as { APP_KEY: string }).APP_KEY);
  const session = await createSession(db, keys, new Request("http://localhost/"), { userId: user!.id, remember: false, info });
  return { userId: user!.id, sessionId: session.id };
}

async function subscribe(userId: number, fields: Partial<typeof subscriptions.$inferInsert> = {}) {
  const status = fields.status ?? "active";
  await db.insert(subscriptions).values({
    userId,
    productId: plans.premium.product.id,
    priceId: plans.premiumMonthly.id,
    provider: "local",
    providerSubscriptionId: `sub_local_${uniqueSuffix()}`,
    providerCustomerId: `cus_local_${uniqueSuffix()}`,
    status,
    statusRank: statusRank(status),
    currentPeriodStart: new Date(Date.now() - 86_400_000),
    currentPeriodEnd: new Date(Date.now() + 29 * 86_400_000),
    providerVersion: Date.now(),
    ...fields,
  });
}

describe("the signed-in viewer and subscriptions", () => {
  it("an unsubscribed user has only their roles' permissions", async () => {
    const { sessionId } = await signedInUser();
    const loaded = await loadSignedIn(db, sessionId);
    expect(loaded!.viewer.isSubscribed).toBe(false);
    expect([...loaded!.viewer.permissions.keys()]).toEqual(["files.create"]);
    expect(loaded!.user.subscriptions).toEqual([]);
  });

  it("a subscribed user gains the plan's permissions", async () => {
    const { userId, sessionId } = await signedInUser();
    await subscribe(userId);
    const loaded = await loadSignedIn(db, sessionId);
    expect(loaded!.viewer.isSubscribed).toBe(true);
    expect([...loaded!.viewer.permissions.keys()].sort()).toEqual(["api.access", "files.create", "titles.view"]);
    // The role's quota stays (the plan does not grant files.create).
    expect(loaded!.viewer.permissions.get("files.create")).toEqual([{ name: "max_size_mb", value: 10 }]);
    expect(loaded!.user.subscriptions).toEqual([{ id: expect.any(Number), valid: true }]);
  });

  it("a cancelled subscription counts until its period ends, an ended one does not", async () => {
    const grace = await signedInUser();
    await subscribe(grace.userId, { cancelAtPeriodEnd: true });
    expect((await loadSignedIn(db, grace.sessionId))!.viewer.isSubscribed).toBe(true);

    const ended = await signedInUser();
    await subscribe(ended.userId, { status: "canceled", endedAt: new Date(Date.now() - 1000), currentPeriodEnd: new Date(Date.now() - 1000) });
    const loaded = await loadSignedIn(db, ended.sessionId);
    expect(loaded!.viewer.isSubscribed).toBe(false);
    expect(loaded!.viewer.permissions.has("api.access")).toBe(false);
    expect(loaded!.user.subscriptions).toEqual([{ id: expect.any(Number), valid: false }]);
  });

  it("a past-due subscription does not count", async () => {
    const { userId, sessionId } = await signedInUser();
    await subscribe(userId, { status: "past_due" });
    expect((await loadSignedIn(db, sessionId))!.viewer.isSubscribed).toBe(false);
  });
});
