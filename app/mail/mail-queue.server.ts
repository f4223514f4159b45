import { and, count, desc, eq, inArray, lt } from "drizzle-orm";
import { MAIL_REQUEUE_AFTER_S, MAIL_RETRY_DELAYS_S } from "~/constants";
import type { Database } from "~/db/client.server";
import { APP_URL_MISSING_MESSAGE, UNKNOWN_SITE_ORIGIN } from "~/http/site-origin.server";
import { errorFields, log } from "~/log/log.server";
import { mailDeliveries, type MailDeliveryRow, type MailDeliveryStatus } from "./deliveries.tables";
import { MailSendError, mailerConfigured, mailTransportFor, type MailEnv, type MailMessage } from "./transports.server";

/**
 * Mail through a Cloudflare Queue, so no page waits on the mail provider:
 *
 * 1. `enqueue` renders nothing itself: it stores each rendered mail as a
 *    `mail_deliveries` row (status queued) and sends the queue only its id.
 * 2. The queue consumer (`consumeMailBatch`, called from workers/app.ts)
 *    sends it through the mailer and marks it sent; a failure is retried
 *    with growing delays (MAIL_RETRY_DELAYS_S, message.retry({delaySeconds}));
 *    after the last one, or at once when the provider refuses it for good,
 *    the row is marked failed with the provider's answer: recorded, not lost,
 *    and `resendFailedDelivery` can queue it again.
 * 3. The scheduled job queues again deliveries whose message never arrived.
 *
 * Without a queue binding (a deployment that has none) mail is sent after
 * the response through waitUntil, with the same bookkeeping.
 */

export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_S.length + 1;

export interface MailQueueMessage {
  kind: "mail";
  deliveryId: number;
  /** The sender address to use when MAIL_FROM is not set. */
  from?: string;
}

export interface QueuedMail {
  message: MailMessage;
  /** What asked for it (a notification type id, "workspace.invite", …). */
  source: string;
  userId?: number | null;
}

export type MailQueueEnv = MailEnv & { MAIL_QUEUE?: Queue; APP_URL?: string };

export interface MailQueue {
  /** Stores the mails and queues them; resolves once they are safely recorded. */
  enqueue(mails: QueuedMail[]): Promise<number[]>;
}

/** Rows per INSERT: 8 bound values each (drizzle binds column defaults too), under D1's 100-parameter limit. */
const INSERT_CHUNK = 10;

export function mailQueueFor(env: MailQueueEnv, db: Database, options: { from: string; waitUntil: (work: Promise<unknown>) => void }): MailQueue {
  return {
    async enqueue(mails) {
      if (mails.length === 0) return [];
      // A mail whose links could not be given the site's address is recorded as failed, never sent (decision 021).
      const ids = await recordDeliveries(db, mails);
      const unsendable = ids.filter((_, i) => carriesUnknownOrigin(mails[i]!.message));
      if (unsendable.length) {
        log("error", APP_URL_MISSING_MESSAGE, { deliveries: unsendable.length });
        await db.update(mailDeliveries).set({ status: "failed", lastError: APP_URL_MISSING_MESSAGE }).where(inArray(mailDeliveries.id, unsendable));
        if (unsendable.length === ids.length) return ids;
      }
      const sendable = ids.filter((id) => !unsendable.includes(id));
      const queue = env.MAIL_QUEUE;
      if (queue && typeof queue.sendBatch === "function") {
        for (let i = 0; i < sendable.length; i += 100) {
          await queue.sendBatch(sendable.slice(i, i + 100).map((deliveryId) => ({ body: { kind: "mail", deliveryId, from: options.from } satisfies MailQueueMessage })));
        }
      } else {
        options.waitUntil(deliverWithoutQueue(env, db, sendable, options.from));
      }
      return ids;
    },
  };
}

async function recordDeliveries(db: Database, mails: QueuedMail[]): Promise<number[]> {
  const statements = [];
  for (let i = 0; i < mails.length; i += INSERT_CHUNK) {
    statements.push(
      db
        .insert(mailDeliveries)
        .values(
          mails.slice(i, i + INSERT_CHUNK).map(({ message, source, userId }) => ({
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            source,
            userId: userId ?? null,
          })),
        )
        .returning({ id: mailDeliveries.id }),
    );
  }
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return results.flat().map((row) => row.id);
}

/** No queue: one attempt now, then the scheduled job retries what is still queued. */
async function deliverWithoutQueue(env: MailQueueEnv, db: Database, ids: number[], from: string) {
  for (const id of ids) {
    try {
      await attemptDelivery(env, db, id, from);
    } catch (error) {
      log("warn", "mail delivery attempt failed", { deliveryId: id, ...errorFields(error) });
    }
  }
}

export type AttemptOutcome = { status: "sent" | "skipped" } | { status: "retry"; delaySeconds: number; error: string } | { status: "failed"; error: string };

/**
 * One delivery attempt, with its bookkeeping: sent, to be retried after a
 * delay, or failed for good. A row already sent or failed is skipped (a
 * redelivered queue message sends nothing twice).
 */
export async function attemptDelivery(env: MailQueueEnv, db: Database, deliveryId: number, from: string): Promise<AttemptOutcome> {
  const [row] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.id, deliveryId)).limit(1);
  if (row?.status !== "queued") return { status: "skipped" };
  const attempts = row.attempts + 1;
  if (!mailerConfigured(env)) {
    return fail(db, row, attempts, "No mail provider is configured (MAIL_API_URL, MAIL_API_KEY).");
  }
  try {
    await mailTransportFor(env, db, from).send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof MailSendError && error.permanent;
    if (permanent || attempts >= MAIL_MAX_ATTEMPTS) return fail(db, row, attempts, message);
    await db
      .update(mailDeliveries)
      .set({ attempts, lastError: message.slice(0, 1000) })
      .where(eq(mailDeliveries.id, row.id));
    return { status: "retry", delaySeconds: MAIL_RETRY_DELAYS_S[attempts - 1], error: message };
  }
  await db
    .update(mailDeliveries)
    .set({ status: "sent", attempts, sentAt: new Date(), lastError: null })
    .where(and(eq(mailDeliveries.id, row.id), eq(mailDeliveries.status, "queued")));
  return { status: "sent" };
}

async function fail(db: Database, row: MailDeliveryRow, attempts: number, error: string): Promise<AttemptOutcome> {
  await db
    .update(mailDeliveries)
    .set({ status: "failed", attempts, lastError: error.slice(0, 1000), failedAt: new Date() })
    .where(eq(mailDeliveries.id, row.id));
  log("error", "mail delivery failed", { deliveryId: row.id, source: row.source, attempts, error: error.slice(0, 300) });
  return { status: "failed", error };
}

/** The queue consumer: every message is acknowledged or retried on its own. */
export async function consumeMailBatch(batch: MessageBatch<unknown>, env: MailQueueEnv, db: Database) {
  for (const message of batch.messages) {
    const body = message.body as Partial<MailQueueMessage> | null;
    if (body?.kind !== "mail" || !Number.isSafeInteger(body.deliveryId)) {
      log("warn", "mail queue: unreadable message dropped", { id: message.id });
      message.ack();
      continue;
    }
    try {
      const outcome = await attemptDelivery(env, db, body.deliveryId!, body.from ?? fallbackFrom(env));
      if (outcome.status === "retry") {
        log("warn", "mail delivery will be retried", { deliveryId: body.deliveryId, delaySeconds: outcome.delaySeconds, error: outcome.error.slice(0, 300) });
        message.retry({ delaySeconds: outcome.delaySeconds });
      } else {
        message.ack();
      }
    } catch (error) {
      // The database itself failed: let the queue try again shortly.
      log("error", "mail queue consumer failed", { deliveryId: body.deliveryId, ...errorFields(error) });
      message.retry({ delaySeconds: MAIL_RETRY_DELAYS_S[0] });
    }
  }
}

export function fallbackFrom(env: MailQueueEnv) {
  const host = env.APP_URL ? safeHost(env.APP_URL) : null;
  return `no-reply@${host ?? "localhost"}`;
}

function safeHost(url: string) {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/**
 * Scheduled job: deliveries still queued long after they were recorded lost
 * their queue message (or had no queue): queue them again.
 */
export async function requeueStaleDeliveries(env: MailQueueEnv, db: Database, now = new Date()) {
  const before = new Date(now.getTime() - MAIL_REQUEUE_AFTER_S * 1000);
  const rows = await db
    .select({ id: mailDeliveries.id })
    .from(mailDeliveries)
    .where(and(eq(mailDeliveries.status, "queued"), lt(mailDeliveries.createdAt, before)))
    .limit(500);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { requeued: 0 };
  const from = fallbackFrom(env);
  if (env.MAIL_QUEUE) {
    for (let i = 0; i < ids.length; i += 100) {
      await env.MAIL_QUEUE.sendBatch(ids.slice(i, i + 100).map((deliveryId) => ({ body: { kind: "mail", deliveryId, from } satisfies MailQueueMessage })));
    }
  } else {
    await deliverWithoutQueue(env, db, ids, from);
  }
  return { requeued: ids.length };
}

/** Queues a failed delivery again (for the admin area). */
export async function resendFailedDelivery(env: MailQueueEnv, db: Database, deliveryId: number) {
  const [row] = await db
    .update(mailDeliveries)
    .set({ status: "queued", attempts: 0, lastError: null, failedAt: null })
    .where(and(eq(mailDeliveries.id, deliveryId), eq(mailDeliveries.status, "failed")))
    .returning({ id: mailDeliveries.id });
  if (!row) return false;
  const from = fallbackFrom(env);
  if (env.MAIL_QUEUE) await env.MAIL_QUEUE.send({ kind: "mail", deliveryId, from } satisfies MailQueueMessage);
  else await deliverWithoutQueue(env, db, [deliveryId], from);
  return true;
}

/**
 * Deliveries for the admin area, newest first, optionally of one status;
 * `before` (an id) pages back. Bodies are left out: account mails carry
 * codes and reset links that an admin has no business reading.
 */
export async function listDeliveries(db: Database, { status, before, limit = 50 }: { status?: MailDeliveryStatus | null; before?: number | null; limit?: number } = {}) {
  const rows = await db
    .select({
      id: mailDeliveries.id,
      userId: mailDeliveries.userId,
      to: mailDeliveries.to,
      subject: mailDeliveries.subject,
      source: mailDeliveries.source,
      status: mailDeliveries.status,
      attempts: mailDeliveries.attempts,
      lastError: mailDeliveries.lastError,
      createdAt: mailDeliveries.createdAt,
      sentAt: mailDeliveries.sentAt,
      failedAt: mailDeliveries.failedAt,
    })
    .from(mailDeliveries)
    .where(and(status ? eq(mailDeliveries.status, status) : undefined, before ? lt(mailDeliveries.id, before) : undefined))
    .orderBy(desc(mailDeliveries.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** How many deliveries there are of each status (the admin filter's counts). */
export async function countDeliveriesByStatus(db: Database): Promise<Record<MailDeliveryStatus, number>> {
  const rows = await db.select({ status: mailDeliveries.status, total: count() }).from(mailDeliveries).groupBy(mailDeliveries.status);
  const counts: Record<MailDeliveryStatus, number> = { queued: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.total);
  return counts;
}

function carriesUnknownOrigin(message: { text: string; html: string }) {
  return message.text.includes(UNKNOWN_SITE_ORIGIN) || message.html.includes(UNKNOWN_SITE_ORIGIN);
}
