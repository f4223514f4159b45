import { and, desc, asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import type { Database } from "~/db/client.server";
import { isSubscriptionValid } from "./subscription-rules";
import { prices, products, subscriptions, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "./tables";

/**
 * Subscriptions as the admin area sees them: the list with status and
 * links, and "is subscribed" as SQL for user filters and counts.
 */

/**
 * The rule of isSubscriptionValid (subscription-rules.ts) in SQL, for one
 * subscriptions row aliased `s`: active or trialing (unless set to cancel
 * and past its period, or a trial that ran out without a paid period), or
 * cancelled while still inside the paid period. A unit test keeps the two
 * in agreement.
 */
export const VALID_SUBSCRIPTION_SQL = sql.raw(`(
  (s.status IN ('active', 'trialing')
    AND NOT (s.cancel_at_period_end = 1 AND s.current_period_end IS NOT NULL AND s.current_period_end <= unixepoch())
    AND NOT (s.status = 'trialing' AND s.trial_ends_at IS NOT NULL AND s.trial_ends_at <= unixepoch()
             AND (s.current_period_end IS NULL OR s.current_period_end <= unixepoch())))
  OR (s.status = 'canceled' AND s.current_period_end IS NOT NULL AND s.current_period_end > unixepoch()
      AND (s.ended_at IS NULL OR s.ended_at > unixepoch()))
)`);

/** "This user has a valid subscription", for a users query. */
export function hasValidSubscription(userId: SQLWrapper): SQL {
  return sql`EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = ${userId} AND ${VALID_SUBSCRIPTION_SQL})`;
}

export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

export const SUBSCRIPTION_SORTS = ["created_at", "current_period_end", "status"] as const;

/** A page of subscriptions with their user, plan and price, newest first by default. */
export async function listSubscriptionsForAdmin(
  db: Database,
  query: {
    q: string;
    status: SubscriptionStatus | null;
    productId: number | null;
    provider: "stripe" | "local" | null;
    sort: (typeof SUBSCRIPTION_SORTS)[number];
    dir: "asc" | "desc";
    offset: number;
    limit: number;
  },
  now = new Date(),
) {
  const where: SQL[] = [];
  if (query.status) where.push(eq(subscriptions.status, query.status));
  if (query.productId) where.push(eq(subscriptions.productId, query.productId));
  if (query.provider) where.push(eq(subscriptions.provider, query.provider));
  if (query.q) {
    const q = query.q.toLowerCase();
    where.push(
      /^\d{1,12}$/.test(q)
        ? sql`(${subscriptions.id} = ${Number(q)} OR ${subscriptions.userId} = ${Number(q)})`
        : sql`(${users.email} >= ${q} AND ${users.email} < ${`${q}\uffff`} OR ${subscriptions.providerSubscriptionId} = ${query.q})`,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const column = { created_at: subscriptions.id, current_period_end: subscriptions.currentPeriodEnd, status: subscriptions.status }[query.sort];
  const [rows, count] = await db.batch([
    db
      .select({
        id: subscriptions.id,
        userId: subscriptions.userId,
        email: users.email,
        planName: products.name,
        productId: subscriptions.productId,
        amount: prices.amount,
        currency: prices.currency,
        interval: prices.interval,
        intervalCount: prices.intervalCount,
        provider: subscriptions.provider,
        providerSubscriptionId: subscriptions.providerSubscriptionId,
        status: subscriptions.status,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        trialEndsAt: subscriptions.trialEndsAt,
        endedAt: subscriptions.endedAt,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .leftJoin(products, eq(products.id, subscriptions.productId))
      .leftJoin(prices, eq(prices.id, subscriptions.priceId))
      .where(condition)
      .orderBy(query.dir === "asc" ? asc(column) : desc(column), desc(subscriptions.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: sql<number>`count(*)` }).from(subscriptions).innerJoin(users, eq(users.id, subscriptions.userId)).where(condition),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, valid: isSubscriptionValid(row, now) })),
    total: Number(count[0]?.n ?? 0),
  };
}

/** Each user's subscriptions in short, for the users list and the user editor. */
export async function subscriptionsOfUsers(db: Database, userIds: number[], now = new Date()) {
  const out = new Map<number, { id: number; planName: string | null; status: SubscriptionStatus; valid: boolean; currentPeriodEnd: Date | null }[]>();
  for (let i = 0; i < userIds.length; i += 90) {
    const rows = await db
      .select({
        id: subscriptions.id,
        userId: subscriptions.userId,
        planName: products.name,
        status: subscriptions.status,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        trialEndsAt: subscriptions.trialEndsAt,
        endedAt: subscriptions.endedAt,
      })
      .from(subscriptions)
      .leftJoin(products, eq(products.id, subscriptions.productId))
      .where(inArray(subscriptions.userId, userIds.slice(i, i + 90)))
      .orderBy(desc(subscriptions.id));
    for (const row of rows) {
      const list = out.get(row.userId) ?? [];
      list.push({ id: row.id, planName: row.planName, status: row.status, valid: isSubscriptionValid(row, now), currentPeriodEnd: row.currentPeriodEnd });
      out.set(row.userId, list);
    }
  }
  return out;
}

/** Plans with how many subscriptions each has (valid ones and all), for the plans list. */
export async function planSubscriptionCounts(db: Database) {
  const rows = await db
    .select({
      productId: sql<number>`s.product_id`,
      total: sql<number>`count(*)`,
      valid: sql<number>`sum(CASE WHEN ${VALID_SUBSCRIPTION_SQL} THEN 1 ELSE 0 END)`,
    })
    .from(sql`subscriptions s`)
    .groupBy(sql`s.product_id`);
  return new Map(rows.map((r) => [Number(r.productId), { total: Number(r.total), valid: Number(r.valid ?? 0) }]));
}
