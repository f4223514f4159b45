import { z } from "zod";
import { defineEndpoint, errorResponses, paginationSchema } from "~/api/contract";
import { paginationQuery } from "~/api/query";
import { API_MAX_PAGE, NOTIFICATIONS_PAGE_SIZE } from "~/constants";
import { broadcastApiSchema } from "./schema";
import { NOTIFICATION_CHANNELS } from "./notification-data";
import { NOTIFICATION_TYPES } from "./notification-types";

/**
 * Notifications over api/v1: the list, marking read, the
 * per-channel choices, what an open tab polls for, and admin broadcasts.
 */

const actionSchema = z.object({ label: z.string(), action: z.string() });

export const notificationSchema = z
  .object({
    id: z.number().int(),
    type: z.string().describe("workspace.invitation, account.new_device, billing.*, site.announcement"),
    read_at: z.string().nullable(),
    created_at: z.string(),
    data: z.object({
      image: z.string().optional().describe("An image URL or a preset key: group-add, people, export-csv."),
      lines: z.array(
        z.object({
          type: z.enum(["primary", "secondary"]),
          content: z.string().describe("HTML."),
          icon: z.string().optional(),
          action: actionSchema.optional(),
        }),
      ),
      mainAction: actionSchema.optional(),
      buttonActions: z.array(actionSchema).optional().describe("workspace.join / workspace.decline answer an invitation; other actions are links."),
      inviteId: z.string().optional(),
    }),
  })
  .meta({ title: "Notification" });

const tag = "Notifications";

export const listNotificationsEndpoint = defineEndpoint({
  method: "get",
  path: "/notifications",
  operationId: "listNotifications",
  summary: "The signed-in user's notifications",
  description: `Newest first, ${NOTIFICATIONS_PAGE_SIZE} a page.`,
  tag,
  access: "user",
  query: paginationQuery({ perPage: NOTIFICATIONS_PAGE_SIZE, maxPerPage: 100, maxPage: API_MAX_PAGE }),
  responses: {
    200: { description: "A page of notifications and the unread count.", schema: paginationSchema(notificationSchema).extend({ unreadCount: z.number().int() }) },
    ...errorResponses(401, 403, 422, 429),
  },
});

const idList = z.array(z.number().int().positive()).min(1).max(100);

export const markNotificationsReadEndpoint = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/notifications/mark-as-read",
  operationId: "markNotificationsRead",
  summary: "Mark notifications as read",
  description:
    "Send `ids` (at most 100, all the caller's own), or `markAllAsUnread: true` (the spec's name for the flag) to mark every notification read. Ids that are not the caller's refuse the request and change nothing.",
  tag,
  access: "user",
  body: z
    .object({
      ids: idList.optional(),
      markAllAsUnread: z.boolean().optional(),
    })
    .refine((body) => (body.ids && body.ids.length > 0) || body.markAllAsUnread === true, { message: "Choose the notifications to mark as read.", path: ["ids"] }),
  responses: { 200: { description: "The unread count after the change.", schema: z.object({ unreadCount: z.number().int() }) }, ...errorResponses(401, 403, 422, 429) },
});

export const notificationUpdatesEndpoint = defineEndpoint({
  method: "get",
  path: "/notifications/updates",
  operationId: "notificationUpdates",
  summary: "What an open tab shows: unread count and new browser notifications",
  description: "Polled while a tab is open. `after` is the newest id the tab knows; a tab that just opened leaves it out and gets no browser notifications, only where the list stands.",
  tag,
  access: "user",
  query: z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() }),
  responses: {
    200: {
      description: "Unread count, newest id and browser-channel notifications newer than `after`.",
      schema: z.object({
        unreadCount: z.number().int(),
        latest_id: z.number().int().describe("The newest notification's id (0: none yet); send it as `after` next time."),
        latestId: z.number().int().meta({ deprecated: true }).describe("Deprecated: the same as latest_id (sent until the next release)."),
        browser: z.array(z.object({ id: z.number().int(), title: z.string(), body: z.string(), url: z.string().nullable(), image: z.string().nullable() })),
      }),
    },
    ...errorResponses(401, 403, 422, 429),
  },
});

const channelsSchema = z.object(Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean()])) as Record<(typeof NOTIFICATION_CHANNELS)[number], z.ZodBoolean>);
const notifIdSchema = z.enum(NOTIFICATION_TYPES.map((type) => type.id) as [string, ...string[]]);

export const subscriptionSettingsSchema = z.object({
  available_channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  subscriptions: z.array(z.object({ group_name: z.string(), subscriptions: z.array(z.object({ notif_id: z.string(), name: z.string(), required_channels: z.array(z.enum(NOTIFICATION_CHANNELS)) })) })),
  user_selections: z.array(z.object({ notif_id: z.string(), channels: channelsSchema })),
});

export const getNotificationSubscriptions = defineEndpoint({
  method: "get",
  path: "/notifications/me/subscriptions",
  operationId: "getNotificationSubscriptions",
  summary: "Per-channel notification choices",
  tag,
  access: "user",
  permission: "notifications.subscribe",
  responses: { 200: { description: "Types in groups, channels, and the user's choices.", schema: subscriptionSettingsSchema }, ...errorResponses(401, 403, 404, 429) },
});

export const selectionsBodySchema = z.object({
  selections: z
    .array(z.object({ notif_id: notifIdSchema, channels: channelsSchema.partial() }))
    .min(1)
    .max(NOTIFICATION_TYPES.length),
});

export const updateNotificationSubscriptions = defineEndpoint({
  method: "put",
  scope: "account",
  path: "/notifications/me/subscriptions",
  operationId: "updateNotificationSubscriptions",
  summary: "Save per-channel notification choices",
  description: "Types not listed keep their choices; channels not given keep the type's default.",
  tag,
  access: "user",
  permission: "notifications.subscribe",
  body: selectionsBodySchema,
  responses: {
    200: { description: "“Updated preferences”, with the choices as saved.", schema: subscriptionSettingsSchema.extend({ message: z.string() }) },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

const broadcastSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  action: actionSchema.nullable(),
  role_ids: z.array(z.number().int()).nullable(),
  user_ids: z.array(z.number().int()).nullable(),
  status: z.enum(["sending", "sent"]),
  recipients: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const createBroadcastEndpoint = defineEndpoint({
  method: "post",
  scope: "admin",
  path: "/notifications/broadcasts",
  operationId: "createNotificationBroadcast",
  summary: "Send an announcement to every user (or to some roles or users)",
  description: "Delivered in the background as the “Announcements” notification type: each user's channel choices apply. The body is HTML, sanitised.",
  tag,
  access: "user",
  permission: "notifications.broadcast",
  body: broadcastApiSchema,
  responses: { 201: { description: "The broadcast, queued.", schema: z.object({ broadcast: broadcastSchema }) }, ...errorResponses(401, 403, 422, 429) },
});

export const listBroadcastsEndpoint = defineEndpoint({
  method: "get",
  path: "/notifications/broadcasts",
  operationId: "listNotificationBroadcasts",
  summary: "Recent announcements and their progress",
  tag,
  access: "user",
  permission: "notifications.broadcast",
  responses: { 200: { description: "The newest 50.", schema: z.object({ broadcasts: z.array(broadcastSchema) }) }, ...errorResponses(401, 403, 429) },
});

export const notificationEndpoints = [
  listNotificationsEndpoint,
  markNotificationsReadEndpoint,
  notificationUpdatesEndpoint,
  getNotificationSubscriptions,
  updateNotificationSubscriptions,
  createBroadcastEndpoint,
  listBroadcastsEndpoint,
];
