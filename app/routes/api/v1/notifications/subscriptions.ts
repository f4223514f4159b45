import type { Route } from "./+types/subscriptions";
import { apiAction, apiLoader, ApiError, on } from "~/json-api/handler.server";
import { getNotificationSubscriptions, updateNotificationSubscriptions } from "~/notifications/api-contract";
import { saveSubscriptionSelections, subscriptionSettings } from "~/notifications/preferences.server";
import type { AppContext } from "~/request/context";

/** Notification choices are offered only while notifications and their subscriptions are integrated. */
function requireIntegrated(app: AppContext) {
  if (!app.settings["notif.integrated"] || !app.settings["notif.subs.integrated"]) throw new ApiError(404, app.t("Nothing here."));
}

/** GET api/v1/notifications/me/subscriptions → {available_channels, subscriptions, user_selections}. */
export const loader = apiLoader(getNotificationSubscriptions, async ({ app }) => {
  requireIntegrated(app);
  return subscriptionSettings(app.db, app.user!.id, app.t);
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

/** PUT api/v1/notifications/me/subscriptions {selections: [{notif_id, channels}]}. */
export const action = apiAction(
  on(updateNotificationSubscriptions, async ({ app, body }) => {
    requireIntegrated(app);
    await saveSubscriptionSelections(app.db, app.user!.id, body.selections);
    return { message: app.t("Updated preferences"), ...(await subscriptionSettings(app.db, app.user!.id, app.t)) };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
