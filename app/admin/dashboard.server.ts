import { memberColumns } from "~/auth/member-columns";
import { desc, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { VALID_SUBSCRIPTION_SQL } from "~/billing/subscription-admin.server";
import { people, titles, videoPlays } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";

/** Days the dashboard's charts cover (the last 30 days). */
export const DASHBOARD_DAYS = 30;

const DAY_S = 86_400;
/**
 * The day bucket as SQL text: a bound number reaches D1 as a REAL, and
 * `created_at / 86400.0` is a fraction that never equals a whole day (decision 021).
 */
const DAY_BUCKET = sql`cast(${users.createdAt} / ${sql.raw(String(DAY_S))} as integer)`;

/**
 * The admin dashboard in one round trip: counts, sign-ups and plays per day
 * over the last 30 days (today included) and the latest sign-ups. Each read
 * is an index scan: users by created_at, plays by day (video_plays keeps
 * one row per video, viewer and day for 30 days), the rest are counts.
 */
export async function loadDashboard(db: Database, now = new Date()) {
  const today = Math.floor(now.getTime() / 1000 / DAY_S);
  const firstDay = today - (DASHBOARD_DAYS - 1);
  const [titleCount, peopleCount, userCount, subscriptionCount, signups, plays, latest] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(titles),
    db.select({ n: sql<number>`count(*)` }).from(people),
    db.select({ n: sql<number>`count(*)` }).from(users),
    db.select({ n: sql<number>`count(*)` }).from(sql`subscriptions s`).where(VALID_SUBSCRIPTION_SQL),
    db
      .select({ day: sql<number>`${DAY_BUCKET}`.as("signup_day"), n: sql<number>`count(*)`.as("signups") })
      .from(users)
      .where(sql`${users.createdAt} >= ${firstDay * DAY_S}`)
      .groupBy(DAY_BUCKET),
    db
      .select({ day: videoPlays.day, n: sql<number>`count(*)`.as("plays") })
      .from(videoPlays)
      .where(sql`${videoPlays.day} >= ${firstDay}`)
      .groupBy(videoPlays.day),
    db
      .select({
        ...memberColumns,
        createdAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .orderBy(desc(users.id))
      .limit(8),
  ]);
  const series = (rows: { day: number; n: number }[]) => {
    const byDay = new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
    return Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const day = firstDay + i;
      return { date: new Date(day * DAY_S * 1000).toISOString().slice(0, 10), value: byDay.get(day) ?? 0 };
    });
  };
  return {
    counts: {
      titles: Number(titleCount[0]?.n ?? 0),
      people: Number(peopleCount[0]?.n ?? 0),
      users: Number(userCount[0]?.n ?? 0),
      activeSubscriptions: Number(subscriptionCount[0]?.n ?? 0),
    },
    signups: series(signups),
    plays: series(plays),
    latestUsers: latest,
  };
}
