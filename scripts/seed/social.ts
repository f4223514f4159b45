import { freeUsername } from "../../app/auth/usernames.server";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { DEMO_LOGIN } from "../../app/auth/demo-accounts";
import { users } from "../../app/auth/users.tables";
import { episodes, titles } from "../../app/catalogue/tables";
import { renderBody } from "../../app/community/body.server";
import { recountReviews } from "../../app/community/reviews.server";
import { reviews } from "../../app/community/tables";
import { refreshProfileCounts, refreshSeriesProgress, refreshTitleRating } from "../../app/counts/counts.server";
import { ratings, watchHistory } from "../../app/library/tables";
import { refreshSocialCounts } from "../../app/social/follows.server";
import { follows } from "../../app/social/tables";

/**
 * Demo members for the follows and the activity feed (decision 033): five
 * invented people, labelled "(demo)" in their names, with no password (no
 * one signs in as them). They follow each other and the demo user, the demo
 * user follows them, and over the past months they rated, logged and
 * reviewed the catalogue's invented series. Over the past year each also
 * logged films of the seeded catalogue (their diary, year in review and the
 * demo user's feed): dated viewings, a rating for most, a rewatch, and a few
 * short reviews. Each film is logged by one demo member at most, so no
 * film's site average is made of demo ratings (the card shows the site's
 * only from `ratings.site_min_votes` votes: decision 029). A review of a
 * real film is an opinion only, never a statement about the film, and says
 * it is a generated demo review (decision 020). Deterministic: the same
 * generator and days counted back from the seeding day. Runs once: nothing
 * is added when the first demo member exists.
 */
export const DEMO_MEMBERS = [
  { email: "nina@members.demo.reelbase.test", firstName: "Nina", lastName: "Halloway", displayName: "Nina Halloway (demo)" },
  { email: "tomas@members.demo.reelbase.test", firstName: "Tomas", lastName: "Verhoek", displayName: "Tomas Verhoek (demo)" },
  { email: "priya@members.demo.reelbase.test", firstName: "Priya", lastName: "Anand-Lowe", displayName: "Priya Anand-Lowe (demo)" },
  { email: "kofi@members.demo.reelbase.test", firstName: "Kofi", lastName: "Brandt", displayName: "Kofi Brandt (demo)" },
  { email: "lea@members.demo.reelbase.test", firstName: "Léa", lastName: "Marchetti", displayName: "Léa Marchetti (demo)" },
] as const;

const HEADLINES = ["A slow burn that pays off", "Uneven, but the last episodes land", "Cosy and clever", "Not for me", "Better on a second watch"];
const GENERATED_NOTE = "Generated demo review of an invented series, written for the demo site: not a real opinion.";
/** Films: opinions only (liked it or not, would watch again), nothing about what is in the film. */
const FILM_HEADLINES = ["Glad I finally saw it", "It grew on me", "Not my cup of tea", "Would watch again", "One for a rainy Sunday"];
const FILM_NOTE = "Generated demo review by a fictional demo member, written for the demo site: not a real person's opinion.";
/** Films each demo member logged over the past year. */
const FILMS_PER_MEMBER = 14;
/** The demo user's own diary takes the most popular films (scripts/seed/diary.ts); the members' start after them. */
const FILMS_SKIPPED = 24;

/** A small deterministic generator, so every seed makes the same demo history. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export async function seedSocial(db: Database, now = new Date()) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBERS[0].email)).limit(1);
  if (existing) return { members: 0, activities: 0 };
  const series = await db
    .select({ id: titles.id })
    .from(titles)
    .where(and(eq(titles.type, "series"), sql`${titles.generatedFields} LIKE '%"name"%'`))
    .orderBy(asc(titles.id))
    .limit(12);
  const [demoUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGIN.email)).limit(1);
  if (series.length === 0) return { members: 0, activities: 0 };

  const memberIds: number[] = [];
  for (const m of DEMO_MEMBERS) {
    // Members since before their first act (the films they logged over the past year).
    const since = new Date(now.getTime() - 370 * 86_400_000);
    // A username made from their name (decision 043).
    const username = await freeUsername(db, `${m.firstName} ${m.lastName}`);
    const [row] = await db
      .insert(users)
      .values({ email: m.email, firstName: m.firstName, lastName: m.lastName, displayName: m.displayName, username, emailVerifiedAt: now, createdAt: since })
      .returning({ id: users.id });
    memberIds.push(row!.id);
    await db.run(sql`INSERT OR IGNORE INTO user_roles (user_id, role_id) SELECT ${row!.id}, id FROM roles WHERE name = 'users'`);
  }

  // Everyone follows everyone; the demo user follows them all and is followed back.
  const pairs: { followerId: number; followeeId: number }[] = [];
  for (const a of memberIds) for (const b of memberIds) if (a !== b) pairs.push({ followerId: a, followeeId: b });
  if (demoUser) for (const m of memberIds) pairs.push({ followerId: demoUser.id, followeeId: m }, { followerId: m, followeeId: demoUser.id });
  for (let i = 0; i < pairs.length; i += 20)
    await db
      .insert(follows)
      .values(pairs.slice(i, i + 20))
      .onConflictDoNothing();

  // Acts over the past 120 days, built first, then written oldest first (so the feed's ids follow time).
  const random = sequence(28);
  type Act = { at: number; run: () => Promise<unknown> };
  const acts: Act[] = [];
  const day = 86_400_000;
  const seriesIds = series.map((s) => s.id);
  const episodeRows = await db
    .select({ id: episodes.id, titleId: episodes.titleId })
    .from(episodes)
    .where(inArray(episodes.titleId, seriesIds))
    .orderBy(asc(episodes.titleId), asc(episodes.seasonNumber), asc(episodes.episodeNumber));
  memberIds.forEach((userId, m) => {
    const picks = seriesIds.filter((_, i) => (i + m) % 3 !== 0).slice(0, 6);
    picks.forEach((titleId, p) => {
      const at = now.getTime() - Math.floor((120 - p * 18 - m * 2 - random() * 10) * day);
      const rating = 4 + Math.floor(random() * 7);
      const eps = episodeRows.filter((e) => e.titleId === titleId).slice(0, 2 + Math.floor(random() * 3));
      eps.forEach((e, k) => {
        const watchedAt = new Date(at - (eps.length - k) * 3600_000);
        acts.push({ at: watchedAt.getTime(), run: () => db.insert(watchHistory).values({ userId, titleId, episodeId: e.id, watchedOn: watchedAt.toISOString().slice(0, 10), createdAt: watchedAt }) });
      });
      acts.push({ at, run: () => db.insert(ratings).values({ userId, titleId, rating, createdAt: new Date(at), updatedAt: new Date(at) }) });
      if (p % 2 === m % 2) {
        const headline = HEADLINES[(m + p) % HEADLINES.length]!;
        const body = `${GENERATED_NOTE}\n\n${headline}.`;
        acts.push({
          at: at + 600_000,
          run: () => db.insert(reviews).values({ userId, titleId, score: rating, headline, body, bodyHtml: renderBody(body), createdAt: new Date(at + 600_000), updatedAt: new Date(at + 600_000) }),
        });
      }
    });
  });

  // Films over the past year: each member their own FILMS_PER_MEMBER films (no film logged by two of them).
  const today = now.toISOString().slice(0, 10);
  const films = await db
    .select({ id: titles.id })
    .from(titles)
    .where(and(eq(titles.type, "movie"), sql`${titles.runtime} IS NOT NULL`, sql`${titles.releaseDate} <= ${today}`))
    .orderBy(sql`${titles.popularity} DESC`, asc(titles.id))
    .limit(FILMS_PER_MEMBER * memberIds.length)
    .offset(FILMS_SKIPPED);
  const filmIds = films.map((f) => f.id);
  memberIds.forEach((userId, m) => {
    const mine = filmIds.filter((_, i) => i % memberIds.length === m);
    mine.forEach((titleId, k) => {
      // Spread over the past 360 days, newest last; a few hours into the evening.
      const daysAgo = Math.max(1, Math.floor(360 - (k + 0.5) * (350 / mine.length) + m * 2 + random() * 6));
      const at = now.getTime() - daysAgo * day - Math.floor(random() * 4) * 3600_000;
      const watchedOn = new Date(at).toISOString().slice(0, 10);
      acts.push({ at, run: () => db.insert(watchHistory).values({ userId, titleId, watchedOn, createdAt: new Date(at) }) });
      // Most are rated (one in five is not), three or so reviewed.
      const rated = (k + m) % 5 !== 4;
      const rating = 3 + Math.floor(random() * 8);
      if (rated) acts.push({ at: at + 60_000, run: () => db.insert(ratings).values({ userId, titleId, rating, createdAt: new Date(at + 60_000), updatedAt: new Date(at + 60_000) }) });
      if (rated && (k + m) % 5 === 1) {
        // The opinion follows the rating: a low one is "not for me", a high one "would watch again".
        const headline = rating <= 4 ? FILM_HEADLINES[2]! : rating >= 8 ? FILM_HEADLINES[k % 2 === 0 ? 3 : 0]! : FILM_HEADLINES[k % 2 === 0 ? 1 : 4]!;
        const body = `${FILM_NOTE}\n\n${headline}.`;
        acts.push({
          at: at + 900_000,
          run: () => db.insert(reviews).values({ userId, titleId, score: rating, headline, body, bodyHtml: renderBody(body), createdAt: new Date(at + 900_000), updatedAt: new Date(at + 900_000) }),
        });
      }
      // The member's favourite of the first half of the year, seen again a few weeks ago: a rewatch.
      if (k === 2) {
        const again = now.getTime() - (20 + m * 3) * day;
        acts.push({ at: again, run: () => db.insert(watchHistory).values({ userId, titleId, watchedOn: new Date(again).toISOString().slice(0, 10), rewatch: true, createdAt: new Date(again) }) });
      }
    });
  });

  acts.sort((a, b) => a.at - b.at);
  for (const act of acts) await act.run();

  // The stored counts the rows feed (titles' averages, profiles, progress, reviews, follows).
  for (const titleId of [...seriesIds, ...filmIds]) await db.batch([refreshTitleRating(db, titleId), recountReviews(db, titleId, 0)]);
  for (const userId of memberIds) {
    await db.batch([refreshProfileCounts(db, userId), refreshSocialCounts(db, userId), ...seriesIds.map((titleId) => refreshSeriesProgress(db, userId, titleId))]);
  }
  if (demoUser) await refreshSocialCounts(db, demoUser.id);
  return { members: memberIds.length, activities: acts.length };
}
