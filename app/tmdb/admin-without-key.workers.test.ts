import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { appKeys } from "~/auth/crypto.server";
import { permissions, rolePermissions, roles } from "~/auth/roles.tables";
import { createSession } from "~/auth/sessions.server";
import { parseUserAgent } from "~/auth/user-agent";
import { createUser } from "~/auth/users.server";
import { userRoles } from "~/auth/users.tables";
import { openD1 } from "~/db/client.server";
import { action, loader } from "~/routes/admin/tmdb/import";
import { tmdbImportJobs } from "./tables";

/**
 * /admin/tmdb on a Worker without TMDB_API_KEY (the test Worker has none):
 * the loader says TMDB is not set up (the page then disables its forms and
 * links to the settings, decision 042), and an import or bulk job posted
 * anyway is refused with 503 and starts nothing.
 */
const { db } = openD1(env.DB, null);
const APP_KEY = (env as unknown as { APP_KEY: string }).APP_KEY;
const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.42", city: null, country: null };
let cookie = "";

beforeAll(async () => {
  expect((env as unknown as Record<string, unknown>).TMDB_API_KEY ?? "").toBe("");
  const names = ["admin.access", "titles.create", "titles.update"];
  await db
    .insert(permissions)
    .values(names.map((name) => ({ name, displayName: name, group: "test" })))
    .onConflictDoNothing();
  const [role] = await db
    .insert(roles)
    .values({ name: `tmdb-keyless-${crypto.randomUUID()}` })
    .returning();
  for (const name of names) {
    const [permission] = await db.select().from(permissions).where(eq(permissions.name, name));
    await db.insert(rolePermissions).values({ roleId: role.id, permissionId: permission.id }).onConflictDoNothing();
  }
  const user = await createUser(db, { email: `tmdb-keyless-${crypto.randomUUID()}@example.test`, passwordHash: null, emailVerified: true });
  await db.insert(userRoles).values({ userId: user!.id, roleId: role.id });
  const session = await createSession(db, await appKeys(APP_KEY), new Request("http://localhost/"), { userId: user!.id, remember: true, info });
  cookie = session.cookie.split(";")[0];
});

const request = (init?: RequestInit) => new Request("http://localhost/admin/tmdb", { ...init, headers: { Cookie: cookie, "CF-Connecting-IP": "203.0.113.42", ...(init?.headers ?? {}) } });

describe("/admin/tmdb without a TMDB key", () => {
  it("says TMDB is not set up and searches nothing", async () => {
    const { value, thrown } = await runRoute(new Request("http://localhost/admin/tmdb?q=Lantern", { headers: { Cookie: cookie, "CF-Connecting-IP": "203.0.113.42" } }), (args) =>
      loader(args as never),
    );
    expect(thrown).toBeUndefined();
    expect(value).toMatchObject({ configured: false, unreachableFor: null, found: null });
  });

  it("refuses a bulk import posted anyway with 503, and starts no job", async () => {
    const before = await db.$count(tmdbImportJobs);
    const body = new URLSearchParams({ intent: "discover", mediaType: "movie", sort: "popularity.desc", pages: "1" });
    const { value, thrown } = await runRoute(request({ method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }), (args) => action(args as never));
    const answer = (thrown ?? value) as { init?: { status?: number }; data?: { error?: Record<string, string[]> } };
    expect(answer.init?.status).toBe(503);
    expect(JSON.stringify(answer.data)).toContain("TMDB is not set up");
    expect(await db.$count(tmdbImportJobs)).toBe(before);
  });
});
