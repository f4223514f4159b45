import { titleCardColumns } from "~/catalogue/card-columns";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { titles } from "~/catalogue/tables";
import { PROFILE_RECENT_ITEMS } from "~/constants";
import { batchReads } from "~/db/batch-reads.server";
import type { Database } from "~/db/client.server";
import { publicProfileQuery } from "~/profiles/public-profile.server";
import { libraryProfiles, ratings, watchHistory } from "./tables";

/** A member's privacy choice and stored counts (zeros before their first rating, viewing or watchlist title). */
export async function loadLibraryProfile(db: Database, userId: number) {
  return libraryProfileOf(await libraryProfileQuery(db, userId));
}

function libraryProfileQuery(db: Database, userId: number) {
  return db
    .select({
      private: libraryProfiles.private,
      ratingsCount: libraryProfiles.ratingsCount,
      watchlistCount: libraryProfiles.watchlistCount,
      watchedCount: libraryProfiles.watchedCount,
      keepLoggedOnWatchlist: libraryProfiles.keepLoggedOnWatchlist,
    })
    .from(libraryProfiles)
    .where(eq(libraryProfiles.userId, userId))
    .limit(1);
}

function libraryProfileOf(rows: Awaited<ReturnType<typeof libraryProfileQuery>>) {
  return rows[0] ?? { private: false, ratingsCount: 0, watchlistCount: 0, watchedCount: 0, keepLoggedOnWatchlist: false };
}

/**
 * A member's public profile (null for an unknown or banned member) with their
 * library's privacy and counts, in one round trip (decision 048): what every
 * profile, diary and year-in-review page reads first.
 */
export async function loadProfileWithLibrary(db: Database, userId: number) {
  const [[user], library] = await batchReads(db, [publicProfileQuery(db, userId), libraryProfileQuery(db, userId)]);
  return { user: user ?? null, library: libraryProfileOf(library) };
}

export async function setProfilePrivacy(db: Database, userId: number, isPrivate: boolean) {
  await db
    .insert(libraryProfiles)
    .values({ userId, private: isPrivate })
    .onConflictDoUpdate({ target: libraryProfiles.userId, set: { private: isPrivate, updatedAt: new Date() } });
}

/** What a public profile lists: the latest title ratings and viewings (one batch, the member's indexes). */
export async function loadProfileActivity(db: Database, userId: number, limit = PROFILE_RECENT_ITEMS) {
  const card = titleCardColumns;
  const [recentRatings, recentlyWatched] = await db.batch([
    db
      .select({ ...card, myRating: sql<number>`${ratings.rating}`.as("my_rating") })
      .from(ratings)
      .innerJoin(titles, eq(titles.id, ratings.titleId))
      .where(and(eq(ratings.userId, userId), isNull(ratings.episodeId)))
      .orderBy(desc(ratings.updatedAt))
      .limit(limit),
    db
      .select({ ...card, watchedOn: sql<string>`max(${watchHistory.watchedOn})`.as("watched_on_last") })
      .from(watchHistory)
      .innerJoin(titles, eq(titles.id, watchHistory.titleId))
      .where(eq(watchHistory.userId, userId))
      .groupBy(titles.id)
      .orderBy(desc(sql`watched_on_last`))
      .limit(limit),
  ]);
  return { recentRatings, recentlyWatched };
}
