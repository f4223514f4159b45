import type { RouterContextProvider } from "react-router";
import { requestInfo } from "~/auth/request-info.server";
import { humanCheckFor, type HumanCheck } from "~/auth/human-check.server";
import { rateLimiterFor, type RateLimiter } from "~/auth/rate-limit.server";
import type { AuthUser } from "~/request/auth-user";
import type { Viewer } from "~/request/viewer";
import type { Database } from "~/db/client.server";
import type { Translate } from "~/i18n/translate";
import { notificationServicesFor, type NotificationServices } from "~/notifications/services.server";
import { getApp, getWorker } from "~/request/context";
import type { Settings } from "~/settings/definitions";

/**
 * What the community functions need for one request (a page's action or an
 * api/v1 call): the database, the caller, their permissions, translations,
 * the site's settings, the anti-spam services and the notifier.
 */
export interface CommunityServices {
  db: Database;
  t: Translate;
  settings: Settings;
  user: AuthUser | null;
  viewer: Viewer;
  ip: string | null;
  limiter: RateLimiter;
  humanCheck: HumanCheck;
  humanCheckSecret: string | undefined;
  notifications: NotificationServices;
  now: () => Date;
}

export function communityServices(context: Readonly<RouterContextProvider>, request: Request): CommunityServices {
  const app = getApp(context);
  const worker = getWorker(context);
  const env = worker.env as unknown as { TURNSTILE_SECRET_KEY?: string; TURNSTILE_VERIFY_URL?: string };
  return {
    db: app.db,
    t: app.t,
    settings: app.settings,
    user: app.user,
    viewer: app.viewer,
    ip: requestInfo(request).ipAddress,
    limiter: rateLimiterFor(worker.env, app.db),
    humanCheck: humanCheckFor(env),
    humanCheckSecret: env.TURNSTILE_SECRET_KEY,
    notifications: notificationServicesFor(app, worker, request),
    now: () => new Date(),
  };
}
