import { desc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { log } from "~/log/log.server";
import { mailOutbox } from "./outbox.tables";

/**
 * How a mail actually leaves: the local outbox or a transactional-mail HTTP
 * API. Only the mail queue's consumer (mail-queue.server.ts) sends through
 * these; everything else hands mails to `mailerFor` (mailer.server.ts),
 * which queues them.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What asked for it ("account.password-reset", …), shown in the admin's mail deliveries. */
  source?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Local mode: mails are written to the mail_outbox table and read at /dev/mailbox. */
export class OutboxMailer implements Mailer {
  constructor(private db: Database) {}
  async send({ to, subject, text, html }: MailMessage) {
    await this.db.insert(mailOutbox).values({ to, subject, text, html });
  }
}

/**
 * Production: a transactional-mail HTTP API that takes JSON
 * `{ from, to: [..], subject, text, html }` with a bearer key, as Resend's
 * POST /emails does (Postmark, SendGrid and others need only a different
 * MAIL_API_URL and, at most, a different body). Configure with
 *   MAIL_API_URL   e.g. https://api.resend.com/emails
 *   MAIL_API_KEY   secret: `wrangler secret put MAIL_API_KEY`
 *   MAIL_FROM      e.g. "Reelbase <no-reply@example.com>"
 */
export class HttpMailer implements Mailer {
  constructor(private config: { url: string; apiKey: string; from: string }) {}
  async send(message: MailMessage) {
    const response = await fetch(this.config.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${this.config.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ from: this.config.from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 500);
      throw new MailSendError(response.status, `Mail API answered ${response.status}: ${detail}`);
    }
  }
}

/**
 * The provider refused or failed a mail. `permanent` when sending it again
 * cannot help (a 4xx other than timeouts and rate limits: a refused address,
 * a bad key); the mail queue then stops retrying.
 */
export class MailSendError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "MailSendError";
  }
  get permanent() {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/** Production without a mail provider: nothing can be delivered, and the logs say so. */
class UnconfiguredMailer implements Mailer {
  async send(message: MailMessage) {
    log("error", "mail not sent: MAIL_API_URL / MAIL_API_KEY are not configured", { subject: message.subject });
  }
}

export type MailEnv = { APP_ENV?: string; MAIL_API_URL?: string; MAIL_API_KEY?: string; MAIL_FROM?: string };

/** Can mail be delivered at all (the local outbox, or a configured provider)? */
export function mailerConfigured(env: MailEnv) {
  return env.APP_ENV === "local" || Boolean(env.MAIL_API_URL && env.MAIL_API_KEY);
}

/** The transport that really sends: for the queue consumer only. */
export function mailTransportFor(env: MailEnv, db: Database, fallbackFrom: string): Mailer {
  if (env.APP_ENV === "local") return new OutboxMailer(db);
  if (env.MAIL_API_URL && env.MAIL_API_KEY) {
    return new HttpMailer({ url: env.MAIL_API_URL, apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM || fallbackFrom });
  }
  return new UnconfiguredMailer();
}

export function listOutbox(db: Database, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
}
