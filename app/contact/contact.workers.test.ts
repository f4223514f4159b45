import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { D1RateLimiter } from "~/auth/rate-limit.server";
import { authServices } from "~/auth/services.server";
import { openD1 } from "~/db/client.server";
import { createTranslate } from "~/i18n/translate";
import { mailDeliveries } from "~/mail/deliveries.tables";
import { appContext, workerContext, type AppContext } from "~/request/context";
import { defaultSettings } from "~/settings/definitions";
import { contactMessages } from "./tables";
import { submitContactMessage } from "./contact.server";

/**
 * The contact form's server side on real D1: stored and mailed (handed to the mail queue),
 * honeypot, per-IP rate limit, and the human check (Cloudflare Turnstile)
 * answered at its HTTP boundary by a stand-in for siteverify.
 */
const { db } = openD1(env.DB, null);
const VERIFY_URL = "https://turnstile.test/siteverify";

function services(ip: string, { humanCheck = false }: { humanCheck?: boolean } = {}) {
  const settings = { ...defaultSettings(), "recaptcha.site_key": humanCheck ? "1x00000000000000000000AA" : "", "recaptcha.enable.contact": humanCheck };
  const app = {
    db,
    settings,
    localizations: [{ language: "en", name: "English", lines: {} }],
    language: "en",
    t: createTranslate({}),
    user: null,
  } as unknown as AppContext;
  const context = new RouterContextProvider();
  const workerEnv = {
    ...env,
    APP_ENV: "local",
    APP_URL: "http://reelbase.test",
    TURNSTILE_SECRET_KEY: humanCheck ? "1x0000000000000000000000000000000AA" : undefined,
    TURNSTILE_VERIFY_URL: VERIFY_URL,
  } as unknown as Env;
  context.set(workerContext, { env: workerEnv, ctx: { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext, requestId: crypto.randomUUID(), nonce: "n", isLocal: true });
  context.set(appContext, app);
  const request = new Request("http://reelbase.test/contact", { method: "POST", headers: { "CF-Connecting-IP": ip, "User-Agent": "vitest" } });
  return authServices(context, request);
}

const input = (message: string) => ({ name: "Ada", email: "ada@example.test", message });
let n = 0;
const ip = () => `192.0.2.${++n}`;

afterEach(() => vi.restoreAllMocks());

describe("contact messages", () => {
  it("are stored and mailed to the site's address", async () => {
    const marker = `stored-${Date.now()}`;
    expect(await submitContactMessage(await services(ip()), input(marker), null)).toEqual({ status: "sent" });
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.message, marker));
    expect(row).toMatchObject({ name: "Ada", email: "ada@example.test", userAgent: "vitest" });
    expect(row.mailedAt).not.toBeNull();
    const [mail] = await db.select().from(mailDeliveries).orderBy(desc(mailDeliveries.id)).limit(1);
    expect(mail.to).toBe("contact@reelbase.test");
    expect(mail.text).toContain(marker);
    expect(mail.html).not.toContain("<script");
  });

  it("escape what people typed in the mail", async () => {
    const marker = `<script>alert(1)</script> ${Date.now()}`;
    await submitContactMessage(await services(ip()), input(marker), null);
    const [mail] = await db.select().from(mailDeliveries).orderBy(desc(mailDeliveries.id)).limit(1);
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("with the honeypot filled answer success but keep and send nothing", async () => {
    const marker = `honeypot-${Date.now()}`;
    expect(await submitContactMessage(await services(ip()), { ...input(marker), website: "https://spam.example" }, null)).toEqual({ status: "sent" });
    expect(await db.select().from(contactMessages).where(eq(contactMessages.message, marker))).toEqual([]);
  });

  it("are limited to 5 a minute per address", async () => {
    const address = ip();
    // One fixed moment, so the five calls cannot straddle two rate-limit windows.
    const now = Date.now();
    const at = async (a: string) => ({ ...(await services(a)), limiter: new D1RateLimiter(db, () => now) });
    for (let i = 0; i < 5; i++) expect((await submitContactMessage(await at(address), input(`rate ${i}`), null)).status).toBe("sent");
    const limited = await submitContactMessage(await at(address), input("rate 6"), null);
    expect(limited.status).toBe("rate-limited");
    expect(limited.status === "rate-limited" && limited.retryAfter).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await submitContactMessage(await at(ip()), input("other address"), null)).status).toBe("sent");
  });

  it("need a passing human check when it is on for the contact form", async () => {
    const siteverify = vi.spyOn(globalThis, "fetch").mockImplementation(async (resource, init) => {
      const url = resource instanceof Request ? resource.url : String(resource);
      if (url !== VERIFY_URL) throw new Error(`unexpected fetch ${url}`);
      const form = init?.body as FormData;
      return Response.json({ success: form.get("response") === "good-token" && form.get("secret") === "1x0000000000000000000000000000000AA" });
    });
    const marker = `human-${Date.now()}`;
    expect(await submitContactMessage(await services(ip(), { humanCheck: true }), input(marker), "bad-token")).toEqual({ status: "human-check-failed" });
    expect(await submitContactMessage(await services(ip(), { humanCheck: true }), input(marker), null)).toEqual({ status: "human-check-failed" });
    expect(await db.select().from(contactMessages).where(eq(contactMessages.message, marker))).toEqual([]);
    expect(await submitContactMessage(await services(ip(), { humanCheck: true }), input(marker), "good-token")).toEqual({ status: "sent" });
    expect(siteverify).toHaveBeenCalledTimes(2);
    expect(await db.select().from(contactMessages).where(eq(contactMessages.message, marker))).toHaveLength(1);
  });
});
