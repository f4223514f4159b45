import type { Route } from "./+types/broadcasts";
import { apiAction, apiLoader, json, on } from "~/json-api/handler.server";
import { createBroadcastEndpoint, listBroadcastsEndpoint } from "~/notifications/api-contract";
import { createBroadcast, listBroadcasts } from "~/notifications/broadcast.server";
import { notificationServices } from "~/notifications/services.server";

/** GET api/v1/notifications/broadcasts (notifications.broadcast): the newest announcements. */
export const loader = apiLoader(listBroadcastsEndpoint, async ({ app }) => ({ broadcasts: await listBroadcasts(app.db) })) satisfies (args: Route.LoaderArgs) => Promise<Response>;

/** POST api/v1/notifications/broadcasts {title, body, action?, role_ids?, user_ids?} → 201 {broadcast}, delivered by the queue. */
export const action = apiAction(
  on(createBroadcastEndpoint, async ({ app, body, context, request }) => {
    const broadcast = await createBroadcast(notificationServices(context, request), app.user!.id, body);
    return json({ broadcast }, 201);
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
