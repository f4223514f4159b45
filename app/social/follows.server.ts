import { DomainError } from "~/http/domain-error";
import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { FOLLOW_PAGE_SIZE } from "~/constants";
import type { Database } from "~/db/client.server";
import { libraryProfiles } from "~/library/tables";
import { follows, memberSocial, userBlocks, type ActivityVisibility, type FollowStatus } from "./tables";

/**
 * Follows, follow requests and blocks (decision 033). Every change is one
 * db.batch: the row and both members' stored counts, recounted from the
 * rows through an index, so the counts stay exact however many people
 * follow at once (D1 runs a batch as one serialised transaction).
 */

/** Both members' stored counts (followers, following, pending requests), recounted; creates the rows on first use. */
export function refreshSocialCounts(db: Database, userId: number) {
  return db
    .insert(memberSocial)
    .values({
      userId,
      followersCount: sql`(SELECT count(*) FROM follows WHERE followee_id = ${userId} AND status = 'active')`,
      followingCount: sql`(SELECT count(*) FROM follows WHERE follower_id = ${userId} AND status = 'active')`,
      requestsCount: sql`(SELECT count(*) FROM follows WHERE followee_id = ${userId} AND status = 'pending')`,
    })
    .onConflictDoUpdate({
      target: memberSocial.userId,
      set: { followersCount: sql`excluded.followers_count`, followingCount: sql`excluded.following_count`, requestsCount: sql`excluded.requests_count`, updatedAt: sql`unixepoch()` },
    });
}

export interface Relation {
  /** My follow of them: active, pending (a request), or none. */
  following: FollowStatus | null;
  /** Their follow of me. */
  followedBy: FollowStatus | null;
  /** I blocked them. */
  blocking: boolean;
  /** They blocked me (never shown to me: their pages are simply not found). */
  blockedBy: boolean;
}

export const NO_RELATION: Relation = { following: null, followedBy: null, blocking: false, blockedBy: false };

/** How a viewer stands with another member: one batch of primary-key lookups. */
export async function relationBetween(db: Database, viewerId: number | null, otherId: number): Promise<Relation> {
  if (viewerId === null || viewerId === otherId) return NO_RELATION;
  const [rows, blocks] = await db.batch([
    db
      .select({ followerId: follows.followerId, status: follows.status })
      .from(follows)
      .where(or(and(eq(follows.followerId, viewerId), eq(follows.followeeId, otherId)), and(eq(follows.followerId, otherId), eq(follows.followeeId, viewerId)))),
    db
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(or(and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, otherId)), and(eq(userBlocks.blockerId, otherId), eq(userBlocks.blockedId, viewerId)))),
  ]);
  return {
    following: rows.find((r) => r.followerId === viewerId)?.status ?? null,
    followedBy: rows.find((r) => r.followerId === otherId)?.status ?? null,
    blocking: blocks.some((b) => b.blockerId === viewerId),
    blockedBy: blocks.some((b) => b.blockerId === otherId),
  };
}

/** True when either member blocked the other (replies, votes and follows between them are refused). */
export async function isBlockedEitherWay(db: Database, a: number, b: number) {
  if (a === b) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
    .limit(1);
  return Boolean(row);
}

/** A member's privacy, activity setting and stored counts (defaults before their first follow). */
export async function loadSocialProfile(db: Database, userId: number) {
  const [rows, privacy] = await db.batch([
    db
      .select({
        followersCount: memberSocial.followersCount,
        followingCount: memberSocial.followingCount,
        requestsCount: memberSocial.requestsCount,
        activityVisibility: memberSocial.activityVisibility,
      })
      .from(memberSocial)
      .where(eq(memberSocial.userId, userId))
      .limit(1),
    db.select({ private: libraryProfiles.private }).from(libraryProfiles).where(eq(libraryProfiles.userId, userId)).limit(1),
  ]);
  return {
    followersCount: rows[0]?.followersCount ?? 0,
    followingCount: rows[0]?.followingCount ?? 0,
    requestsCount: rows[0]?.requestsCount ?? 0,
    activityVisibility: (rows[0]?.activityVisibility ?? "everyone") as ActivityVisibility,
    private: privacy[0]?.private ?? false,
  };
}

async function requireMember(db: Database, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.bannedAt)))
    .limit(1);
  if (!row) throw new DomainError(404, "This member does not exist.", { field: "user_id" });
}

export type FollowOutcome = { status: FollowStatus; created: boolean };

/**
 * Follows a member: at once for a public profile, as a request for a private
 * one. Refused: oneself (422), a member I blocked (422, unblock first), a
 * member who blocked me (404, as for a member who does not exist).
 */
export async function follow(db: Database, followerId: number, followeeId: number): Promise<FollowOutcome> {
  if (followerId === followeeId) throw new DomainError(422, "You cannot follow yourself.", { field: "user_id" });
  await requireMember(db, followeeId);
  const relation = await relationBetween(db, followerId, followeeId);
  if (relation.blockedBy) throw new DomainError(404, "This member does not exist.", { field: "user_id" });
  if (relation.blocking) throw new DomainError(422, "You blocked this member. Unblock them to follow them.", { field: "user_id" });
  const target = await loadSocialProfile(db, followeeId);
  const status: FollowStatus = target.private ? "pending" : "active";
  // The insert and the recounts in one transaction; the insert is a no-op when the row exists.
  const [inserted] = await db.batch([
    db.insert(follows).values({ followerId, followeeId, status }).onConflictDoNothing().returning({ status: follows.status }),
    refreshSocialCounts(db, followerId),
    refreshSocialCounts(db, followeeId),
  ]);
  const created = (inserted as { status: FollowStatus }[]).length > 0;
  return { status: created ? status : (relation.following ?? status), created };
}

async function followRow(db: Database, followerId: number, followeeId: number) {
  const [row] = await db
    .select({ status: follows.status })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return row ?? null;
}

/** Stops following, or withdraws a request. Nothing to undo is not an error. */
export async function unfollow(db: Database, followerId: number, followeeId: number) {
  if (followerId === followeeId) throw new DomainError(422, "You cannot follow yourself.", { field: "user_id" });
  // Nothing to undo writes nothing (not even the counts' rows).
  if (!(await followRow(db, followerId, followeeId))) return;
  await db.batch([db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId))), refreshSocialCounts(db, followerId), refreshSocialCounts(db, followeeId)]);
}

/** The owner of a private profile approves a request; a request that is not there is a 404. */
export async function acceptRequest(db: Database, ownerId: number, followerId: number) {
  // No pending request, or no such member: refreshing a missing member's counts would break the users foreign key (a 500).
  if ((await followRow(db, followerId, ownerId))?.status !== "pending") throw new DomainError(404, "This follow request is not there any more.", { field: "user_id" });
  const [changed] = await db.batch([
    db
      .update(follows)
      .set({ status: "active" })
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, ownerId), eq(follows.status, "pending")))
      .returning({ followerId: follows.followerId }),
    refreshSocialCounts(db, followerId),
    refreshSocialCounts(db, ownerId),
  ]);
  if ((changed as unknown[]).length === 0) throw new DomainError(404, "This follow request is not there any more.", { field: "user_id" });
}

/** Declines a request, or removes a follower (both: their row goes). */
export async function removeFollower(db: Database, ownerId: number, followerId: number) {
  if (!(await followRow(db, followerId, ownerId))) return;
  await db.batch([db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, ownerId))), refreshSocialCounts(db, followerId), refreshSocialCounts(db, ownerId)]);
}

/** Blocks a member: their follow of me and mine of them end in the same batch. */
export async function block(db: Database, blockerId: number, blockedId: number) {
  if (blockerId === blockedId) throw new DomainError(422, "You cannot block yourself.", { field: "user_id" });
  await requireMember(db, blockedId);
  await db.batch([
    db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing(),
    db.delete(follows).where(or(and(eq(follows.followerId, blockerId), eq(follows.followeeId, blockedId)), and(eq(follows.followerId, blockedId), eq(follows.followeeId, blockerId)))),
    refreshSocialCounts(db, blockerId),
    refreshSocialCounts(db, blockedId),
  ]);
}

export async function unblock(db: Database, blockerId: number, blockedId: number) {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function setActivityVisibility(db: Database, userId: number, visibility: ActivityVisibility) {
  await db
    .insert(memberSocial)
    .values({ userId, activityVisibility: visibility })
    .onConflictDoUpdate({ target: memberSocial.userId, set: { activityVisibility: visibility, updatedAt: sql`unixepoch()` } });
}

/** Whether a viewer may see a member's activity (their profile's recent acts, their feed items). */
export function maySeeActivity(visibility: ActivityVisibility, own: boolean, relation: Relation) {
  if (own) return true;
  if (relation.blockedBy || relation.blocking) return false;
  if (visibility === "everyone") return true;
  return visibility === "followers" && relation.following === "active";
}

export type FollowListKind = "followers" | "following" | "requests";

/**
 * One page of a member's followers, the members they follow, or their
 * pending requests, newest first (keyset on the follow's time, then id),
 * through follows_followee_idx / follows_follower_idx.
 */
export async function listFollows(db: Database, userId: number, kind: FollowListKind, before: { at: number; id: number } | null, limit = FOLLOW_PAGE_SIZE) {
  const mine = kind === "following" ? follows.followerId : follows.followeeId;
  const other = kind === "following" ? follows.followeeId : follows.followerId;
  const status = kind === "requests" ? "pending" : "active";
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      followedAt: sql<number>`${follows.createdAt}`.as("followed_at"),
    })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(mine, userId),
        eq(follows.status, status),
        isNull(users.bannedAt),
        before ? or(lt(follows.createdAt, new Date(before.at * 1000)), and(eq(follows.createdAt, new Date(before.at * 1000)), lt(other, before.id))) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { members: page.map(({ followedAt: _at, ...m }) => m), next: rows.length > limit && last ? { at: Number(last.followedAt), id: last.id } : null };
}

/** Which of these members the viewer follows (or asked to): one statement on the primary key. */
export async function myFollowStates(db: Database, viewerId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, FollowStatus>();
  const rows = await db
    .select({ id: follows.followeeId, status: follows.status })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, ids)));
  return new Map(rows.map((r) => [r.id, r.status]));
}
