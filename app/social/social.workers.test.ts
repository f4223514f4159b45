import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { titles } from "~/catalogue/tables";
import { reviews } from "~/community/tables";
import { openD1 } from "~/db/client.server";
import { markWatched } from "~/library/history.server";
import { setRating } from "~/library/ratings.server";
import { setProfilePrivacy } from "~/library/profile.server";
import { decodeFeedCursor, encodeFeedCursor, feedQuerySchema } from "./feed";
import { loadFeed } from "./feed.server";
import { acceptRequest, block, follow, listFollows, loadSocialProfile, relationBetween, removeFollower, setActivityVisibility, unfollow } from "./follows.server";
import { friendsOnTitleFrom, friendsOnTitleQuery } from "./friends.server";
import { follows, memberSocial, userBlocks } from "./tables";

/**
 * Follows, requests, blocks, the feed and "people you follow" on real D1
 * inside workerd. Every member and title here is invented.
 */
const { db } = openD1(env.DB, null);
const BASE = 960_000;
const FILM = BASE + 1;
const OTHER_FILM = BASE + 2;

let counter = 0;
async function member(name = "Test") {
  counter += 1;
  const email = `social-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const row = await db.get<{ id: number }>(sql`INSERT INTO users (email, first_name) VALUES (${email}, ${name}) RETURNING id`);
  return row!.id;
}

async function followRows() {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(follows);
  return row!.n;
}

beforeAll(async () => {
  await db.insert(titles).values([
    { id: FILM, type: "movie", name: "The Lantern Keeper", slug: "the-lantern-keeper", year: 1987, popularity: 1 },
    { id: OTHER_FILM, type: "movie", name: "Paper Harbour", slug: "paper-harbour", year: 1992, popularity: 1 },
  ]);
});

describe("following", () => {
  it("keeps follower and following counts exact under many parallel follows and unfollows", async () => {
    const star = await member("Star");
    const fans = await Promise.all(Array.from({ length: 30 }, () => member()));
    await Promise.all(fans.map((fan) => follow(db, fan, star)));
    expect((await loadSocialProfile(db, star)).followersCount).toBe(30);
    // A third leave while the rest follow again (no-ops), all at once.
    await Promise.all(fans.map((fan, i) => (i < 10 ? unfollow(db, fan, star) : follow(db, fan, star))));
    const profile = await loadSocialProfile(db, star);
    expect(profile.followersCount).toBe(20);
    const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(follows).where(eq(follows.followeeId, star));
    expect(n).toBe(20);
    expect((await loadSocialProfile(db, fans[15]!)).followingCount).toBe(1);
    expect((await loadSocialProfile(db, fans[0]!)).followingCount).toBe(0);
    const page = await listFollows(db, star, "followers", null, 15);
    expect(page.members).toHaveLength(15);
    const rest = await listFollows(db, star, "followers", page.next, 15);
    expect(rest.members).toHaveLength(5);
    expect(new Set([...page.members, ...rest.members].map((m) => m.id)).size).toBe(20);
  });

  it("refuses following oneself and a member who blocked me or whom I blocked, changing no row", async () => {
    const a = await member();
    const b = await member();
    const before = await followRows();
    await expect(follow(db, a, a)).rejects.toMatchObject({ status: 422, field: "user_id" });
    await block(db, b, a);
    // Silent: the same answer as for a member who does not exist.
    await expect(follow(db, a, b)).rejects.toMatchObject({ status: 404, messageKey: "This member does not exist." });
    await expect(follow(db, a, BASE * 10)).rejects.toMatchObject({ status: 404, messageKey: "This member does not exist." });
    await expect(follow(db, b, a)).rejects.toMatchObject({ status: 422 });
    expect(await followRows()).toBe(before);
    expect((await loadSocialProfile(db, a)).followingCount).toBe(0);
  });

  it("a block ends both follows and their counts", async () => {
    const a = await member();
    const b = await member();
    await follow(db, a, b);
    await follow(db, b, a);
    await block(db, a, b);
    expect(await relationBetween(db, b, a)).toEqual({ following: null, followedBy: null, blocking: false, blockedBy: true });
    expect(await loadSocialProfile(db, a)).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect(
      await db
        .select()
        .from(userBlocks)
        .where(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b))),
    ).toHaveLength(1);
  });

  it("a private profile's follow is a request until its owner accepts it", async () => {
    const owner = await member();
    const asker = await member();
    const other = await member();
    await setProfilePrivacy(db, owner, true);
    expect(await follow(db, asker, owner)).toEqual({ status: "pending", created: true });
    await follow(db, other, owner);
    expect(await loadSocialProfile(db, owner)).toMatchObject({ followersCount: 0, requestsCount: 2 });
    expect((await listFollows(db, owner, "requests", null)).members.map((m) => m.id).sort()).toEqual([asker, other].sort());
    await acceptRequest(db, owner, asker);
    await removeFollower(db, owner, other); // declined
    expect(await loadSocialProfile(db, owner)).toMatchObject({ followersCount: 1, requestsCount: 0 });
    expect((await relationBetween(db, asker, owner)).following).toBe("active");
    await expect(acceptRequest(db, owner, other)).rejects.toMatchObject({ status: 404 });
    // A member id that does not exist is the same 404 (it was a foreign-key failure: a 500), and no count row appears for it.
    await expect(acceptRequest(db, owner, 999_999_999)).rejects.toMatchObject({ status: 404 });
    expect((await db.select().from(memberSocial).where(eq(memberSocial.userId, 999_999_999))).length).toBe(0);
  });
});

describe("the feed", () => {
  it("shows the rating, viewing and review of a member I follow, newest first, grouped and paged", async () => {
    const me = await member();
    const nina = await member("Nina");
    const stranger = await member("Stranger");
    await follow(db, me, nina);
    await setRating(db, nina, { titleId: FILM, rating: 9 });
    await setRating(db, nina, { titleId: OTHER_FILM, rating: 7 });
    await markWatched(db, nina, { titleId: FILM, watchedOn: "2026-11-20" });
    await setRating(db, stranger, { titleId: FILM, rating: 2 });
    const [review] = await db.insert(reviews).values({ userId: nina, titleId: FILM, score: 9, headline: "A lamp in the fog", body: "Fine.", bodyHtml: "<p>Fine.</p>" }).returning({ id: reviews.id });

    const feed = await loadFeed(db, me);
    expect(feed.items.map((i) => i.kind)).toEqual(["review", "watch", "rating"]);
    expect(feed.items[0]).toMatchObject({ person: { id: nina, name: "Nina" }, review: { id: review!.id, headline: "A lamp in the fog" } });
    expect(feed.items[1]!.titles[0]).toMatchObject({ id: FILM, watchedOn: "2026-11-20" });
    // Two ratings close together are one item: "Nina rated 2 films".
    expect(feed.items[2]!.titles.map((t) => [t.name, t.rating])).toEqual([
      ["Paper Harbour", 7],
      ["The Lantern Keeper", 9],
    ]);
    expect(feed.next).toBeNull();

    const first = await loadFeed(db, me, { limit: 2 });
    expect(first.next).not.toBeNull();
    const second = await loadFeed(db, me, { before: decodeFeedCursor(first.next!), limit: 2 });
    expect(second.items.map((i) => i.kind)).toEqual(["rating"]);

    // A held review is not shown; "only me" hides everything; unfollowing empties the feed.
    await db.update(reviews).set({ status: "held" }).where(eq(reviews.id, review!.id));
    expect((await loadFeed(db, me)).items.map((i) => i.kind)).toEqual(["watch", "rating"]);
    await setActivityVisibility(db, nina, "only_me");
    expect((await loadFeed(db, me)).items).toEqual([]);
    await setActivityVisibility(db, nina, "followers");
    expect((await loadFeed(db, me)).items).toHaveLength(2);
    await block(db, nina, me);
    expect((await loadFeed(db, me)).items).toEqual([]);
  });

  it("accepts only its own cursors: anything else is a field error", () => {
    expect(decodeFeedCursor(encodeFeedCursor(123))).toBe(123);
    for (const bad of ["x", "123", "Zm9v", "ZjEuMA", "ZjEuLTE", "%%%", "a".repeat(60), btoa("f1.99999999999999999")]) {
      const parsed = feedQuerySchema.safeParse({ cursor: bad });
      expect(parsed.success, bad).toBe(false);
    }
    expect(feedQuerySchema.parse({ cursor: "" }).cursor).toBeNull();
  });
});

describe("people you follow on a title page", () => {
  it("lists their ratings with the average, newest first, not strangers'", async () => {
    const me = await member();
    const a = await member("Ada");
    const b = await member("Bo");
    const stranger = await member();
    await follow(db, me, a);
    await follow(db, me, b);
    await setRating(db, a, { titleId: OTHER_FILM, rating: 8 });
    await setRating(db, b, { titleId: OTHER_FILM, rating: 5 });
    await setRating(db, stranger, { titleId: OTHER_FILM, rating: 1 });
    await db.insert(reviews).values({ userId: b, titleId: OTHER_FILM, score: 5, headline: "Soggy", body: "Meh.", bodyHtml: "<p>Meh.</p>" });
    const friends = friendsOnTitleFrom(await friendsOnTitleQuery(db, me, OTHER_FILM));
    expect(friends).toMatchObject({ average: 6.5, count: 2 });
    expect(friends!.people.map((p) => [p.name, p.rating]).sort()).toEqual([
      ["Ada", 8],
      ["Bo", 5],
    ]);
    expect(friendsOnTitleFrom(await friendsOnTitleQuery(db, stranger, OTHER_FILM))).toBeNull();
    expect(await db.select().from(memberSocial).where(eq(memberSocial.userId, stranger))).toEqual([]);
  });
});
