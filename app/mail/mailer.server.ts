import type { Database } from "~/db/client.server";
import { log } from "~/log/log.server";
import { mailQueueFor, type MailQueueEnv } from "./mail-queue.server";
import type { Mailer, MailMessage } from "./transports.server";

export { listOutbox, mailerConfigured, type Mailer, type MailMessage } from "./transports.server";

/**
 * The mailer every sender uses (account mails, contact messages, admin test
 * mails): `send` records the rendered mail as a delivery and hands it to the
 * mail queue, whose consumer sends it with retries and backoff and records a
 * failure (mail-queue.server.ts). So no page waits on the mail provider, and
 * admins see every mail at /admin/mail-deliveries.
 *
 * A deployment without a queue binding attempts the delivery before `send`
 * resolves (the scheduled job retries what is still queued).
 */
export function mailerFor(env: MailQueueEnv, db: Database, fallbackFrom: string): Mailer {
  return {
    async send(message) {
      const inline: Promise<unknown>[] = [];
      const queue = mailQueueFor(env, db, { from: fallbackFrom, waitUntil: (work) => inline.push(work) });
      await queue.enqueue([{ message, source: message.source ?? "site" }]);
      await Promise.all(inline);
    },
  };
}

/** Hands a mail over without letting a failure break the request that caused it. */
export async function sendSafely(mailer: Mailer, message: MailMessage) {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    log("error", "mail sending failed", { subject: message.subject, error: String(error) });
    return false;
  }
}
