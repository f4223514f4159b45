import { eq } from "drizzle-orm";
import type { Viewer } from "~/request/viewer";
import { sessions } from "~/auth/sessions.tables";
import type { Database } from "~/db/client.server";
import { products, subscriptions, type PlanPermission } from "./tables";
import { isSubscriptionValid, mergePermissions } from "./subscription-rules";

/**
 * Whether a user is subscribed (at least one valid subscription) and which
 * permissions their plans grant while they are. The signed-in viewer is built
 * with this (app/auth/users.server.ts).
 */
export interface SubscriptionState {
  isSubscribed: boolean;
  /** Permissions of the plans of every valid subscription. */
  permissions: PlanPermission[];
  /** Every subscription the user has, flagged valid or not (bootstrap data). */
  subscriptions: { id: number; valid: boolean }[];
}

const stateColumns = {
  id: subscriptions.id,
  status: subscriptions.status,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  trialEndsAt: subscriptions.trialEndsAt,
  endedAt: subscriptions.endedAt,
  planPermissions: products.permissions,
};

export type SubscriptionStateRow = {
  id: number;
  status: (typeof subscriptions.$inferSelect)["status"];
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  trialEndsAt: Date | null;
  endedAt: Date | null;
  planPermissions: PlanPermission[] | null;
};

/**
 * The subscriptions of a session's user, as one statement that fits into the
 * batch that loads the signed-in user (no extra round trip per request).
 */
export function selectSubscriptionsOfSession(db: Database, sessionId: string) {
  return db
    .select(stateColumns)
    .from(sessions)
    .innerJoin(subscriptions, eq(subscriptions.userId, sessions.userId))
    .leftJoin(products, eq(products.id, subscriptions.productId))
    .where(eq(sessions.id, sessionId));
}

export function selectSubscriptionsOfUser(db: Database, userId: number) {
  return db.select(stateColumns).from(subscriptions).leftJoin(products, eq(products.id, subscriptions.productId)).where(eq(subscriptions.userId, userId));
}

export function subscriptionStateFromRows(rows: readonly SubscriptionStateRow[], now: Date = new Date()): SubscriptionState {
  const permissions: PlanPermission[] = [];
  const list: { id: number; valid: boolean }[] = [];
  for (const row of rows) {
    const valid = isSubscriptionValid(row, now);
    list.push({ id: row.id, valid });
    if (valid && row.planPermissions) permissions.push(...row.planPermissions);
  }
  return { isSubscribed: list.some((s) => s.valid), permissions, subscriptions: list };
}

/** Loads a user's subscription state in one query. */
export async function loadSubscriptionState(db: Database, userId: number, now: Date = new Date()): Promise<SubscriptionState> {
  return subscriptionStateFromRows(await selectSubscriptionsOfUser(db, userId), now);
}

/** The viewer with their plans' permissions merged in while they are subscribed. */
export function withSubscriptionState<V extends Viewer>(viewer: V, state: SubscriptionState): V {
  if (!state.isSubscribed) return { ...viewer, isSubscribed: false };
  return { ...viewer, isSubscribed: true, permissions: mergePermissions(viewer.permissions, state.permissions) };
}
