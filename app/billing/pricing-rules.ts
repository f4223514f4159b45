import { SAVE_UP_MAX_PERCENT } from "~/constants";
import { amountPerMonth, amountPerYear } from "./intervals";
import type { BillingInterval } from "./tables";

/**
 * The pricing page's rules: which price a billing cycle
 * shows, the displayed amount, and the "Save up to :percentage%" figure.
 * Pure functions, shared by the server and the browser.
 */

export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/** The pricing page and the landing page's pricing section open on yearly. */
export const DEFAULT_BILLING_CYCLE: BillingCycle = "yearly";

export interface PriceForRules {
  amount: number;
  currency: string;
  interval: BillingInterval;
  intervalCount: number;
}

export interface PlanForRules<P extends PriceForRules = PriceForRules> {
  hidden: boolean;
  prices: P[];
}

export function parseBillingCycle(value: string | null | undefined): BillingCycle {
  return value === "monthly" || value === "yearly" ? value : DEFAULT_BILLING_CYCLE;
}

/** A price that bills about monthly: every 30+ days, or every 1+ months. */
export function isMonthlyPrice(price: PriceForRules): boolean {
  return (price.interval === "day" && price.intervalCount >= 30) || (price.interval === "month" && price.intervalCount >= 1);
}

/** A price that bills about yearly: every 12+ months, or every 1+ years. */
export function isYearlyPrice(price: PriceForRules): boolean {
  return (price.interval === "month" && price.intervalCount >= 12) || (price.interval === "year" && price.intervalCount >= 1);
}

/**
 * The price a plan card shows for a billing cycle: the first price matching
 * the cycle, otherwise the plan's first price (undefined only without prices).
 */
export function selectPrice<P extends PriceForRules>(prices: readonly P[], cycle: BillingCycle): P | undefined {
  const matches = cycle === "monthly" ? isMonthlyPrice : isYearlyPrice;
  return prices.find(matches) ?? prices[0];
}

/** The amount a card displays: the price's amount divided by its interval count (minor units). */
export function displayedAmount(price: PriceForRules): number {
  return price.amount / price.intervalCount;
}

/**
 * How much the yearly price saves against twelve monthly payments, as a whole
 * percentage: (12 x monthly - yearly) / (12 x monthly), rounded. Null unless
 * the plan has both a monthly and a yearly price in the same currency, or when
 * the result is not above 0 or is above SAVE_UP_MAX_PERCENT.
 *
 * Each price is first brought to its per-month / per-year amount, so a
 * yearly price billed every 24 months or a monthly one billed every 3 months
 * compare fairly; for the usual prices (1 month, 30 days, 12 months, 1 year)
 * this is exactly the spec's formula on the raw amounts.
 */
export function savePercentage(prices: readonly PriceForRules[]): number | null {
  // A 12-month price also counts as "monthly" (every 1+ months): compare against a truly shorter one.
  const monthly = prices.find((price) => isMonthlyPrice(price) && !isYearlyPrice(price));
  const yearly = prices.find(isYearlyPrice);
  if (!monthly || !yearly) return null;
  if (monthly.currency.toLowerCase() !== yearly.currency.toLowerCase()) return null;
  const twelveMonths = 12 * amountPerMonth(monthly);
  const percentage = Math.round(((twelveMonths - amountPerYear(yearly)) / twelveMonths) * 100);
  if (!Number.isFinite(percentage) || percentage <= 0 || percentage > SAVE_UP_MAX_PERCENT) return null;
  return percentage;
}

/** The highest saving over the visible plans, for "Save up to :percentage%"; null hides the line. */
export function maxSavePercentage(plans: readonly PlanForRules[]): number | null {
  let best: number | null = null;
  for (const plan of plans) {
    if (plan.hidden) continue;
    const percentage = savePercentage(plan.prices);
    if (percentage !== null && (best === null || percentage > best)) best = percentage;
  }
  return best;
}
