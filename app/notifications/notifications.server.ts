import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { BROWSER_NOTIFICATION_MAX_AGE_S, BROWSER_ONLY_NOTIFICATION_RETENTION_S, NOTIFICATIONS_PAGE_SIZE, READ_NOTIFICATION_RETENTION_DAYS } from "~/constants";
import type { Database } from "~/db/client.server";
import { plainText, refreshUnreadCounts } from "./deliver.server";
import type { NotificationJson } from "./notification-data";
import { notifications, type NotificationRow } from "./tables";

/** A user's notifications: listing, reading state, and what an open tab shows. */

export function serializeNotification(row: Pick<NotificationRow, "id" | "type" | "data" | "readAt" | "createdAt">): NotificationJson {
  return {
    id: row.id,
    type: row.type,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    data: row.data,
  };
}

const listed = (userId: number) => and(eq(notifications.userId, userId), eq(notifications.inApp, true));

export interface NotificationPage {
  data: NotificationJson[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
}

/** Newest first, NOTIFICATIONS_PAGE_SIZE a page, with the unread count. */
export async function listNotifications(
  db: Database,
  userId: number,
  { page = 1, perPage = NOTIFICATIONS_PAGE_SIZE }: { page?: number; perPage?: number } = {},
): Promise<{ pagination: NotificationPage; unreadCount: number }> {
  const offset = (page - 1) * perPage;
  const [rows, totals] = await db.batch([
    db
      .select({ id: notifications.id, type: notifications.type, data: notifications.data, readAt: notifications.readAt, createdAt: notifications.createdAt })
      .from(notifications)
      .where(listed(userId))
      .orderBy(desc(notifications.id))
      .limit(perPage)
      .offset(offset),
    db
      .select({ total: count(), unread: sql<number>`sum(CASE WHEN ${notifications.readAt} IS NULL THEN 1 ELSE 0 END)` })
      .from(notifications)
      .where(listed(userId)),
  ]);
  const total = Number(totals[0]?.total ?? 0);
  return {
    pagination: {
      data: rows.map(serializeNotification),
      current_page: page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      from: rows.length ? offset + 1 : null,
      to: rows.length ? offset + rows.length : null,
    },
    unreadCount: Number(totals[0]?.unread ?? 0),
  };
}

export type MarkReadOutcome = { status: "ok"; unreadCount: number } | { status: "not-found"; missing: number[] };

/**
 * Marks the given notifications of this user read. Ids that are not theirs
 * (or do not exist) refuse the whole request and change nothing, so a
 * client learns of its mistake instead of half an update.
 */
export async function markNotificationsRead(db: Database, userId: number, ids: number[], now = new Date()): Promise<MarkReadOutcome> {
  const unique = [...new Set(ids)];
  const own = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, unique)));
  if (own.length !== unique.length) {
    const found = new Set(own.map((row) => row.id));
    return { status: "not-found", missing: unique.filter((id) => !found.has(id)) };
  }
  return { status: "ok", unreadCount: await applyRead(db, userId, and(eq(notifications.userId, userId), inArray(notifications.id, unique), isNull(notifications.readAt)), now) };
}

/** "Mark all as read": every unread notification of this user. */
export async function markAllNotificationsRead(db: Database, userId: number, now = new Date()) {
  return applyRead(db, userId, and(eq(notifications.userId, userId), isNull(notifications.readAt)), now);
}

async function applyRead(db: Database, userId: number, where: ReturnType<typeof and>, now: Date) {
  const [, , counted] = await db.batch([
    db.update(notifications).set({ readAt: now }).where(where),
    refreshUnreadCounts({ db }, [userId]),
    db.select({ unread: users.unreadNotificationsCount }).from(users).where(eq(users.id, userId)),
  ]);
  return Number(counted[0]?.unread ?? 0);
}

/** One notification of this user (for opening it from a page without JavaScript). */
export async function findNotification(db: Database, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ?? null;
}

export interface BrowserNotification {
  id: number;
  title: string;
  body: string;
  /** Where a click on the system notification goes. */
  url: string | null;
  image: string | null;
}

/**
 * What an open tab asks for every NOTIFICATIONS_POLL_INTERVAL_MS: the unread
 * count, the newest id, and the browser-channel notifications after `afterId`
 * that are recent enough to be news. `afterId` null (a tab that just opened)
 * only learns where the list stands.
 */
export async function pollNotifications(db: Database, userId: number, afterId: number | null, now = new Date()) {
  const since = new Date(now.getTime() - BROWSER_NOTIFICATION_MAX_AGE_S * 1000);
  const [counted, newest, fresh] = await db.batch([
    db.select({ unread: users.unreadNotificationsCount }).from(users).where(eq(users.id, userId)),
    db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(1),
    db
      .select({ id: notifications.id, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.browser, true), gt(notifications.id, afterId ?? 0), gt(notifications.createdAt, since)))
      .orderBy(desc(notifications.id))
      .limit(afterId === null ? 0 : 5),
  ]);
  return {
    unreadCount: Number(counted[0]?.unread ?? 0),
    latestId: newest[0]?.id ?? 0,
    browser: fresh.reverse().map(({ id, data }): BrowserNotification => {
      const [title, ...rest] = data.lines.map((line) => plainText(line.content)).filter(Boolean);
      return {
        id,
        title: title ?? "",
        body: rest.join("\n"),
        url: data.mainAction?.action ?? null,
        image: data.image && /^(https?:)?\//.test(data.image) ? data.image : null,
      };
    }),
  };
}

/** Scheduled job: browser-only rows after a day, read notifications after READ_NOTIFICATION_RETENTION_DAYS. */
export async function pruneNotifications(db: Database, now = new Date()) {
  const browserOnlyBefore = new Date(now.getTime() - BROWSER_ONLY_NOTIFICATION_RETENTION_S * 1000);
  const readBefore = new Date(now.getTime() - READ_NOTIFICATION_RETENTION_DAYS * 86_400_000);
  await db
    .delete(notifications)
    .where(or(and(eq(notifications.inApp, false), lt(notifications.createdAt, browserOnlyBefore)), and(isNotNull(notifications.readAt), lt(notifications.readAt, readBefore))));
}
