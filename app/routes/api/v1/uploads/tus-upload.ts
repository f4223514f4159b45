import type { Route } from "./+types/tus-upload";
import { getApp } from "~/request/context";
import { resolveUploadActor } from "~/uploads/actor.server";
import { uploadServices } from "~/uploads/services.server";
import { handleTusRequest } from "~/uploads/tus/tus-server.server";
import { preloadWorkspaces } from "~/workspaces/active-workspace.server";

/**
 * The tus 1.0.0 endpoint: api/v1/tus/upload (OPTIONS, POST to create) and
 * api/v1/tus/upload/<key> (HEAD, PATCH, DELETE; PATCH and DELETE also as
 * POST with X-HTTP-Method-Override). GET/HEAD/OPTIONS arrive as the loader.
 */
async function handle({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  // The uploader's workspaces, for the synchronous membership check in resolveUploadActor.
  await preloadWorkspaces(context);
  return handleTusRequest(request, params.uploadId ?? null, {
    services: uploadServices(context, request),
    actor: (workspaceId) => resolveUploadActor(context, { workspaceId }),
    t: getApp(context).t,
  });
}

export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
