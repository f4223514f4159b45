import type { Route } from "./+types/list";
import { perPageOf } from "~/api/query";
import { apiLoader } from "~/json-api/handler.server";
import { listNotificationsEndpoint } from "~/notifications/api-contract";
import { listNotifications } from "~/notifications/notifications.server";

/** GET api/v1/notifications?page&per_page → {pagination: {data, …}, unreadCount}. */
export const loader = apiLoader(listNotificationsEndpoint, async ({ app, query }) => {
  const { pagination, unreadCount } = await listNotifications(app.db, app.user!.id, { page: query.page, perPage: perPageOf(query) });
  return { pagination, unreadCount };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;
