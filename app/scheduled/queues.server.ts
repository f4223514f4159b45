import { openD1 } from "~/db/client.server";
import { consumeImportBatch } from "~/imports/queue.server";
import { consumeMailBatch } from "~/mail/mail-queue.server";
import { consumeNotificationBatch } from "~/notifications/queue.server";
import { log } from "~/log/log.server";
import { consumeTmdbBatch } from "~/tmdb/jobs.server";

/**
 * The Worker's queue handler: each queue of wrangler.toml goes to its
 * domain's consumer. Queue names may carry an environment suffix in
 * production (media-catalogue-mail-staging), so they are matched by prefix.
 */
export async function consumeQueueBatch(batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext) {
  const { db } = openD1(env.DB, null);
  if (batch.queue.startsWith("media-catalogue-mail")) return consumeMailBatch(batch, env, db);
  if (batch.queue.startsWith("media-catalogue-notifications")) return consumeNotificationBatch(batch, env, db, ctx);
  if (batch.queue.startsWith("media-catalogue-tmdb")) return consumeTmdbBatch(batch, env, db);
  if (batch.queue.startsWith("media-catalogue-imports")) return consumeImportBatch(batch, env, db);
  log("error", "messages from an unknown queue left for retry", { queue: batch.queue, count: batch.messages.length });
  batch.retryAll({ delaySeconds: 300 });
}
