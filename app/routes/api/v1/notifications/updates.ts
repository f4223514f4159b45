import type { Route } from "./+types/updates";
import { apiLoader } from "~/json-api/handler.server";
import { notificationUpdatesEndpoint } from "~/notifications/api-contract";
import { pollNotifications } from "~/notifications/notifications.server";

/** GET api/v1/notifications/updates?after → {unreadCount, latest_id, browser}: what an open tab polls for (`latestId` too, deprecated: decision 036). */
export const loader = apiLoader(notificationUpdatesEndpoint, async ({ app, query }) => {
  const { unreadCount, latestId, browser } = await pollNotifications(app.db, app.user!.id, query.after ?? null);
  return { unreadCount, latest_id: latestId, latestId, browser };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
