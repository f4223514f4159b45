import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { openD1 } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { mailDeliveries } from "~/mail/deliveries.schema";
import { action as forgotPasswordAction } from "~/routes/auth/forgot-password";
import { action as registerAction } from "~/routes/auth/register";
import { action as apiRegisterAction } from "~/routes/api/auth/register";
import { users } from "./users.schema";
import { hashPassword } from "./password.server";
import { createUser } from "./users.server";

const { db } = openD1(env.DB, null);

async function post(url: string, action: (args: never) => unknown, fields: Record<string, string>, extraEnv: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  const result = await runRoute(request, (args) => action(args as never), {}, { ctx, env: { ...env, ...extraEnv } as Env });
  await waitOnExecutionContext(ctx);
  return result;
}

async function mailsTo(email: string) {
  return db.select().from(mailDeliveries).where(eq(mailDeliveries.to, email));
}

/** Issue 16, finding 8: links in mails come from the configured APP_URL, not the Host header. */
describe("links in mails", () => {
  it("a forgot-password request with Host: evil.example mails a link to the configured site", async () => {
    const email = `host-${crypto.randomUUID()}@example.test`;
    await createUser(db, { email, passwordHash: await hashPassword("a long passphrase", 1000), emailVerified: true });
    const { thrown } = await post("http://evil.example/forgot-password", forgotPasswordAction, { email }, { APP_URL: "https://reelbase.example" });
    expect(thrown).toBeUndefined();
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain("https://reelbase.example/password/reset/");
    expect(mail?.text).not.toContain("evil.example");
    expect(mail?.html).not.toContain("evil.example");
  });
});

/** Issue 16, finding 9: registration said "This email address is already registered." */
describe("registering an address that has an account", () => {
  const form = (email: string) => ({ email, password: "a long passphrase", password_confirmation: "a long passphrase", policy_terms: "on", policy_privacy: "on" });

  it("answers like a new address would (a redirect, no field error) and mails the owner", async () => {
    const email = `taken-${crypto.randomUUID()}@example.test`;
    const owner = (await createUser(db, { email, passwordHash: await hashPassword("the owner's own phrase", 1000), emailVerified: true }))!;
    const taken = await post("http://localhost/register", registerAction, form(email));
    const fresh = await post("http://localhost/register", registerAction, form(`fresh-${crypto.randomUUID()}@example.test`));
    // Both are redirects; neither names the address as registered.
    expect((taken.value as Response).status).toBe(302);
    expect((fresh.value as Response).status).toBe(302);
    expect(JSON.stringify(taken.value)).not.toContain("already registered");
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("tried to create")]);
    expect(mails[0]!.text).toContain("/forgot-password");
    // The owner's account is untouched.
    expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([{ id: owner.id }]);
  });

  it("the JSON registration gives no field error either", async () => {
    const email = `taken-api-${crypto.randomUUID()}@example.test`;
    await createUser(db, { email, passwordHash: null, emailVerified: true });
    const { value } = await post("http://localhost/auth/register", apiRegisterAction, form(email));
    const response = value as Response;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; errors?: unknown };
    expect(body.status).toBe("check_email");
    expect(body.errors).toBeUndefined();
  });

  it("forgot-password answers the same for both", async () => {
    const email = `reset-${crypto.randomUUID()}@example.test`;
    await createUser(db, { email, passwordHash: null, emailVerified: true });
    const known = await post("http://localhost/forgot-password", forgotPasswordAction, { email });
    const unknown = await post("http://localhost/forgot-password", forgotPasswordAction, { email: `none-${crypto.randomUUID()}@example.test` });
    expect(unknown.value).toEqual(known.value);
  });
});
