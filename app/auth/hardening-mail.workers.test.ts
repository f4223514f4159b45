import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { openD1 } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { mailDeliveries } from "~/mail/deliveries.tables";
import { APP_URL_MISSING_MESSAGE, appUrlMissing, siteOrigin, UNKNOWN_SITE_ORIGIN } from "~/http/site-origin.server";
import { action as forgotPasswordAction } from "~/routes/auth/forgot-password";
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

/** Decision 021: links in mails come from the configured APP_URL, not the Host header. */
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

  it("without APP_URL no mail carries a link built from the Host header: a deployed Worker records it as failed with a clear error, locally only loopback names count", async () => {
    for (const [extraEnv, label] of [
      [{ APP_URL: "", APP_ENV: "production" }, "deployed"],
      [{ APP_URL: "", APP_ENV: "local" }, "local"],
    ] as const) {
      const email = `nohost-${label}-${crypto.randomUUID()}@example.test`;
      await createUser(db, { email, passwordHash: await hashPassword("a long passphrase", 1000), emailVerified: true });
      const { thrown } = await post("http://evil.example/forgot-password", forgotPasswordAction, { email }, extraEnv);
      expect(thrown).toBeUndefined();
      const [mail] = await mailsTo(email);
      expect(mail?.text).not.toContain("evil.example");
      expect(mail?.html).not.toContain("evil.example");
      expect(mail).toMatchObject({ status: "failed", lastError: APP_URL_MISSING_MESSAGE, attempts: 0 });
    }
    expect(appUrlMissing({ APP_ENV: "production" })).toBe(true);
    expect(appUrlMissing({ APP_ENV: "production", APP_URL: "https://reelbase.example" })).toBe(false);
    expect(siteOrigin({ APP_ENV: "local" }, new URL("http://localhost:8787/x"))).toBe("http://localhost:8787");
    expect(siteOrigin({ APP_ENV: "local" }, new URL("http://evil.example/x"))).toBe(UNKNOWN_SITE_ORIGIN);
  });
});

// Decision 021 (enumeration through registration and forgot-password): app/auth/registration.workers.test.ts.
