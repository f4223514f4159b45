import type { Translate } from "~/i18n/translate";
import { formatMoney } from "./money";
import type { BillingInterval } from "./tables";

// Billing's prices as pages show them; its dates are formatted on the server only (dates.server.ts).

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
