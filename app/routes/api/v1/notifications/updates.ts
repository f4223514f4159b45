import type { Route } from "./+types/updates";
import { apiLoader } from "~/json-api/handler.server";
import { notificationUpdatesEndpoint } from "~/notifications/api-contract";
import { pollNotifications } from "~/notifications/notifications.server";

/** GET api/v1/notifications/updates?after → {unreadCount, latestId, browser}: what an open tab polls for. */
export const loader = apiLoader(notificationUpdatesEndpoint, async ({ app, query }) => {
  return pollNotifications(app.db, app.user!.id, query.after ?? null);
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
