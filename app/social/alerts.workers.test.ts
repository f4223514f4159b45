import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, db, makeServices } from "../../tests/support/notifications.workers";
import { titles } from "~/catalogue/tables";
import { reviews } from "~/community/tables";
import { setRating } from "~/library/ratings.server";
import { notifications, notificationSubscriptions } from "~/notifications/tables";
import { sendFollowedReviewAlerts } from "./alerts.server";
import { follow } from "./follows.server";
import { followReviewAlerts, socialJobCursors } from "./tables";

/**
 * The Cron job's "someone you follow reviewed a title you rated" on a test
 * clock: nothing before the review exists, one alert after, never twice
 * (re-runs, a reset cursor, overlapping runs), nobody who did not choose it.
 * Every member and title here is invented.
 */
const FILM = 962_001;
const T0 = new Date("2031-05-01T10:00:00Z");

async function alertsOf(userId: number) {
  return db.select({ data: notifications.data }).from(notifications).where(eq(notifications.userId, userId));
}

beforeAll(async () => {
  await db.insert(titles).values({ id: FILM, type: "movie", name: "Orchard of Clocks", slug: "orchard-of-clocks", year: 1984, popularity: 1 });
});

describe("followed review alerts", () => {
  it("sends one alert per member and review, only once, only to those who chose it, only when the clock reaches it", async () => {
    const services = makeServices();
    const fan = await createUser({ firstName: "Fan" });
    const quiet = await createUser({ firstName: "Quiet" }); // follows and rated, but never turned the alert on
    const critic = await createUser({ firstName: "Critic" });
    await follow(db, fan.id, critic.id);
    await follow(db, quiet.id, critic.id);
    await setRating(db, fan.id, { titleId: FILM, rating: 6 });
    await setRating(db, quiet.id, { titleId: FILM, rating: 7 });
    await db.insert(notificationSubscriptions).values({ userId: fan.id, notifId: "social.followed_review", channels: { database: true, mail: false, browser: false } });
    // Earlier reviews (of other tests or the seed) are not this test's business: start the cursor past them.
    const [{ maxId }] = await db.select({ maxId: sql<number>`coalesce(max(id), 0)` }).from(reviews);
    await db
      .insert(socialJobCursors)
      .values({ name: "followed_review", lastId: maxId })
      .onConflictDoUpdate({ target: socialJobCursors.name, set: { lastId: maxId } });

    const [review] = await db
      .insert(reviews)
      .values({ userId: critic.id, titleId: FILM, score: 8, headline: "Ticks along nicely", body: "Yes.", bodyHtml: "<p>Yes.</p>", createdAt: T0 })
      .returning({ id: reviews.id });

    // The clock before the review: nothing, and the review waits for a later run.
    expect((await sendFollowedReviewAlerts(services, new Date(T0.getTime() - 60_000))).sent).toBe(0);
    await services.settle();
    expect(await alertsOf(fan.id)).toEqual([]);

    // After it: one alert for the member who chose it.
    expect((await sendFollowedReviewAlerts(services, new Date(T0.getTime() + 60_000))).sent).toBe(1);
    await services.settle();
    const told = await alertsOf(fan.id);
    expect(told).toHaveLength(1);
    expect(JSON.stringify(told[0]!.data)).toContain("Orchard of Clocks");
    expect(JSON.stringify(told[0]!.data)).toContain(`/reviews/${review!.id}`);
    expect(await alertsOf(quiet.id)).toEqual([]);

    // Re-runs, a reset cursor and overlapping runs send nothing more.
    await sendFollowedReviewAlerts(services, new Date(T0.getTime() + 120_000));
    await db.update(socialJobCursors).set({ lastId: maxId }).where(eq(socialJobCursors.name, "followed_review"));
    await Promise.all([sendFollowedReviewAlerts(services, new Date(T0.getTime() + 180_000)), sendFollowedReviewAlerts(services, new Date(T0.getTime() + 180_000))]);
    await services.settle();
    expect(await alertsOf(fan.id)).toHaveLength(1);
    expect(await db.select().from(followReviewAlerts).where(eq(followReviewAlerts.reviewId, review!.id))).toHaveLength(1);
  });
});
