import type { BillingInterval } from "./tables";

/**
 * Billing period arithmetic, as Stripe does it: months and years keep the
 * anchor's day of the month and clamp to the last day of shorter months
 * (Jan 31 + 1 month = Feb 28/29), in UTC.
 */
export function addBillingInterval(from: Date, interval: BillingInterval, count: number): Date {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("interval count must be a positive integer");
  if (interval === "day") return new Date(from.getTime() + count * 86_400_000);
  const months = interval === "month" ? count : count * 12;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
}

/** Approximate length in days, for ordering prices from the shortest period to the longest. */
export function approximatePeriodDays(price: { interval: BillingInterval; intervalCount: number }): number {
  const unit = price.interval === "day" ? 1 : price.interval === "month" ? 30.44 : 365.25;
  return unit * price.intervalCount;
}

/** The price's amount per month, for comparing prices with different periods. */
export function amountPerMonth(price: { amount: number; interval: BillingInterval; intervalCount: number }): number {
  if (price.interval === "day") return (price.amount * 30) / price.intervalCount;
  if (price.interval === "month") return price.amount / price.intervalCount;
  return price.amount / (12 * price.intervalCount);
}

/** The price's amount per year. */
export function amountPerYear(price: { amount: number; interval: BillingInterval; intervalCount: number }): number {
  if (price.interval === "day") return (price.amount * 360) / price.intervalCount;
  if (price.interval === "month") return (price.amount * 12) / price.intervalCount;
  return price.amount / price.intervalCount;
}
