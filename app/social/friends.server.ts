import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { TITLE_FRIENDS_SHOWN } from "~/constants";
import type { Database } from "~/db/client.server";
import { ratings } from "~/library/tables";
import { profilePath, publicName } from "~/profiles/public-profile";
import { follows, memberSocial } from "./tables";

/**
 * "People you follow" on a title page: the ratings of the members I follow
 * (whose activity is not "only me"), with the average and count of all of
 * them (their reviews lead the reviews section: followedReviewsQuery). A member's part
 * of the page, never a guest's (their copy is shared): a query builder so it
 * joins the title page's one batch (decision 028). Walks my follows
 * (follows_follower_idx), then one unique ratings lookup per member.
 */
export function friendsOnTitleQuery(db: Database, viewerId: number, titleId: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      rating: ratings.rating,
      average: sql<number>`avg(${ratings.rating}) OVER ()`.as("friends_average"),
      total: sql<number>`count(*) OVER ()`.as("friends_total"),
    })
    .from(follows)
    .innerJoin(ratings, and(eq(ratings.userId, follows.followeeId), eq(ratings.titleId, titleId), isNull(ratings.episodeId)))
    .innerJoin(users, eq(users.id, follows.followeeId))
    .leftJoin(memberSocial, eq(memberSocial.userId, follows.followeeId))
    .where(and(eq(follows.followerId, viewerId), eq(follows.status, "active"), isNull(users.bannedAt), sql`coalesce(${memberSocial.activityVisibility}, 'everyone') <> 'only_me'`))
    .orderBy(desc(ratings.updatedAt))
    .limit(TITLE_FRIENDS_SHOWN);
}

export type FriendsOnTitleRows = Awaited<ReturnType<typeof friendsOnTitleQuery>>;

export function friendsOnTitleFrom(rows: FriendsOnTitleRows) {
  if (rows.length === 0) return null;
  return {
    average: Math.round(Number(rows[0]!.average) * 10) / 10,
    count: Number(rows[0]!.total),
    people: rows.map((r) => ({
      id: r.userId,
      name: publicName({ id: r.userId, firstName: r.firstName, lastName: r.lastName, displayName: r.displayName, username: r.username }) ?? `#${r.userId}`,
      path: profilePath({ id: r.userId, firstName: r.firstName, lastName: r.lastName, displayName: r.displayName, username: r.username }),
      avatar: r.avatar,
      rating: r.rating,
    })),
  };
}
export type FriendsOnTitle = ReturnType<typeof friendsOnTitleFrom>;
