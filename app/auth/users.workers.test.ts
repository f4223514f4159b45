import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { appKeys } from "./crypto.server";
import { roles } from "./roles.tables";
import { sessionIdFor } from "./sessions.server";
import { createSession } from "./sessions.server";
import { listSecurityLog } from "./security-log.server";
import { updateUserByAdmin } from "./user-admin.server";
import { createUser, loadSignedIn } from "./users.server";
import { parseUserAgent } from "./user-agent";

const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.9", city: "Lisbon", country: "PT" };

describe("signed-in user on D1", () => {
  it("loads the session, user, roles and permissions in one batch", async () => {
    const { db } = openD1(env.DB, null);
    await db.insert(roles).values({ name: "users", default: true }).onConflictDoNothing();
    const user = await createUser(db, { email: "Batch@Example.com", passwordHash: null, firstName: "Bo", lastName: "Batch" });
    expect(user?.email).toBe("batch@example.com");
    const keys = await appKeys((env as unknown as { APP_KEY: string }).APP_KEY);
    const session = await createSession(db, keys, new Request("http://localhost/"), { userId: user!.id, remember: true, info });
    const loaded = await loadSignedIn(db, session.id);
    expect(loaded).not.toBeNull();
    expect(loaded!.user.displayName).toBe("Bo Batch");
    expect(loaded!.user.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(loaded!.user.createdAt.getTime())).toBe(false);
    expect(loaded!.session.remember).toBe(true);
    expect(loaded!.user.roleIds.length).toBeGreaterThan(0);
    expect(await loadSignedIn(db, await sessionIdFor("forged"))).toBeNull();
  });
});

describe("the account's security log", () => {
  it("records an address changed by an administrator, and nothing when the address stays", async () => {
    const { db } = openD1(env.DB, null);
    const email = `before-${crypto.randomUUID()}@example.test`;
    const user = (await createUser(db, { email, passwordHash: null, emailVerified: true }))!;
    const input = (address: string) => ({ email: address, emailVerified: true, roles: [] as number[] });
    expect((await updateUserByAdmin(db, user.id, { ...input(email), firstName: "Ada" } as never, [])).ok).toBe(true);
    expect((await listSecurityLog(db, user.id)).map((e) => e.event)).not.toContain("email-changed");
    expect((await updateUserByAdmin(db, user.id, input(`after-${crypto.randomUUID()}@example.test`) as never, [])).ok).toBe(true);
    const events = await listSecurityLog(db, user.id);
    expect(events.filter((e) => e.event === "email-changed")).toHaveLength(1);
  });
});
