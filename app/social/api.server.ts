import type { RouterContextProvider } from "react-router";
import { asApi } from "~/json-api/domain-error.server";
import { notificationServices } from "~/notifications/services.server";
import { getApp } from "~/request/context";
import type { SocialIntent } from "./schema";
import { runSocialIntent } from "./intents.server";

/** One follow / block call of the API: its refusals become JSON errors with the field (no row changes). */
export async function socialApiCall(context: Readonly<RouterContextProvider>, request: Request, intent: SocialIntent, otherId: number) {
  const app = getApp(context);
  return asApi(app.t, () => runSocialIntent({ db: app.db, t: app.t, user: app.user!, notifications: notificationServices(context, request) }, intent, otherId));
}
