import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { appKeys } from "~/auth/crypto.server";
import { createSession } from "~/auth/sessions.server";
import { parseUserAgent } from "~/auth/user-agent";
import { createUser } from "~/auth/users.server";
import { openD1 } from "~/db/client.server";
import { getApp } from "~/request/context";
import { action } from "~/routes/notifications/settings";
import { subscriptionSettings } from "./preferences.server";

const { db } = openD1(env.DB, null);
const APP_KEY = (env as unknown as { APP_KEY: string }).APP_KEY;
const info = { ...parseUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120"), ipAddress: "203.0.113.9", city: null, country: null };

async function signedIn() {
  const user = (await createUser(db, { email: `notif-${crypto.randomUUID()}@example.test`, passwordHash: null, emailVerified: true }))!;
  const session = await createSession(db, await appKeys(APP_KEY), new Request("http://localhost/"), { userId: user.id, remember: false, info });
  return { user, cookie: session.cookie.split(";")[0]! };
}

async function post(cookie: string, body: URLSearchParams) {
  const request = new Request("http://localhost/notifications/settings", {
    method: "POST",
    body,
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  return runRoute(request, (args) => {
    // The permission comes from the seeded roles, which this database does not have.
    (getApp(args.context).viewer.permissions as Map<string, never[]>).set("notifications.subscribe", []);
    return action(args as never);
  });
}

const selections = async (userId: number) => Object.fromEntries((await subscriptionSettings(db, userId, (k) => k)).user_selections.map((s) => [s.notif_id, s.channels]));

/** Decision 021: a bare POST turned every channel off, security alerts included. */
describe("notification settings form", () => {
  it("a bare POST changes nothing", async () => {
    const { user, cookie } = await signedIn();
    const before = await selections(user.id);
    const { value, thrown } = await post(cookie, new URLSearchParams());
    expect(thrown).toBeUndefined();
    expect((value as { init: { status: number } }).init.status).toBe(422);
    expect(await selections(user.id)).toEqual(before);
    expect(before["workspace.invitation"]).toEqual({ database: true, mail: true, browser: true });
  });

  it("the form's shown rows are saved (unticked = off), security alerts stay on in mail and in the app", async () => {
    const { user, cookie } = await signedIn();
    const body = new URLSearchParams([
      ["shown", "workspace.invitation"],
      ["shown", "account.new_device"],
      ["selection:workspace.invitation:database", "on"],
    ]);
    await post(cookie, body);
    const after = await selections(user.id);
    expect(after["workspace.invitation"]).toEqual({ database: true, mail: false, browser: false });
    expect(after["account.new_device"]).toEqual({ database: true, mail: true, browser: false });
    // A type the form did not show keeps its choice.
    expect(after["billing.payment_failed"]).toEqual({ database: true, mail: true, browser: true });
  });
});
