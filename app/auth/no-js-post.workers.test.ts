import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { openD1 } from "~/db/client.server";
import { getApp } from "~/request/context";
import { action as settingsAction, loader as settingsLoader } from "~/routes/account/settings";
import { appKeys } from "./crypto.server";
import { hashPassword } from "./password.server";
import { createSession } from "./sessions.server";
import { enableTwoFactor, readTwoFactorSecret } from "./two-factor.server";
import { parseUserAgent } from "./user-agent";
import { createUser } from "./users.server";
import { users } from "./users.tables";

const { db } = openD1(env.DB, null);
const APP_KEY = (env as unknown as { APP_KEY: string }).APP_KEY;
const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.9", city: null, country: null };
const PASSWORD = "correct horse battery";

/**
 * Without JavaScript a form post is one request: middleware, action, then the
 * loaders render the page. They must show the account as the action left it
 * (the stale two-factor state of decision 015), not the copy the middleware
 * read before the action ran.
 */
describe("a no-JS post to /account-settings", () => {
  it("renders the page after confirming two-factor with the new state and the fresh password confirmation", async () => {
    const user = (await createUser(db, { email: `nojs-${crypto.randomUUID()}@example.test`, passwordHash: await hashPassword(PASSWORD, 1000), emailVerified: true }))!;
    const keys = await appKeys(APP_KEY);
    const session = await createSession(db, keys, new Request("http://localhost/"), { userId: user.id, remember: false, info });
    await enableTwoFactor(db, keys, user.id);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    const secret = (await readTwoFactorSecret(keys, row))!;
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

    const body = new URLSearchParams({ intent: "confirm-two-factor", password: PASSWORD, code });
    const request = new Request("http://localhost/account-settings", {
      method: "POST",
      body,
      headers: { Cookie: session.cookie.split(";")[0], "Content-Type": "application/x-www-form-urlencoded" },
    });
    const { value, thrown } = await runRoute(request, async (args) => {
      const before = getApp(args.context).user;
      const answer = await settingsAction(args as never);
      const page = await settingsLoader(args as never);
      return { before, answer, page, after: getApp(args.context).user, session: getApp(args.context).session };
    });
    expect(thrown).toBeUndefined();
    expect(value!.before?.twoFactorConfirmedAt).toBeNull();
    expect((value!.answer as { data: { recoveryCodes: string[] } }).data.recoveryCodes).toHaveLength(8);
    // The page and the bootstrap data (built from the context's user) show what the action did.
    expect(value!.page.twoFactor.step).toBe(2);
    expect(value!.page.twoFactor.recoveryCodesRemaining).toBe(8);
    expect(value!.after?.twoFactorConfirmedAt).toBeInstanceOf(Date);
    expect(value!.page.passwordConfirmed).toBe(true);
    expect(value!.session?.passwordConfirmedAt).toBeInstanceOf(Date);
  });

  it("leaves a wrong code's page as it was", async () => {
    const user = (await createUser(db, { email: `nojs-${crypto.randomUUID()}@example.test`, passwordHash: null, emailVerified: true }))!;
    const keys = await appKeys(APP_KEY);
    const session = await createSession(db, keys, new Request("http://localhost/"), { userId: user.id, remember: false, info });
    await enableTwoFactor(db, keys, user.id);
    const request = new Request("http://localhost/account-settings", {
      method: "POST",
      body: new URLSearchParams({ intent: "confirm-two-factor", code: "000000" }),
      headers: { Cookie: session.cookie.split(";")[0], "Content-Type": "application/x-www-form-urlencoded" },
    });
    const { value } = await runRoute(request, async (args) => {
      await settingsAction(args as never);
      return settingsLoader(args as never);
    });
    expect(value!.twoFactor.step).toBe(1);
    expect(value!.twoFactor.setup?.secret).toMatch(/^[A-Z2-7]+$/);
  });

  it("rate limits guessing the confirmation code per account, whatever the IP", async () => {
    const user = (await createUser(db, { email: `nojs-${crypto.randomUUID()}@example.test`, passwordHash: null, emailVerified: true }))!;
    const keys = await appKeys(APP_KEY);
    const session = await createSession(db, keys, new Request("http://localhost/"), { userId: user.id, remember: false, info });
    await enableTwoFactor(db, keys, user.id);
    const guess = async (n: number) => {
      const request = new Request("http://localhost/account-settings", {
        method: "POST",
        body: new URLSearchParams({ intent: "confirm-two-factor", code: String(100000 + n) }),
        headers: { Cookie: session.cookie.split(";")[0], "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `192.0.2.${n}` },
      });
      const { value } = await runRoute(request, (args) => settingsAction(args as never));
      return value as { init: ResponseInit | null };
    };
    for (let n = 1; n <= 5; n++) expect((await guess(n)).init?.status).toBe(422);
    const refused = await guess(6);
    expect(refused.init?.status).toBe(429);
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
  });
});
