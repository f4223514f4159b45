import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { roles } from "~/auth/roles.tables";
import { userRoles, users } from "~/auth/users.tables";
import { BROADCAST_SLICE_SIZE } from "~/constants";
import type { Database } from "~/db/client.server";
import { sanitizeHtml } from "~/pages/sanitize-html.server";
import { notify } from "./deliver.server";
import type { BroadcastInput } from "./schema";
import { announcementMessage } from "./messages.server";
import { enqueueNotificationJob } from "./queue.server";
import { notificationBroadcasts } from "./tables";
import type { NotificationServices } from "./services.server";

/**
 * Admin broadcasts: one announcement to every user (or to the users of some
 * roles), delivered as the "site.announcement" notification type, so each
 * person's channel choices apply. The request only records it; the
 * notifications queue delivers it in slices of BROADCAST_SLICE_SIZE users,
 * each slice claimed by moving the broadcast's cursor first (a redelivered
 * queue message cannot send a slice twice).
 */

export async function createBroadcast(services: NotificationServices, createdBy: number, input: BroadcastInput) {
  const roleIds = input.roleIds && input.roleIds.length > 0 ? [...new Set(input.roleIds)] : null;
  const userIds = input.userIds && input.userIds.length > 0 ? [...new Set(input.userIds)].sort((a, b) => a - b) : null;
  const [row] = await services.db
    .insert(notificationBroadcasts)
    .values({
      createdBy,
      audience: { roleIds, userIds },
      title: input.title,
      body: sanitizeHtml(input.body),
      action: input.action ?? null,
      baseUrl: services.baseUrl,
    })
    .returning();
  await enqueueNotificationJob(services, { kind: "broadcast", broadcastId: row.id });
  return serializeBroadcast(row);
}

/** Delivers the next slice; queues the one after it, or marks the broadcast sent. */
export async function deliverBroadcastSlice(base: NotificationServices, broadcastId: number) {
  const [broadcast] = await base.db.select().from(notificationBroadcasts).where(eq(notificationBroadcasts.id, broadcastId)).limit(1);
  if (broadcast?.status !== "sending") return { delivered: 0 };
  const services = { ...base, baseUrl: broadcast.baseUrl };
  const { recipients, nextCursor, last } = await audienceSlice(services.db, broadcast.audience, broadcast.cursor);
  if (nextCursor === null) {
    await services.db.update(notificationBroadcasts).set({ status: "sent", finishedAt: new Date() }).where(eq(notificationBroadcasts.id, broadcastId));
    return { delivered: 0 };
  }
  const [claimed] = await services.db
    .update(notificationBroadcasts)
    .set({ cursor: nextCursor, recipients: sql`${notificationBroadcasts.recipients} + ${recipients.length}` })
    .where(and(eq(notificationBroadcasts.id, broadcastId), eq(notificationBroadcasts.cursor, broadcast.cursor)))
    .returning({ id: notificationBroadcasts.id });
  if (!claimed) return { delivered: 0 };
  try {
    if (recipients.length > 0) {
      await notify(services, recipients, announcementMessage({ title: broadcast.title, body: broadcast.body, action: broadcast.action }));
    }
  } catch (error) {
    await services.db
      .update(notificationBroadcasts)
      .set({ cursor: broadcast.cursor, recipients: broadcast.recipients })
      .where(and(eq(notificationBroadcasts.id, broadcastId), eq(notificationBroadcasts.cursor, nextCursor)));
    throw error;
  }
  if (last) {
    await services.db.update(notificationBroadcasts).set({ status: "sent", finishedAt: new Date() }).where(eq(notificationBroadcasts.id, broadcastId));
  } else {
    await enqueueNotificationJob(services, { kind: "broadcast", broadcastId });
  }
  return { delivered: recipients.length };
}

/**
 * The next slice of recipients after `cursor` (by user id): not banned,
 * optionally with one of the roles, optionally among the chosen users (taken
 * 80 at a time, under D1's 100-parameter limit). `nextCursor` null: nobody
 * is left; `last`: this is the final slice.
 */
async function audienceSlice(db: Database, audience: { roleIds: number[] | null; userIds?: number[] | null }, cursor: number) {
  const { roleIds } = audience;
  const remaining = audience.userIds?.filter((id) => id > cursor) ?? null;
  const chosen = remaining?.slice(0, 80) ?? null;
  if (chosen && chosen.length === 0) return { recipients: [], nextCursor: null, last: true };
  const withRole = roleIds
    ? sql`EXISTS (SELECT 1 FROM ${userRoles} ur WHERE ur.user_id = ${users.id} AND ur.role_id IN (${sql.join(
        roleIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`
    : undefined;
  const recipients = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(gt(users.id, cursor), isNull(users.bannedAt), chosen ? inArray(users.id, chosen) : undefined, withRole))
    .orderBy(asc(users.id))
    .limit(BROADCAST_SLICE_SIZE);
  if (chosen) return { recipients, nextCursor: chosen[chosen.length - 1], last: remaining!.length <= chosen.length };
  if (recipients.length === 0) return { recipients, nextCursor: null, last: true };
  return { recipients, nextCursor: recipients[recipients.length - 1].id, last: recipients.length < BROADCAST_SLICE_SIZE };
}

export function serializeBroadcast(row: typeof notificationBroadcasts.$inferSelect) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    action: row.action,
    role_ids: row.audience.roleIds,
    user_ids: row.audience.userIds ?? null,
    status: row.status,
    recipients: row.recipients,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export async function listBroadcasts(db: Database, limit = 50) {
  const rows = await db.select().from(notificationBroadcasts).orderBy(desc(notificationBroadcasts.id)).limit(limit);
  return rows.map(serializeBroadcast);
}

/** The roles an announcement can be limited to (not the guest role: guests have no account to notify). */
export function announcementRoles(db: Database) {
  return db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.guest, false)).orderBy(asc(roles.name));
}
