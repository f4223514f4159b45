import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { runRoute } from "../../tests/workers/app-request";
import { openD1 } from "~/db/client.server";
import { mailDeliveries } from "~/mail/deliveries.tables";
import { checkThrottle, delayAfter, DEVICE_COOKIE, recordFailure, throttleState } from "./attempt-throttle.server";
import { appKeys } from "./crypto.server";
import { hashPassword } from "./password.server";
import { rateLimitBuckets } from "./rate-limits.tables";
import { securityLog } from "./security-log.tables";
import { authServices } from "./services.server";
import { completeTwoFactorChallenge, signInWithPassword, TWO_FACTOR_CHALLENGE_COOKIE } from "./sign-in.server";
import { confirmTwoFactor, enableTwoFactor, readTwoFactorSecret } from "./two-factor.server";
import { users } from "./users.tables";
import { createUser } from "./users.server";

const { db } = openD1(env.DB, null);
const PASSWORD = "correct horse battery";
const APP_KEY = (env as unknown as { APP_KEY: string }).APP_KEY;

async function newUser() {
  return (await createUser(db, { email: `throttle-${crypto.randomUUID()}@example.test`, passwordHash: await hashPassword(PASSWORD, 1000), emailVerified: true }))!;
}

/** The per-minute limiter's window passes (its buckets are dropped): only the new day-long back-off is left. */
async function aMinuteLater() {
  await db.delete(rateLimitBuckets);
}

async function attempt(email: string, password: string, { cookie = "", ip = "198.51.100.7" } = {}) {
  const request = new Request("http://localhost/login", { method: "POST", headers: { Cookie: cookie, "CF-Connecting-IP": ip } });
  const { value, thrown } = await runRoute(request, async (args) => signInWithPassword(await authServices(args.context, args.request), { email, password, remember: false }));
  if (thrown) throw thrown;
  return value!;
}

const cookieFrom = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${name}=`))!;

const events = async (userId: number, event: string) =>
  db
    .select()
    .from(securityLog)
    .where(and(eq(securityLog.userId, userId), eq(securityLog.event, event as never)));
const mailsTo = (email: string) => db.select().from(mailDeliveries).where(eq(mailDeliveries.to, email));

/** Decision 021: the per-account limit reset every minute (about 7,200 guesses a day). */
describe("failed sign-ins back off per account", () => {
  it("after 5 failures the next attempt waits, even a minute later and with the right password; the owner is told once", async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(user.email, `wrong guess ${i}`)).status).toBe("invalid");
      await aMinuteLater();
    }
    const sixth = await attempt(user.email, PASSWORD);
    expect(sixth).toMatchObject({ status: "rate-limited" });
    expect((sixth as { retryAfter: number }).retryAfter).toBeGreaterThan(20);
    expect(await events(user.id, "sign-in-throttled")).toHaveLength(1);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Failed sign-in attempts");
    expect(mails[0]!.text).toContain("5");
  });

  it("an address without an account backs off the same way (no enumeration)", async () => {
    const email = `nobody-${crypto.randomUUID()}@example.test`;
    for (let i = 0; i < 5; i++) {
      expect((await attempt(email, `guess ${i}`)).status).toBe("invalid");
      await aMinuteLater();
    }
    expect((await attempt(email, "guess 6")).status).toBe("rate-limited");
  });

  it("the owner's known browser signs in with the right password despite an attacker's failures elsewhere", async () => {
    const user = await newUser();
    const first = await attempt(user.email, PASSWORD, { ip: "192.0.2.10" });
    expect(first.status).toBe("signed-in");
    const device = cookieFrom((first as { headers: Headers }).headers, DEVICE_COOKIE);
    expect(device).toBeTruthy();
    for (let i = 0; i < 6; i++) {
      await attempt(user.email, `attacker ${i}`, { ip: `203.0.113.${i + 1}` });
      await aMinuteLater();
    }
    expect((await attempt(user.email, PASSWORD, { ip: "203.0.113.99" })).status).toBe("rate-limited");
    expect((await attempt(user.email, PASSWORD, { cookie: device, ip: "192.0.2.10" })).status).toBe("signed-in");
    // Another account's device cookie is no pass.
    const other = await newUser();
    for (let i = 0; i < 5; i++) {
      await attempt(other.email, `x${i}`);
      await aMinuteLater();
    }
    expect((await attempt(other.email, PASSWORD, { cookie: device })).status).toBe("rate-limited");
  });

  it("delays double after the 5th failure, capped; the 20th locks for the rest of the day", async () => {
    expect([4, 5, 6, 7, 8].map(delayAfter)).toEqual([0, 30, 60, 120, 240]);
    expect(delayAfter(19)).toBe(3600);
    const subject = `lock-${crypto.randomUUID()}@example.test`;
    const start = new Date("2030-01-01T00:00:00Z");
    let count = 0;
    for (let i = 0; i < 20; i++) count = await recordFailure(db, subject, "sign-in", new Date(start.getTime() + i * 1000));
    expect(count).toBe(20);
    const twoHoursOn = await checkThrottle(db, subject, "sign-in", new Date(start.getTime() + 2 * 3600_000));
    expect(twoHoursOn).toMatchObject({ ok: false, locked: true });
    expect((twoHoursOn as { retryAfter: number }).retryAfter).toBe(22 * 3600);
    expect(await checkThrottle(db, subject, "sign-in", new Date(start.getTime() + 24 * 3600_000))).toEqual({ ok: true });
    // A new day starts a new count.
    expect(await recordFailure(db, subject, "sign-in", new Date(start.getTime() + 25 * 3600_000))).toBe(1);
    expect(throttleState(null)).toEqual({ ok: true });
  });

  it("counts exactly under parallel failures", async () => {
    const subject = `parallel-${crypto.randomUUID()}@example.test`;
    const counts = await Promise.all(Array.from({ length: 25 }, () => recordFailure(db, subject, "sign-in")));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
});

/** Decision 021: 5 codes a minute, with a new challenge as often as the attacker likes. */
describe("two-factor codes back off per account", () => {
  it("wrong codes across fresh challenges back off after 5, and the owner is told", async () => {
    const user = await newUser();
    const keys = await appKeys(APP_KEY);
    await enableTwoFactor(db, keys, user.id);
    const [pending] = await db.select().from(users).where(eq(users.id, user.id));
    const secret = (await readTwoFactorSecret(keys, pending!))!;
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    expect(await confirmTwoFactor(db, keys, pending!, totp.generate())).toBeTruthy();

    const tryCode = async (code: string) => {
      const started = await attempt(user.email, PASSWORD);
      expect(started.status).toBe("two-factor");
      const challenge = cookieFrom((started as { headers: Headers }).headers, TWO_FACTOR_CHALLENGE_COOKIE);
      const request = new Request("http://localhost/login?two_factor=1", { method: "POST", headers: { Cookie: challenge } });
      const { value } = await runRoute(request, async (args) => completeTwoFactorChallenge(await authServices(args.context, args.request), { code }));
      await aMinuteLater();
      return value!;
    };
    const wrong = totp.generate() === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await tryCode(wrong)).status).toBe("wrong-code");
    expect((await tryCode(totp.generate())).status).toBe("rate-limited");
    expect(await events(user.id, "two-factor-throttled")).toHaveLength(1);
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([expect.stringContaining("Failed sign-in attempts")]);
  });
});
