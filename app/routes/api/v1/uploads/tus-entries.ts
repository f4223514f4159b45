import type { Route } from "./+types/tus-entries";
import { resolveUploadActor } from "~/uploads/actor.server";
import { handleUploadApi, json, readJsonBody } from "~/uploads/api.server";
import { tusEntrySchema } from "~/uploads/schema";
import { claimStoredUpload, serializeFileEntry } from "~/uploads/file-entries.server";
import { uploadServices } from "~/uploads/services.server";
import { findOwnSession } from "~/uploads/upload-sessions.server";
import { uploadKeyFromUrl } from "~/uploads/tus/tus-server.server";
import { notFound } from "~/uploads/upload-error";

/** POST api/v1/tus/entries {uploadKey}: a finished tus upload becomes a file entry → {fileEntry}. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleUploadApi(context, request, async () => {
    const input = await readJsonBody(request, tusEntrySchema);
    const actor = resolveUploadActor(context, { workspaceId: input.workspaceId ?? new URL(request.url).searchParams.get("workspaceId") });
    const key = uploadKeyFromUrl(input.uploadKey);
    if (!key) throw notFound();
    const services = uploadServices(context, request);
    const session = await findOwnSession(services, actor, key, "tus");
    const entry = await claimStoredUpload(services, actor, session, input.metadata);
    return json({ fileEntry: serializeFileEntry(entry) }, 201);
  });
}
