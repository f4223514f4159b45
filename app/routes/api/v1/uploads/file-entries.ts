import type { Route } from "./+types/file-entries";
import { resolveUploadActor } from "~/uploads/actor.server";
import { handleUploadApi, json } from "~/uploads/api.server";
import { receiveDirectUpload } from "~/uploads/direct-upload.server";
import { serializeFileEntry } from "~/uploads/file-entries.server";
import { uploadServices } from "~/uploads/services.server";

/** POST api/v1/file-entries (multipart form: file, workspaceId, metadata, disk) → {fileEntry}. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleUploadApi(context, request, async () => {
    if (request.method !== "POST") return json({ message: "Method not allowed." }, 405, { Allow: "POST" });
    const entry = await receiveDirectUpload(uploadServices(context, request), request, (workspaceId) =>
      resolveUploadActor(context, { workspaceId }),
    );
    return json({ fileEntry: serializeFileEntry(entry) }, 201);
  });
}
