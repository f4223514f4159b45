import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { titles, titleViews, videoPlays, videos } from "./tables";

/**
 * The catalogue's part of "Download my data" and of account deletion (see
 * app/account/): the days a signed-in user viewed title pages and played
 * videos (rows keyed "u:<id>", see views.server.ts).
 */
const userKey = (userId: number) => `u:${userId}`;
// Matches the partial indexes title_views_user_idx / video_plays_user_idx.
const signedInRows = (column: typeof titleViews.viewerKey | typeof videoPlays.viewerKey) => sql`${column} GLOB 'u:*'`;
const DAY_MS = 86_400_000;

export async function exportViewHistory(db: Database, userId: number) {
  const key = userKey(userId);
  const [views, plays] = await Promise.all([
    db
      .select({ title_id: titleViews.titleId, title: titles.name, day: titleViews.day })
      .from(titleViews)
      .innerJoin(titles, eq(titles.id, titleViews.titleId))
      .where(and(eq(titleViews.viewerKey, key), signedInRows(titleViews.viewerKey)))
      .orderBy(desc(titleViews.day)),
    db
      .select({ video_id: videoPlays.videoId, video: videos.name, title_id: videoPlays.titleId, day: videoPlays.day })
      .from(videoPlays)
      .innerJoin(videos, eq(videos.id, videoPlays.videoId))
      .where(and(eq(videoPlays.viewerKey, key), signedInRows(videoPlays.viewerKey)))
      .orderBy(desc(videoPlays.day)),
  ]);
  const date = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
  return {
    title_views: views.map(({ day, ...row }) => ({ ...row, date: date(day) })),
    video_plays: plays.map(({ day, ...row }) => ({ ...row, date: date(day) })),
  };
}

/**
 * Statements (for the deletion batch) that detach the user's view rows from
 * them: the rows keep counting for trending, under a random anonymous key
 * that nothing links back to the account.
 */
export function anonymiseViewHistory(db: Database, userId: number) {
  const key = userKey(userId);
  const anonymous = `a:${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  return [
    db
      .update(titleViews)
      .set({ viewerKey: anonymous })
      .where(and(eq(titleViews.viewerKey, key), signedInRows(titleViews.viewerKey))),
    db
      .update(videoPlays)
      .set({ viewerKey: anonymous })
      .where(and(eq(videoPlays.viewerKey, key), signedInRows(videoPlays.viewerKey))),
  ] as const;
}
