import { addBillingInterval } from "./intervals";
import type { BillingInterval, InvoiceLine } from "./tables";

/**
 * Proration of a plan change, the way Stripe computes it with
 * proration_behavior "always_invoice" (used by the local provider; the
 * Stripe provider asks Stripe for the same preview):
 * - same billing period length: the period stays; the user is credited the
 *   unused time on the old price and charged the remaining time on the new one;
 * - different period (monthly to yearly): a new period starts now; the user
 *   is credited the unused time on the old price and charged the full new price.
 * A negative total becomes account credit used by the next invoices.
 */
export interface ProrationPrice {
  amount: number;
  currency: string;
  interval: BillingInterval;
  intervalCount: number;
  planName: string;
}

export interface ProrationInput {
  current: ProrationPrice;
  next: ProrationPrice;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  /** Account credit already available (minor units, >= 0). */
  creditBalance?: number;
}

export interface ProrationPreview {
  lines: InvoiceLine[];
  /** Sum of the lines (may be negative). */
  total: number;
  /** What is charged now, after account credit. */
  amountDue: number;
  /** Account credit left after this invoice. */
  creditBalanceAfter: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  resetsBillingCycle: boolean;
}

function samePeriod(a: ProrationPrice, b: ProrationPrice) {
  const months = (p: ProrationPrice) => (p.interval === "year" ? p.intervalCount * 12 : p.interval === "month" ? p.intervalCount : null);
  const ma = months(a);
  const mb = months(b);
  if (ma !== null && mb !== null) return ma === mb;
  return a.interval === b.interval && a.intervalCount === b.intervalCount;
}

function dateLabel(date: Date) {
  return date.toISOString().slice(0, 10);
}

export function computeProration(input: ProrationInput): ProrationPreview {
  const { current, next, periodStart, periodEnd, now } = input;
  const length = Math.max(1, periodEnd.getTime() - periodStart.getTime());
  const remaining = Math.min(length, Math.max(0, periodEnd.getTime() - now.getTime()));
  const fraction = remaining / length;
  const lines: InvoiceLine[] = [];
  const since = dateLabel(now);
  const credit = Math.round(current.amount * fraction);
  if (credit > 0) lines.push({ description: `Unused time on ${current.planName} after ${since}`, amount: -credit, proration: true });

  const resetsBillingCycle = !samePeriod(current, next);
  let newStart = periodStart;
  let newEnd = periodEnd;
  if (resetsBillingCycle) {
    newStart = now;
    newEnd = addBillingInterval(now, next.interval, next.intervalCount);
    lines.push({ description: `${next.planName} (${dateLabel(newStart)} to ${dateLabel(newEnd)})`, amount: next.amount, proration: false });
  } else {
    const charge = Math.round(next.amount * fraction);
    if (charge > 0) lines.push({ description: `Remaining time on ${next.planName} after ${since}`, amount: charge, proration: true });
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const available = Math.max(0, input.creditBalance ?? 0) + Math.max(0, -total);
  const due = Math.max(0, total);
  const used = Math.min(available, due);
  return {
    lines,
    total,
    amountDue: due - used,
    creditBalanceAfter: available - used,
    currency: next.currency,
    periodStart: newStart,
    periodEnd: newEnd,
    resetsBillingCycle,
  };
}
