import type { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { loadLocalizations, type Localization } from "~/i18n/i18n.server";
import { createTranslate, type Translate } from "~/i18n/translate";
import { mailQueueFor, type MailQueue, type MailQueueEnv } from "~/mail/mail-queue.server";
import { getApp, getWorker, type AppContext, type WorkerContext } from "~/request/context";
import type { Settings } from "~/settings/definitions";
import { loadSettings } from "~/settings/settings.server";
import { siteOrigin } from "~/http/site-origin.server";

/**
 * What delivering notifications needs, from a request or from a queue
 * consumer (which has no request): the database, the site's settings and
 * languages (each recipient reads theirs), the site origin for links in
 * mails, the mail queue and the notifications queue.
 */
export interface NotificationServices {
  db: Database;
  settings: Settings;
  localizations: Localization[];
  /** https://example.com, without a trailing slash. */
  baseUrl: string;
  mail: MailQueue;
  /** The queue that delivers subscription events and broadcasts; null runs the work after the response instead. */
  queue: Queue | null;
  waitUntil: (work: Promise<unknown>) => void;
}

export type NotificationEnv = MailQueueEnv & { NOTIFICATIONS_QUEUE?: Queue };

export function notificationServices(context: Readonly<RouterContextProvider>, request: Request): NotificationServices {
  return notificationServicesFor(getApp(context), getWorker(context), request);
}

/** The same, from the request's app and worker context (for domains that carry those, like auth's services). */
export function notificationServicesFor(app: AppContext, worker: WorkerContext, request: Request): NotificationServices {
  const env = worker.env as unknown as NotificationEnv;
  return buildServices(env, {
    db: app.db,
    settings: app.settings,
    localizations: app.localizations,
    // Links in mails come from the configured address, never the Host header (decision 021).
    baseUrl: siteOrigin(env as NotificationEnv & { APP_ENV?: string }, request),
    waitUntil: (work) => worker.ctx.waitUntil(work.catch(() => undefined)),
  });
}

/** For queue consumers and scheduled jobs: settings and languages read from the database. */
export async function backgroundServices(env: NotificationEnv, db: Database, baseUrl: string, waitUntil: (work: Promise<unknown>) => void): Promise<NotificationServices> {
  const [settings, localizations] = await Promise.all([loadSettings(db), loadLocalizations(db)]);
  return buildServices(env, { db, settings, localizations, baseUrl, waitUntil });
}

function buildServices(env: NotificationEnv, base: Pick<NotificationServices, "db" | "settings" | "localizations" | "baseUrl" | "waitUntil">): NotificationServices {
  const host = safeHost(base.baseUrl) ?? "localhost";
  const from = `${base.settings["branding.site_name"]} <no-reply@${host}>`;
  const queue = env.NOTIFICATIONS_QUEUE && typeof env.NOTIFICATIONS_QUEUE.send === "function" ? env.NOTIFICATIONS_QUEUE : null;
  return { ...base, mail: mailQueueFor(env, base.db, { from, waitUntil: base.waitUntil }), queue };
}

function safeHost(url: string) {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** The translation function for a recipient's language (their own, else the site's default). */
export function translatorFor(services: Pick<NotificationServices, "localizations" | "settings">, language: string | null): Translate {
  const localization = services.localizations.find((l) => l.language === language) ?? services.localizations.find((l) => l.language === services.settings["i18n.default_localization"]);
  return createTranslate(localization?.lines ?? {}, localization?.language);
}
