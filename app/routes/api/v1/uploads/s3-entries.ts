import type { Route } from "./+types/s3-entries";
import { resolveUploadActor } from "~/uploads/actor.server";
import { handleUploadApi, json, readJsonBody } from "~/uploads/api.server";
import { s3EntrySchema } from "~/uploads/schema";
import { serializeFileEntry } from "~/uploads/file-entries.server";
import { createEntryFromStoredObject } from "~/uploads/s3/simple-upload.server";
import { uploadServices } from "~/uploads/services.server";

/** POST api/v1/s3/entries: a finished presigned or multipart upload becomes a file entry → {fileEntry}. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleUploadApi(context, request, async () => {
    const input = await readJsonBody(request, s3EntrySchema);
    const actor = resolveUploadActor(context, { workspaceId: input.workspaceId ?? new URL(request.url).searchParams.get("workspaceId") });
    const entry = await createEntryFromStoredObject(uploadServices(context, request), actor, input);
    return json({ fileEntry: serializeFileEntry(entry) }, 201);
  });
}
