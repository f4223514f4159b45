import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import migration from "../../migrations/0023_a_token_scopes.sql?raw";
import { scopeForRequest } from "~/composers/token-scope.server";
import { openD1 } from "~/db/client.server";
import { accessTokens } from "./access-tokens.tables";
import { createAccessToken, enforceApiTokenRules, loadTokenUser, mayGrantScopes } from "./access-tokens.server";
import type { TokenScope } from "../api/token-scopes";
import { createUser } from "./users.server";
import type { Viewer } from "../request/viewer";

const { db } = openD1(env.DB, null);

async function newUser() {
  return (await createUser(db, { email: `scopes-${crypto.randomUUID()}@example.test`, passwordHash: null }))!;
}

const viewer = (names: string[]): Viewer => ({ userId: 1, roleIds: [], permissions: new Map(names.map((n) => [n, []])), isSubscribed: false });
const app = {
  t: (key: string, values?: Record<string, string | number>) => key.replace(/:(\w+)/g, (_, k) => String(values?.[k] ?? "")),
  settings: { "api.integrated": true },
  viewer: viewer(["api.access"]),
};
const request = (method: string, path: string, headers: Record<string, string> = {}) => new Request(`https://reelbase.test${path}`, { method, headers });

function refusal(scopes: TokenScope[], req: Request): Response | null {
  try {
    enforceApiTokenRules(app, { viaToken: true, rejectedToken: false, tokenScopes: scopes }, scopeForRequest(req, new URL(req.url).pathname));
    return null;
  } catch (thrown) {
    return thrown as Response;
  }
}

/** Decision 021: tokens have scopes, checked on every api/v1 call; expired tokens get 401. */
describe("API token scopes", () => {
  it("stores the chosen scopes and loads them with the token's user", async () => {
    const user = await newUser();
    const { plainTextToken, token } = await createAccessToken(db, user.id, { name: "Reader", expiresAt: null, scopes: ["read"] }, null);
    expect(token.abilities).toEqual(["read"]);
    const signedIn = await loadTokenUser(db, plainTextToken);
    expect(signedIn?.tokenScopes).toEqual(["read"]);
  });

  it("each api/v1 call needs its endpoint's scope: GET read, writes their own, admin calls admin", () => {
    expect(scopeForRequest(request("GET", "/api/v1/titles"), "/api/v1/titles")).toBe("read");
    expect(scopeForRequest(request("GET", "/api/v1/users/me"), "/api/v1/users/me")).toBe("read");
    expect(scopeForRequest(request("POST", "/api/v1/workspaces"), "/api/v1/workspaces")).toBe("account");
    expect(scopeForRequest(request("POST", "/api/v1/workspaces/12", { "X-HTTP-Method-Override": "DELETE" }), "/api/v1/workspaces/12")).toBe("account");
    expect(scopeForRequest(request("POST", "/api/v1/file-entries"), "/api/v1/file-entries")).toBe("uploads");
    expect(scopeForRequest(request("PATCH", "/api/v1/tus/upload/abc"), "/api/v1/tus/upload/abc")).toBe("uploads");
    expect(scopeForRequest(request("GET", "/api/v1/logs/error"), "/api/v1/logs/error")).toBe("admin");
    expect(scopeForRequest(request("POST", "/api/v1/notifications/broadcasts"), "/api/v1/notifications/broadcasts")).toBe("admin");
    // A write no contract describes is closed to tokens.
    expect(scopeForRequest(request("POST", "/api/v1/not-described"), "/api/v1/not-described")).toBeNull();
  });

  it("a token without the scope gets 403 naming it; with it, the call goes on", async () => {
    const readOnly = refusal(["read"], request("POST", "/api/v1/workspaces"));
    expect(readOnly?.status).toBe(403);
    expect(await readOnly!.json()).toMatchObject({ message: expect.stringContaining('"account"'), missing_scope: "account" });
    expect(readOnly!.headers.get("WWW-Authenticate")).toContain('scope="account"');
    expect(refusal(["read", "account"], request("POST", "/api/v1/workspaces"))).toBeNull();
    expect(refusal(["read"], request("GET", "/api/v1/titles"))).toBeNull();
    expect(refusal(["uploads"], request("GET", "/api/v1/titles"))?.status).toBe(403);
    expect(refusal(["read", "account", "uploads", "catalogue:write", "lists:write"], request("GET", "/api/v1/logs/error"))?.status).toBe(403);
    expect(refusal(["read", "account"], request("POST", "/api/v1/not-described"))?.status).toBe(403);
  });

  it("admin scope only for admins", () => {
    expect(mayGrantScopes(viewer(["api.access"]), ["read", "admin"])).toBe(false);
    expect(mayGrantScopes(viewer(["api.access"]), ["read", "account", "uploads"])).toBe(true);
    expect(mayGrantScopes(viewer(["api.access", "admin"]), ["admin"])).toBe(true);
  });

  it("an expired token signs nothing in (401), even with its API session still stored", async () => {
    const user = await newUser();
    const { plainTextToken, token } = await createAccessToken(db, user.id, { name: "Soon", expiresAt: new Date(Date.now() + 60_000), scopes: ["read"] }, null);
    expect(await loadTokenUser(db, plainTextToken)).not.toBeNull();
    await db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, token.id));
    expect(await loadTokenUser(db, plainTextToken)).toBeNull();
    try {
      enforceApiTokenRules(app, { viaToken: true, rejectedToken: true }, "read");
      expect.unreachable();
    } catch (thrown) {
      expect((thrown as Response).status).toBe(401);
    }
  });

  it("migration 0023 gives tokens made before scopes every scope their user may grant", async () => {
    const user = await newUser();
    const { token } = await createAccessToken(db, user.id, { name: "Legacy", expiresAt: null, scopes: ["read"] }, null);
    await db
      .update(accessTokens)
      .set({ abilities: ["*"] })
      .where(eq(accessTokens.id, token.id));
    await db.run(sql.raw(migration.replace(/^--.*$/gm, "")));
    const [row] = await db.select({ abilities: accessTokens.abilities }).from(accessTokens).where(eq(accessTokens.id, token.id));
    expect(row!.abilities).toEqual(["read", "catalogue:write", "lists:write", "account", "uploads"]);
  });
});
