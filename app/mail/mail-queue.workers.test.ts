import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAIL_RETRY_DELAYS_S } from "~/constants";
import { createTranslate } from "~/i18n/translate";
import { db, deliveriesFor, outboxFor, uniqueEmail } from "../../tests/support/notifications.workers";
import { consumeQueueBatch } from "~/scheduled/queues.server";
import { mailDeliveries } from "./deliveries.tables";
import { countDeliveriesByStatus, listDeliveries, MAIL_MAX_ATTEMPTS, mailQueueFor, requeueStaleDeliveries, resendFailedDelivery, type MailQueueMessage } from "./mail-queue.server";
import { mailerFor, sendSafely } from "./mailer.server";
import { passwordResetMail } from "./templates";

/**
 * The mail queue inside workerd with real D1: deliveries are recorded before
 * they are queued, the consumer (through the Worker's queue handler) sends
 * them, retries provider failures with growing delays, and records a
 * delivery that never went out as failed. The mail provider is replaced at
 * its HTTP boundary (fetch), as in production it is Resend's HTTP API.
 */

const PROVIDER_URL = "https://mail-provider.test/emails";
const productionEnv = { ...env, APP_ENV: "production", MAIL_API_URL: PROVIDER_URL, MAIL_API_KEY: "test-key", MAIL_FROM: "Reelbase <no-reply@reelbase.test>" } as unknown as Env;

afterEach(() => vi.restoreAllMocks());

function message(to: string, subject = "Hello") {
  return { to, subject, text: `${subject} text`, html: `<p>${subject}</p>` };
}

/** A queue binding that keeps what it is given (the tests play the consumer themselves). */
const heldQueue = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;

/** Records a delivery without sending it. */
async function recordDelivery(to: string, subject = "Hello") {
  const queue = mailQueueFor({ APP_ENV: "production", MAIL_QUEUE: heldQueue }, db, { from: "x@reelbase.test", waitUntil: () => undefined });
  const [id] = await queue.enqueue([{ message: message(to, subject), source: "test" }]);
  return id;
}

async function consume(deliveryId: number, attempts = 1, workerEnv: Env = productionEnv) {
  const batch = createMessageBatch<MailQueueMessage>("media-catalogue-mail", [
    { id: `m-${deliveryId}-${attempts}`, timestamp: Date.now(), attempts, body: { kind: "mail", deliveryId, from: "x@reelbase.test" } },
  ]);
  // getQueueResult does not report retry delays: watch the message itself.
  const retry = vi.spyOn(batch.messages[0], "retry");
  const ctx = createExecutionContext();
  await consumeQueueBatch(batch, workerEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryDelays: retry.mock.calls.map(([options]) => options?.delaySeconds) };
}

async function delivery(id: number) {
  const [row] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.id, id));
  return row;
}

describe("the mail queue", () => {
  it("records a mail and sends it after the response when there is no queue (local outbox)", async () => {
    const to = uniqueEmail("inline");
    const pending: Promise<unknown>[] = [];
    const queue = mailQueueFor({ APP_ENV: "local" }, db, { from: "x@reelbase.test", waitUntil: (work) => pending.push(work) });
    const [id] = await queue.enqueue([{ message: message(to, "Inline"), source: "test", userId: null }]);
    expect((await delivery(id)).status).toBe("queued");
    await Promise.all(pending);
    expect(await delivery(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    const [mail] = await outboxFor(to);
    expect(mail).toMatchObject({ subject: "Inline", text: "Inline text" });
  });

  it("puts only the delivery id on the queue", async () => {
    const sent: unknown[] = [];
    const fakeQueue = { sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body)) } as unknown as Queue;
    const queue = mailQueueFor({ APP_ENV: "production", MAIL_QUEUE: fakeQueue }, db, { from: "Site <x@reelbase.test>", waitUntil: () => undefined });
    const ids = await queue.enqueue([
      { message: message(uniqueEmail("q1")), source: "test" },
      { message: message(uniqueEmail("q2")), source: "test" },
    ]);
    expect(sent).toEqual(ids.map((deliveryId) => ({ kind: "mail", deliveryId, from: "Site <x@reelbase.test>" })));
  });

  it("sends through the provider's HTTP API and acknowledges the message", async () => {
    const to = uniqueEmail("sent");
    const id = await recordDelivery(to, "Welcome");
    const provider = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      expect(String(input instanceof Request ? input.url : input)).toBe(PROVIDER_URL);
      const body = JSON.parse(String(init?.body));
      expect(body).toMatchObject({ to: [to], subject: "Welcome", from: "Reelbase <no-reply@reelbase.test>" });
      return Response.json({ id: "provider-1" });
    });
    const result = await consume(id);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(result.explicitAcks).toEqual([`m-${id}-1`]);
    expect(result.retryMessages).toEqual([]);
    expect(await delivery(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("retries a failing provider with growing delays, then records the delivery as failed (not lost)", async () => {
    const id = await recordDelivery(uniqueEmail("failing"));
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("upstream unavailable", { status: 503 }));
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      const result = await consume(id, attempt);
      expect(result.retryMessages.map((m) => m.msgId)).toEqual([`m-${id}-${attempt}`]);
      expect(result.retryDelays).toEqual([MAIL_RETRY_DELAYS_S[attempt - 1]]);
      expect(await delivery(id)).toMatchObject({ status: "queued", attempts: attempt });
    }
    const last = await consume(id, MAIL_MAX_ATTEMPTS);
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toEqual([`m-${id}-${MAIL_MAX_ATTEMPTS}`]);
    const row = await delivery(id);
    expect(row).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS });
    expect(row.lastError).toContain("503");
    expect(row.failedAt).not.toBeNull();
    expect(row.html).toBe("<p>Hello</p>");
  });

  it("stops at once when the provider refuses the mail for good (4xx)", async () => {
    const id = await recordDelivery(uniqueEmail("refused"));
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ message: "invalid recipient" }, { status: 422 }));
    const result = await consume(id);
    expect(result.retryMessages).toEqual([]);
    expect(await delivery(id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("retries rate limits (429) like outages", async () => {
    const id = await recordDelivery(uniqueEmail("limited"));
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("slow down", { status: 429 }));
    expect((await consume(id)).retryMessages).toHaveLength(1);
  });

  it("never sends a delivery twice when the queue delivers its message again", async () => {
    const id = await recordDelivery(uniqueEmail("twice"));
    const provider = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ id: "ok" }));
    await consume(id, 1);
    const again = await consume(id, 2);
    expect(provider).toHaveBeenCalledTimes(1);
    expect(again.explicitAcks).toHaveLength(1);
  });

  it("records a failure when production has no mail provider configured", async () => {
    const id = await recordDelivery(uniqueEmail("unconfigured"));
    const result = await consume(id, 1, { ...env, APP_ENV: "production" } as unknown as Env);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await delivery(id)).toMatchObject({ status: "failed" });
  });

  it("drops unreadable messages instead of retrying them forever", async () => {
    const batch = createMessageBatch("media-catalogue-mail", [{ id: "junk", timestamp: Date.now(), attempts: 1, body: { kind: "mail", deliveryId: "x" } }]);
    const ctx = createExecutionContext();
    await consumeQueueBatch(batch, productionEnv, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["junk"]);
  });

  it("a failed delivery can be queued again, and stale queued ones are picked up by the scheduled job", async () => {
    const to = uniqueEmail("resend");
    const id = await recordDelivery(to);
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ message: "bad" }, { status: 400 }));
    await consume(id);
    expect((await delivery(id)).status).toBe("failed");
    vi.restoreAllMocks();
    // Resent through the local outbox this time.
    expect(await resendFailedDelivery({ APP_ENV: "local" }, db, id)).toBe(true);
    expect(await delivery(id)).toMatchObject({ status: "sent" });
    expect(await resendFailedDelivery({ APP_ENV: "local" }, db, id)).toBe(false);

    const stale = await recordDelivery(uniqueEmail("stale"));
    await db.update(mailDeliveries).set({ createdAt: sql`unixepoch() - 3600` }).where(eq(mailDeliveries.id, stale));
    const result = await requeueStaleDeliveries({ APP_ENV: "local" }, db);
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    expect((await delivery(stale)).status).toBe("sent");
    expect((await deliveriesFor(to))[0].status).toBe("sent");
  });

  it("the mailer the account mails use queues them: recorded with their source, sent by the consumer", async () => {
    const to = uniqueEmail("account");
    const queued: unknown[] = [];
    const fakeQueue = { sendBatch: async (messages: { body: unknown }[]) => void queued.push(...messages.map((m) => m.body)) } as unknown as Queue;
    const provider = vi.spyOn(globalThis, "fetch");
    const mail = passwordResetMail({ t: createTranslate({}), siteName: "Reelbase", baseUrl: "https://reelbase.test" }, to, "https://reelbase.test/password/reset/x", 60);
    expect(await sendSafely(mailerFor({ APP_ENV: "production", MAIL_API_URL: PROVIDER_URL, MAIL_API_KEY: "k", MAIL_QUEUE: fakeQueue }, db, "x@reelbase.test"), mail)).toBe(true);
    // Nothing went to the provider while the "request" waited.
    expect(provider).not.toHaveBeenCalled();
    const [row] = await deliveriesFor(to);
    expect(row).toMatchObject({ status: "queued", source: "account.password-reset", subject: "Reset your Reelbase password", attempts: 0 });
    expect(queued).toEqual([{ kind: "mail", deliveryId: row.id, from: "x@reelbase.test" }]);
    provider.mockImplementation(async () => Response.json({ id: "ok" }));
    await consume(row.id);
    expect(await delivery(row.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("without a queue binding the mailer delivers before send resolves", async () => {
    const to = uniqueEmail("no-queue");
    await mailerFor({ APP_ENV: "local" }, db, "x@reelbase.test").send(message(to, "Direct"));
    expect((await deliveriesFor(to))[0]).toMatchObject({ status: "sent", source: "site" });
    expect(await outboxFor(to)).toHaveLength(1);
  });

  it("lists deliveries for the admin area by status, newest first, without their bodies, and pages back", async () => {
    const failed = [await recordDelivery(uniqueEmail("list-a")), await recordDelivery(uniqueEmail("list-b"))];
    await db.update(mailDeliveries).set({ status: "failed", lastError: "Mail API answered 500" }).where(sql`${mailDeliveries.id} in (${failed[0]}, ${failed[1]})`);
    const first = await listDeliveries(db, { status: "failed", limit: 1 });
    expect(first.rows.map((r) => r.id)).toEqual([failed[1]]);
    expect(first.hasMore).toBe(true);
    expect(first.rows[0]).not.toHaveProperty("html");
    expect(first.rows[0]).not.toHaveProperty("text");
    const next = await listDeliveries(db, { status: "failed", limit: 1, before: failed[1] });
    expect(next.rows.map((r) => r.id)).toEqual([failed[0]]);
    expect((await listDeliveries(db, { status: "sent", limit: 500 })).rows.every((r) => r.status === "sent")).toBe(true);
    const counts = await countDeliveriesByStatus(db);
    expect(counts.failed).toBeGreaterThanOrEqual(2);
  });
});
