import type { Route } from "./+types/file-entries";
import { resolveUploadActor } from "~/uploads/actor.server";
import { handleUploadApi, json } from "~/uploads/api.server";
import { receiveDirectUpload } from "~/uploads/direct-upload.server";
import { listWorkspaceEntries, serializeFileEntry } from "~/uploads/file-entries.server";
import { perPageOf } from "~/api/query";
import { apiLoader } from "~/json-api/handler.server";
import { listFileEntries } from "~/uploads/api-contract";
import { uploadServices } from "~/uploads/services.server";

/** POST api/v1/file-entries (multipart form: file, workspaceId, metadata, disk) → {fileEntry}. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleUploadApi(context, request, async () => {
    if (request.method !== "POST") return json({ message: "Method not allowed." }, 405, { Allow: "POST" });
    const entry = await receiveDirectUpload(uploadServices(context, request), request, (workspaceId) => resolveUploadActor(context, { workspaceId }));
    return json({ fileEntry: serializeFileEntry(entry) }, 201);
  });
}

/**
 * GET api/v1/file-entries?workspaceId&page&per_page → {pagination}: the files
 * of the active workspace. The api/v1 handler has already refused a
 * workspaceId the caller is not a member of (403).
 */
export const loader = apiLoader(listFileEntries, async ({ app, query }) => ({
  pagination: await listWorkspaceEntries(app.db, {
    userId: app.user!.id,
    workspaceId: query.workspaceId ? Number(query.workspaceId) : 0,
    page: query.page,
    perPage: perPageOf(query),
  }),
})) satisfies (args: Route.LoaderArgs) => Promise<Response>;
