import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { mailDeliveries } from "~/mail/deliveries.tables";
import { saveSubscriptionSelections } from "~/notifications/preferences.server";
import { notifications } from "~/notifications/tables";
import { workerContext } from "~/request/context";
import { appMiddleware } from "~/composers/middleware.server";
import { action as loginAction } from "~/routes/auth/login";
import { hashPassword } from "./password.server";
import { createUser } from "./users.server";

const { db } = openD1(env.DB, null);
const PASSWORD = "correct horse battery";
const WINDOWS_CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const LINUX_FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** POST /login through the real middleware and action, then waits for the work left after the response (the alert). */
async function signIn(email: string, userAgent: string) {
  const ctx = createExecutionContext();
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx, requestId: "test", nonce: "n", isLocal: true });
  const request = new Request("http://localhost/login", {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": userAgent, "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
  });
  const url = new URL(request.url);
  let answer: unknown;
  await appMiddleware({ request, context, url, params: {}, pattern: "/login" } as never, async () => {
    try {
      answer = await loginAction({ request, context, url, params: {} } as never);
    } catch (thrown) {
      answer = thrown;
    }
    return new Response(null);
  });
  await waitOnExecutionContext(ctx);
  expect(answer instanceof Response && answer.status).toBe(302);
}

async function newUser() {
  const user = await createUser(db, { email: `devices-${crypto.randomUUID()}@example.test`, passwordHash: await hashPassword(PASSWORD, 1000), emailVerified: true });
  return user!;
}

const alertsOf = (userId: number) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "account.new_device")));
const mailsOf = (userId: number) => db.select().from(mailDeliveries).where(eq(mailDeliveries.userId, userId));

/**
 * A sign-in from a device the account has never used is ONE notification of
 * type account.new_device, delivered on the channels the user chose: exactly
 * one mail when mail is on, none when it is off (gap 2).
 */
describe("the new-device sign-in alert", () => {
  it("is one notification and one mail with the default channels; never for the first or a known device", async () => {
    const user = await newUser();
    await signIn(user.email, WINDOWS_CHROME);
    await signIn(user.email, WINDOWS_CHROME);
    expect(await alertsOf(user.id)).toHaveLength(0);
    expect(await mailsOf(user.id)).toHaveLength(0);

    await signIn(user.email, IPHONE_SAFARI);
    const [alert, ...more] = await alertsOf(user.id);
    expect(more).toHaveLength(0);
    expect(JSON.stringify(alert.data)).toContain("Safari");
    const mails = await mailsOf(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: user.email, source: "account.new_device" });
    expect(mails[0].subject).toMatch(/New sign-in/);
    expect(mails[0].html).toContain("/account-settings");
    expect(mails[0].text.length).toBeGreaterThan(0);

    // The same phone again: no second alert.
    await signIn(user.email, IPHONE_SAFARI);
    expect(await alertsOf(user.id)).toHaveLength(1);
    expect(await mailsOf(user.id)).toHaveLength(1);
  });

  it("is a security alert: mail and the in-app notification cannot be turned off", async () => {
    const user = await newUser();
    await signIn(user.email, WINDOWS_CHROME);
    await saveSubscriptionSelections(db, user.id, [{ notif_id: "account.new_device", channels: { database: false, mail: false, browser: false } }]);
    await signIn(user.email, LINUX_FIREFOX);
    expect(await alertsOf(user.id)).toHaveLength(1);
    expect(await mailsOf(user.id)).toHaveLength(1);
  });
});
