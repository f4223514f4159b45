import { siteOrigin } from "~/http/site-origin.server";
import type { Database } from "~/db/client.server";
import { errorFields, log } from "~/log/log.server";
import { backgroundServices, type NotificationEnv, type NotificationServices } from "./services.server";

/**
 * The notifications queue: work that fans out to many people or waits on
 * another domain's records, done outside any request.
 * - subscription-events: deliver billing's pending subscription events;
 * - broadcast: the next slice of an admin broadcast's recipients.
 * Without a queue binding the same job runs after the response (waitUntil).
 */
export type NotificationJob = { kind: "subscription-events"; baseUrl: string } | { kind: "broadcast"; broadcastId: number };

export async function enqueueNotificationJob(services: NotificationServices, job: NotificationJob) {
  if (services.queue) {
    await services.queue.send(job);
    return;
  }
  services.waitUntil(runNotificationJob(services, job).catch((error: unknown) => log("error", "notification job failed", { job: job.kind, ...errorFields(error) })));
}

export async function runNotificationJob(services: NotificationServices, job: NotificationJob): Promise<void> {
  // Imported here: both modules enqueue follow-up jobs through this one.
  if (job.kind === "subscription-events") {
    const { deliverSubscriptionEvents } = await import("./subscription-events.server");
    const result = await deliverSubscriptionEvents(services);
    if (result.more) await enqueueNotificationJob(services, job);
    return;
  }
  const { deliverBroadcastSlice } = await import("./broadcast.server");
  await deliverBroadcastSlice(services, job.broadcastId);
}

function isJob(body: unknown): body is NotificationJob {
  if (!body || typeof body !== "object") return false;
  const job = body as Record<string, unknown>;
  if (job.kind === "subscription-events") return typeof job.baseUrl === "string" && /^https?:\/\//.test(job.baseUrl);
  if (job.kind === "broadcast") return Number.isSafeInteger(job.broadcastId);
  return false;
}

/** Base URL of a job: subscription-event jobs carry it; broadcasts store it in their row. */
function baseUrlOf(job: NotificationJob, env: NotificationEnv) {
  // Never a guess (decision 021): without APP_URL a deployed Worker's mails with links are refused.
  return job.kind === "subscription-events" ? job.baseUrl : siteOrigin(env as NotificationEnv & { APP_ENV?: string }, new URL("http://localhost/"));
}

/** The queue consumer (workers/app.ts): each message acknowledged, or retried after 30 s when it failed. */
export async function consumeNotificationBatch(batch: MessageBatch<unknown>, env: NotificationEnv, db: Database, ctx: ExecutionContext) {
  for (const message of batch.messages) {
    if (!isJob(message.body)) {
      log("warn", "notifications queue: unreadable message dropped", { id: message.id });
      message.ack();
      continue;
    }
    const job = message.body;
    try {
      const services = await backgroundServices(env, db, baseUrlOf(job, env), (work) => ctx.waitUntil(work));
      await runNotificationJob(services, job);
      message.ack();
    } catch (error) {
      log("error", "notification job failed, will retry", { job: job.kind, attempts: message.attempts, ...errorFields(error) });
      message.retry({ delaySeconds: 30 });
    }
  }
}
