import type { RouterContextProvider } from "react-router";
import { appKeys } from "~/auth/crypto.server";
import { rateLimiterFor } from "~/auth/rate-limit.server";
import { notificationServices } from "~/notifications/services.server";
import { getApp, getWorker, type AppContext } from "~/request/context";
import type { InviteActor, InviteDeps } from "./invitations.server";

/** What inviting needs for one request: notification delivery, APP_KEY's keys (invite link tokens), the rate limiter. */
export async function inviteDeps(context: Readonly<RouterContextProvider>, request: Request): Promise<InviteDeps> {
  const app = getApp(context);
  const env = getWorker(context).env;
  return {
    services: notificationServices(context, request),
    keys: await appKeys((env as unknown as { APP_KEY?: string }).APP_KEY),
    limiter: rateLimiterFor(env, app.db),
  };
}

export function inviteActor(app: AppContext): InviteActor {
  return { id: app.user!.id, displayName: app.user!.displayName, viewer: app.viewer };
}
