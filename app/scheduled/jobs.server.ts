import { resumeStalledImports } from "~/imports/queue.server";
import { deleteExpiredAccessTokens } from "~/auth/access-tokens.server";
import { deleteExpiredFailures } from "~/auth/attempt-throttle.server";
import { deleteExpiredRateLimitBuckets } from "~/auth/rate-limit.server";
import { deleteExpiredSessions } from "~/auth/sessions.server";
import { deleteExpiredVerifications } from "~/auth/verification.server";
import { pruneBillingEvents } from "~/billing/apply-event.server";
import { advanceLocalSubscriptions } from "~/billing/local-provider.server";
import { usesLocalProvider } from "~/billing/payment-provider.server";
import { recalculateTrending } from "~/catalogue/trending.server";
import { indexQueuedNames } from "~/catalogue/search-index.server";
import { forgetHomeChannel } from "~/channels/channel-page.server";
import { refreshAutomaticChannels } from "~/channels/refresh.server";
import { BILLING_EVENT_RETENTION_DAYS } from "~/constants";
import { openD1 } from "~/db/client.server";
import { runTrackingAlerts } from "~/diary/alerts.server";
import { siteOrigin } from "~/http/site-origin.server";
import { pruneErrorLog } from "~/observability/error-log.server";
import { log } from "~/log/log.server";
import { runUploadMaintenance } from "~/uploads/cleanup.server";
import { sendFollowedReviewAlerts } from "~/social/alerts.server";
import { requeueStaleDeliveries } from "~/mail/mail-queue.server";
import { pruneNotifications } from "~/notifications/notifications.server";
import { enqueueNotificationJob } from "~/notifications/queue.server";
import { backgroundServices } from "~/notifications/services.server";
import { loadSettings } from "~/settings/settings.server";
import { resumeStalledJobs } from "~/tmdb/jobs.server";
import { refreshStaleTitles } from "~/tmdb/refresh.server";
import { tmdbServices } from "~/tmdb/tmdb.server";

/**
 * Periodic work run by the Cron Trigger in wrangler.toml. Each domain's job
 * is listed here; one failing job does not stop the others.
 */
export type ScheduledJob = { name: string; run: (env: Env) => Promise<void> };

const jobs: ScheduledJob[] = [
  {
    // Catalogue trending scores from the last week's views and plays (decision 005).
    name: "catalogue.trending",
    run: async (env) => {
      const result = await recalculateTrending(openD1(env.DB, null).db);
      log("info", "trending recalculated", { ...result });
    },
  },
  {
    // Forgiving search's typo index (decision 032): names queued by the triggers (a migrated
    // catalogue's whole vocabulary at first) are indexed; searches index the newest ones too.
    name: "catalogue.search_vocabulary",
    run: async (env) => {
      const indexed = await indexQueuedNames(openD1(env.DB, null).db, 20_000);
      if (indexed) log("info", "search vocabulary indexed", { names: indexed });
    },
  },
  {
    // Automatic channels store their rule's items afresh (decision 022). After trending in
    // the list, but the jobs run together: a trending channel uses the scores of the previous run.
    name: "channels.refresh",
    run: async (env) => {
      const result = await refreshAutomaticChannels(openD1(env.DB, null).db);
      // This isolate's kept home channel shows the new items at once (others within HOME_CHANNEL_TTL_MS).
      forgetHomeChannel();
      log("info", "channels refreshed", { ...result });
    },
  },
  {
    // Expired tus uploads, abandoned multipart/presigned uploads, finished but unclaimed objects,
    // and files in the trash longer than TRASH_RETENTION_DAYS (decision 008).
    name: "uploads.cleanup",
    run: async (env) => {
      const result = await runUploadMaintenance(openD1(env.DB, null).db, env.FILES);
      log("info", "uploads maintained", { ...result });
    },
  },
  {
    // Billing: renewals and period ends of the local test-mode provider (Stripe does its own),
    // and forgetting webhook event ids older than Stripe's retry window.
    name: "billing.maintenance",
    run: async (env) => {
      const { db } = openD1(env.DB, null);
      if (usesLocalProvider(env)) log("info", "local subscriptions advanced", { ...(await advanceLocalSubscriptions(db)) });
      await pruneBillingEvents(db, new Date(Date.now() - BILLING_EVENT_RETENTION_DAYS * 86_400_000));
    },
  },
  {
    // Notifications: mail deliveries whose queue message was lost are queued again,
    // subscription events missed by the routes' kick are delivered (needs APP_URL for mail links),
    // old read and browser-only notifications are removed.
    name: "notifications.maintenance",
    run: async (env) => {
      const { db } = openD1(env.DB, null);
      const mail = await requeueStaleDeliveries(env, db);
      await pruneNotifications(db);
      const appUrl = (env as { APP_URL?: string }).APP_URL;
      if (appUrl) {
        const after: Promise<unknown>[] = [];
        const services = await backgroundServices(env, db, appUrl.replace(/\/$/, ""), (work) => after.push(work));
        await enqueueNotificationJob(services, { kind: "subscription-events", baseUrl: services.baseUrl });
        await Promise.allSettled(after);
      }
      log("info", "notifications maintained", { ...mail });
    },
  },
  {
    // Accounts: expired sessions, and API tokens past their expiry (with their API sessions).
    name: "accounts.cleanup",
    run: async (env) => {
      const { db } = openD1(env.DB, null);
      const tokens = await deleteExpiredAccessTokens(db);
      await deleteExpiredSessions(db);
      // Failed-attempt counts whose day is over (decision 021).
      const failures = await deleteExpiredFailures(db);
      log("info", "expired sessions and tokens removed", { tokens, failures });
    },
  },
  {
    // Expired one-time codes and links, and finished rate-limit windows.
    name: "auth.verifications-and-rate-limits",
    run: async (env) => {
      const { db } = openD1(env.DB, null);
      await Promise.all([deleteExpiredVerifications(db), deleteExpiredRateLimitBuckets(db)]);
    },
  },
  {
    // TMDB (decision 019): re-import titles older than tmdb.refresh_days and airing series,
    // and hand stalled bulk import jobs to the queue again (resume after a restart).
    name: "tmdb.refresh",
    run: async (env) => {
      const { db } = openD1(env.DB, null);
      const resumed = await resumeStalledJobs(db, env);
      const settings = await loadSettings(db);
      const tmdb = tmdbServices(env, settings);
      if (!tmdb) return;
      const result = await refreshStaleTitles(db, tmdb.client, tmdb.options, settings);
      log(result.missing.length ? "warn" : "info", "tmdb titles refreshed", { ...result, resumed });
    },
  },
  {
    // Library imports (decision 027): a stalled import's next chunk is sent again (resume after a restart).
    name: "imports.resume",
    run: async (env) => {
      const resumed = await resumeStalledImports(openD1(env.DB, null).db, env);
      log("info", "imports resumed", { resumed });
    },
  },
  {
    // "Someone you follow reviewed a title you rated" (decision 033), each once; mail links need APP_URL.
    name: "social.followed-review-alerts",
    run: async (env) => {
      const { db } = openD1(env.DB, null);
      const after: Promise<unknown>[] = [];
      const appUrl = ((env as { APP_URL?: string }).APP_URL ?? "").replace(/\/$/, "");
      const result = await sendFollowedReviewAlerts(await backgroundServices(env, db, appUrl, (work) => after.push(work)));
      await Promise.allSettled(after);
      log("info", "followed review alerts sent", { ...result });
    },
  },
  {
    // Alerts for what members track (decision 034): new episodes and watchlist releases, each sent once.
    name: "diary.tracking-alerts",
    run: async (env) => {
      const { db } = openD1(env.DB, null);
      const after: Promise<unknown>[] = [];
      // Mail links need the site's address: APP_URL (siteOrigin logs when it is missing outside local runs).
      const baseUrl = siteOrigin(env as { APP_URL?: string; APP_ENV?: string }, new URL("http://localhost"));
      const services = await backgroundServices(env, db, baseUrl, (work) => after.push(work));
      const result = await runTrackingAlerts(services);
      await Promise.allSettled(after);
      log("info", "tracking alerts sent", { ...result });
    },
  },
  {
    // Error log rows past ERROR_LOG_RETENTION_DAYS.
    name: "observability.error-log-prune",
    run: async (env) => {
      await pruneErrorLog(openD1(env.DB, null).db);
      log("info", "error log pruned");
    },
  },
];

export async function runScheduledJobs(env: Env, cron: string) {
  const results = await Promise.allSettled(jobs.map((job) => job.run(env)));
  results.forEach((result, i) => {
    const name = jobs[i].name;
    if (result.status === "rejected") log("error", "scheduled job failed", { job: name, cron, error: String(result.reason) });
    else log("info", "scheduled job done", { job: name, cron });
  });
}
