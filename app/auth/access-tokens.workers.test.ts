import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { accessTokens } from "./access-tokens.tables";
import { bearerTokenOf, createAccessToken, deleteAccessToken, listAccessTokens, loadTokenUser } from "./access-tokens.server";
import { sha256 } from "./crypto.server";
import { securityLog } from "./security-log.tables";
import { sessions } from "./sessions.tables";
import { deleteUserSessions } from "./sessions.server";
import { createUser } from "./users.server";

const { db } = openD1(env.DB, null);
let counter = 0;

async function newUser() {
  counter++;
  const user = await createUser(db, { email: `tokens-${Date.now()}-${counter}@example.test`, passwordHash: null, firstName: "Tia" });
  return user!;
}

describe("API access tokens on D1", () => {
  it("stores only a hash, signs a request in through an API session, and stops at deletion", async () => {
    const user = await newUser();
    const { token, plainTextToken } = await createAccessToken(db, user.id, { name: "CLI", expiresAt: null, scopes: ["read"] }, null);
    expect(plainTextToken).toMatch(/^rbt_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.select().from(accessTokens).where(eq(accessTokens.id, token.id));
    expect(row.tokenHash).toBe(await sha256(plainTextToken));
    expect(JSON.stringify(row)).not.toContain(plainTextToken.slice(4));
    expect(token.last_used_at).toBeNull();

    const signedIn = await loadTokenUser(db, plainTextToken);
    expect(signedIn?.user.id).toBe(user.id);
    const [apiSession] = await db.select().from(sessions).where(eq(sessions.id, row.tokenHash));
    expect(apiSession.kind).toBe("api");
    expect(apiSession.ipAddress).toBeNull();
    const [listed] = await listAccessTokens(db, user.id);
    expect(listed.last_used_at).not.toBeNull();
    expect(Object.keys(listed)).not.toContain("tokenHash");

    // Logging out other sessions ends the API session; the token itself still works.
    await deleteUserSessions(db, user.id, null);
    expect((await loadTokenUser(db, plainTextToken))?.user.id).toBe(user.id);

    const other = await newUser();
    expect(await deleteAccessToken(db, other.id, token.id, null)).toBe(false);
    expect(await loadTokenUser(db, plainTextToken)).not.toBeNull();
    expect(await deleteAccessToken(db, user.id, token.id, null)).toBe(true);
    expect(await loadTokenUser(db, plainTextToken)).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.id, row.tokenHash))).toHaveLength(0);
    const events = await db.select({ event: securityLog.event }).from(securityLog).where(eq(securityLog.userId, user.id));
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(["token-created", "token-deleted"]));
  });

  it("refuses expired and unknown tokens", async () => {
    const user = await newUser();
    const { plainTextToken } = await createAccessToken(db, user.id, { name: "old", expiresAt: new Date(Date.now() - 1000), scopes: ["read"] }, null);
    expect(await loadTokenUser(db, plainTextToken)).toBeNull();
    expect(await loadTokenUser(db, `rbt_${"A".repeat(43)}`)).toBeNull();
    const rows = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), eq(sessions.kind, "api")));
    expect(rows).toHaveLength(0);
  });

  it("reads bearer credentials strictly", () => {
    const request = (value?: string) => new Request("http://x/api/v1/users/me", { headers: value === undefined ? {} : { Authorization: value } });
    const good = `rbt_${"a".repeat(43)}`;
    expect(bearerTokenOf(request())).toBeUndefined();
    expect(bearerTokenOf(request(`Bearer ${good}`))).toBe(good);
    expect(bearerTokenOf(request(`bearer  ${good} `))).toBe(good);
    expect(bearerTokenOf(request("Bearer nope"))).toBeNull();
    expect(bearerTokenOf(request("Bearer"))).toBeNull();
    expect(bearerTokenOf(request("Basic dXNlcjpwYXNz"))).toBeUndefined();
  });
});
