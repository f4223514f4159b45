import type { RouterContextProvider } from "react-router";
import { ApiError } from "~/json-api/handler.server";
import { notificationServices } from "~/notifications/services.server";
import { getApp } from "~/request/context";
import type { SocialIntent } from "./form-schemas";
import { runSocialIntent } from "./intents.server";
import { SocialError } from "./social-error";

/** One follow / block call of the API: its refusals become JSON errors with the field (no row changes). */
export async function socialApiCall(context: Readonly<RouterContextProvider>, request: Request, intent: SocialIntent, otherId: number) {
  const app = getApp(context);
  try {
    return await runSocialIntent({ db: app.db, t: app.t, user: app.user!, notifications: notificationServices(context, request) }, intent, otherId);
  } catch (error) {
    if (!(error instanceof SocialError)) throw error;
    const message = app.t(error.messageKey);
    throw new ApiError(error.status, message, error.field ? { [error.field]: [message] } : undefined);
  }
}
