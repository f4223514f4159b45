import type { Translate } from "~/i18n/translate";
import { formatMoney } from "./money";
import type { BillingInterval } from "./tables";

/**
 * Billing's dates and prices as pages show them. Dates are formatted on the
 * server, in the user's time zone (or the site's), so the HTML and the
 * hydrated page agree.
 */

export function billingTimeZone(userTimeZone: string | null | undefined, siteTimeZone: string): string {
  for (const zone of [userTimeZone, siteTimeZone]) {
    if (!zone || zone === "auto") continue;
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return zone;
    } catch {
      // not a zone this runtime knows
    }
  }
  return "UTC";
}

export function formatBillingDate(date: Date | null | undefined, language: string, timeZone: string): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(date);
  }
}

/** "$8 / month" with the amount divided by the interval count. */
export function priceLabel(t: Translate, price: { amount: number; currency: string; interval: BillingInterval; intervalCount: number }, language: string) {
  return t(":amount / :interval", {
    amount: formatMoney(price.amount / price.intervalCount, price.currency, language),
    interval: t(price.interval),
  });
}

const BILLED: Record<BillingInterval, string> = {
  day: ":amount every [one day|other :count days]",
  month: ":amount every [one month|other :count months]",
  year: ":amount every [one year|other :count years]",
};

/** "$96 every year", "$27 every 3 months": what is actually charged each period. */
export function billedLabel(t: Translate, price: { amount: number; currency: string; interval: BillingInterval; intervalCount: number }, language: string) {
  return t(BILLED[price.interval], { amount: formatMoney(price.amount, price.currency, language), count: price.intervalCount });
}
