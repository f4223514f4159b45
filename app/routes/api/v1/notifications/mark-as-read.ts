import type { Route } from "./+types/mark-as-read";
import { apiAction, ApiError, on, writeOnlyLoader } from "~/json-api/handler.server";
import { markNotificationsReadEndpoint } from "~/notifications/api-contract";
import { markAllNotificationsRead, markNotificationsRead } from "~/notifications/notifications.server";

/** POST api/v1/notifications/mark-as-read {ids} | {markAllAsUnread: true} → {unreadCount}. */
export const action = apiAction(
  on(markNotificationsReadEndpoint, async ({ app, body }) => {
    const userId = app.user!.id;
    if (body.markAllAsUnread) return { unreadCount: await markAllNotificationsRead(app.db, userId) };
    const outcome = await markNotificationsRead(app.db, userId, body.ids ?? []);
    if (outcome.status === "not-found") {
      const message = app.t("Some of these notifications do not exist.");
      throw new ApiError(422, message, { ids: [message] });
    }
    return { unreadCount: outcome.unreadCount };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("POST");
