import type { RouterContextProvider } from "react-router";
import { createTranslate } from "~/i18n/translate";
import { mailerFor, sendSafely, type MailMessage } from "~/mail/mailer.server";
import { siteOrigin } from "~/http/site-origin.server";
import { getApp, getWorker, type AppContext, type WorkerContext } from "~/request/context";
import { appKeys, type AppKeys } from "./crypto.server";
import { authEnv, type AuthEnv } from "../request/env";
import { humanCheckFor, type HumanCheck } from "./human-check.server";
import { rateLimiterFor, type RateLimiter } from "./rate-limit.server";
import { requestInfo, type RequestInfo } from "./request-info.server";

/**
 * What the account flows need for one request, built from the request
 * context: the app services, keys derived from APP_KEY, the mailer, the rate
 * limiter, the human check and where the request comes from.
 */
export interface AuthServices {
  app: AppContext;
  worker: WorkerContext;
  env: AuthEnv;
  request: Request;
  keys: AppKeys;
  limiter: RateLimiter;
  humanCheck: HumanCheck;
  info: RequestInfo;
  baseUrl: string;
  /** Sends a mail rendered in `language` (the recipient's), falling back to the site default. */
  mail(language: string | null, render: (ctx: { t: ReturnType<typeof createTranslate>; siteName: string; baseUrl: string }) => MailMessage): Promise<boolean>;
}

export async function authServices(context: Readonly<RouterContextProvider>, request: Request): Promise<AuthServices> {
  const app = getApp(context);
  const worker = getWorker(context);
  const env = authEnv(worker.env);
  // Links in mails come from the configured address, never the Host header (decision 021).
  const baseUrl = siteOrigin(worker.env as { APP_URL?: string; APP_ENV?: string }, request);
  const siteName = app.settings["branding.site_name"];
  const mailer = mailerFor(env, app.db, `${siteName} <no-reply@${new URL(baseUrl).hostname}>`);
  return {
    app,
    worker,
    env,
    request,
    keys: await appKeys(env.APP_KEY),
    limiter: rateLimiterFor(worker.env, app.db),
    humanCheck: humanCheckFor(env),
    info: requestInfo(request),
    baseUrl,
    mail(language, render) {
      const localization = app.localizations.find((l) => l.language === language) ?? app.localizations.find((l) => l.language === app.settings["i18n.default_localization"]);
      return sendSafely(mailer, render({ t: createTranslate(localization?.lines ?? {}, localization?.language), siteName, baseUrl }));
    },
  };
}
