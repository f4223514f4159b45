import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { appKeys } from "~/auth/crypto.server";
import { createSession } from "~/auth/sessions.server";
import { createUser } from "~/auth/users.server";
import { parseUserAgent } from "~/auth/user-agent";
import { D1_BOOKMARK_COOKIE } from "~/constants";
import { openD1 } from "~/db/client.server";
import { getApp } from "~/request/context";

/**
 * The D1 bookmark cookie (decision 049): a guest who only reads gets no cookie at all, so their
 * pages carry no Set-Cookie; a write, a member, or a visitor who already carries a bookmark gets
 * it, so they read their own writes on their next request.
 */
const { db } = openD1(env.DB, null);
const APP_KEY = (env as unknown as { APP_KEY: string }).APP_KEY;
const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.41", city: null, country: null };

/** The request through the root middleware, its handler reading (or writing) through the request's database. */
async function answer(method: "GET" | "POST", cookie?: string, write = false) {
  const headers: Record<string, string> = { "User-Agent": "bookmark-test", "CF-Connecting-IP": "203.0.113.41" };
  if (cookie) headers.Cookie = cookie;
  const request = new Request("http://localhost/titles", { method, headers });
  const { thrown, response } = await runRoute(request, async ({ context }) => {
    const app = getApp(context);
    if (write) await app.db.run(sql`UPDATE settings SET value = value WHERE key = 'site.name'`);
    else await app.db.run(sql`SELECT count(*) FROM titles`);
  });
  expect(thrown).toBeUndefined();
  return response!;
}

const bookmarkOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${D1_BOOKMARK_COOKIE}=`))
    ?.split(";")[0]
    .slice(D1_BOOKMARK_COOKIE.length + 1) ?? null;

describe("the D1 bookmark cookie", () => {
  it("is not given to a guest who only reads: their page sets no cookie", async () => {
    const response = await answer("GET");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("is given after a guest's write, and moves forward with the visitor who carries it", async () => {
    const wrote = await answer("POST", undefined, true);
    const first = bookmarkOf(wrote);
    expect(first).toMatch(/^[\w.:-]+$/);
    // Another write by the same visitor: a later position, sent back because it changed.
    const again = bookmarkOf(await answer("POST", `${D1_BOOKMARK_COOKIE}=${first}`, true));
    expect(again).not.toBeNull();
    expect(again! > first!).toBe(true);
  });

  it("is given to a signed-in member who reads", async () => {
    const user = await createUser(db, { email: `bookmark-${crypto.randomUUID()}@example.test`, passwordHash: null, emailVerified: true });
    const session = await createSession(db, await appKeys(APP_KEY), new Request("http://localhost/"), { userId: user!.id, remember: true, info });
    const response = await answer("GET", session.cookie.split(";")[0]);
    expect(bookmarkOf(response)).toMatch(/^[\w.:-]+$/);
  });
});
