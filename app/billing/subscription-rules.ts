import type { PlanPermission, SubscriptionStatus } from "./tables";

/**
 * What a subscription's state means for the user. Pure: the server and tests
 * share these.
 */

/**
 * Orders statuses for out-of-order events: `incomplete` only ever comes
 * first (0); live states (1); ended states are terminal (2) and are never
 * revived by a late event.
 */
export function statusRank(status: SubscriptionStatus): 0 | 1 | 2 {
  if (status === "incomplete") return 0;
  if (status === "canceled" || status === "incomplete_expired") return 2;
  return 1;
}

export interface SubscriptionValidityInput {
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  trialEndsAt: Date | null;
  endedAt: Date | null;
}

/**
 * A subscription is valid (the user counts as subscribed) while it is
 * active, trialing, or cancelled but still inside the period already paid
 * for:
 * - active / trialing: valid, except a subscription set to cancel at period
 *   end whose period is over (the provider's "ended" event may be late);
 * - trialing with a trial end in the past and no paid period: over;
 * - canceled: valid only while its paid period has not ended yet and it was
 *   not ended at once;
 * - everything else (incomplete, past_due, unpaid, paused, expired): not valid.
 */
export function isSubscriptionValid(sub: SubscriptionValidityInput, now: Date = new Date()): boolean {
  const t = now.getTime();
  const periodOver = sub.currentPeriodEnd !== null && sub.currentPeriodEnd.getTime() <= t;
  switch (sub.status) {
    case "active":
      return !(sub.cancelAtPeriodEnd && periodOver);
    case "trialing":
      if (sub.cancelAtPeriodEnd && periodOver) return false;
      if (sub.trialEndsAt !== null && sub.trialEndsAt.getTime() <= t && (sub.currentPeriodEnd === null || periodOver)) return false;
      return true;
    case "canceled":
      if (sub.currentPeriodEnd === null || periodOver) return false;
      // Ended immediately (not at period end): access stops when it ended.
      if (sub.endedAt !== null && sub.endedAt.getTime() <= t) return false;
      return true;
    default:
      return false;
  }
}

/** A subscription in its paid period that will not renew. */
export function isOnGracePeriod(sub: SubscriptionValidityInput, now: Date = new Date()): boolean {
  if (!isSubscriptionValid(sub, now)) return false;
  return sub.cancelAtPeriodEnd || sub.status === "canceled";
}

export type PermissionMap = Map<string, { name: string; value: number }[]>;

/**
 * Adds a plan's permissions to the user's own. When both grant a permission
 * the more generous quotas win: a restriction missing on one side means no
 * limit there, so it is dropped; present on both, the higher value stays.
 */
export function mergePermissions(base: ReadonlyMap<string, ReadonlyArray<{ name: string; value: number }>>, granted: readonly PlanPermission[]): PermissionMap {
  const merged: PermissionMap = new Map([...base].map(([name, restrictions]) => [name, [...restrictions]]));
  for (const permission of granted) {
    const existing = merged.get(permission.name);
    if (!existing) {
      merged.set(
        permission.name,
        permission.restrictions.map((r) => ({ ...r })),
      );
      continue;
    }
    const combined: { name: string; value: number }[] = [];
    for (const restriction of existing) {
      const other = permission.restrictions.find((r) => r.name === restriction.name);
      if (other) combined.push({ name: restriction.name, value: Math.max(restriction.value, other.value) });
    }
    merged.set(permission.name, combined);
  }
  return merged;
}
