import type { RouterContextProvider } from "react-router";
import { ApiError } from "~/json-api/handler.server";
import { appKeys } from "~/auth/crypto.server";
import { rateLimiterFor } from "~/auth/rate-limit.server";
import { notificationServices } from "~/notifications/services.server";
import { getApp, getWorker, type AppContext } from "~/request/context";
import type { InviteActor, InviteDeps } from "./invitations.server";
import { WorkspaceError } from "./workspace-error";

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

/** A workspace refusal as the message people read (translated). */
export function workspaceErrorMessage(app: Pick<AppContext, "t">, error: WorkspaceError) {
  return app.t(error.messageKey, error.values);
}

/** Runs a workspaces call for api/v1: WorkspaceErrors become JSON errors with their status and field. */
export async function asApi<T>(app: Pick<AppContext, "t">, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    const message = workspaceErrorMessage(app, error);
    const headers = error.status === 429 && typeof error.values.seconds === "number" ? { "Retry-After": String(error.values.seconds) } : undefined;
    throw new ApiError(error.status, message, error.field ? { [error.field]: [message] } : undefined, headers);
  }
}
