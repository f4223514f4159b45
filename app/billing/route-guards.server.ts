import { data, type RouterContextProvider } from "react-router";
import { getApp, getWorker } from "~/request/context";
import type { Notice } from "./account.server";
import { billingTimeZone, formatBillingDate } from "./dates.server";
import { paymentProviderFor, usesLocalProvider } from "./payment-provider.server";
import type { PaymentProvider } from "./provider";

type Context = Readonly<RouterContextProvider>;

/** Every billing route is a 404 while billing is turned off. */
export function requireBillingEnabled(context: Context) {
  if (!getApp(context).settings["billing.enable"]) throw data(null, { status: 404 });
}

/**
 * The configured payment provider. Without one (production without Stripe
 * keys) payments are unavailable: 503 with a message, never a test-mode
 * checkout on a live site.
 */
export function requirePaymentProvider(context: Context, request: Request): PaymentProvider {
  const app = getApp(context);
  const provider = paymentProviderFor(getWorker(context).env, app.db, new URL(request.url).origin);
  if (!provider) {
    throw data({ message: app.t("Payments are not available on this site right now.") }, { status: 503 });
  }
  return provider;
}

/** The local provider's own pages exist only when it is the provider in use. */
export function requireLocalProvider(context: Context) {
  requireBillingEnabled(context);
  if (!usesLocalProvider(getWorker(context).env)) throw data(null, { status: 404 });
}

/** A positive integer id from a path segment, else a 404. */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,11}$/.test(value)) throw data(null, { status: 404 });
  return Number(value);
}

/** Dates in the viewer's language and time zone. */
export function dateFormatter(context: Context) {
  const app = getApp(context);
  // The user's zone, or for "auto" the browser's (app.timeZone), else the site's.
  const zone = billingTimeZone(app.timeZone, app.settings["dates.default_timezone"]);
  return (date: Date | null | undefined) => formatBillingDate(date, app.language, zone);
}

/** A domain notice translated, with an ISO `date` parameter shown as a date. */
export function translateNotice(context: Context, notice: Notice): string {
  const app = getApp(context);
  const format = dateFormatter(context);
  const params: Record<string, string> = { ...notice.params };
  if (params.date) params.date = format(new Date(params.date)) ?? params.date;
  return app.t(notice.message, params);
}
