import type { Route } from "./+types/file-entries-delete";
import { resolveUploadActor } from "~/uploads/actor.server";
import { handleUploadApi, json, readJsonBody } from "~/uploads/api.server";
import { deleteEntriesSchema } from "~/uploads/schema";
import { deleteFileEntries } from "~/uploads/file-entries.server";
import { uploadServices } from "~/uploads/services.server";

/** POST api/v1/file-entries/delete {entryIds, deleteForever}: to the trash, or gone with the R2 objects. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleUploadApi(context, request, async () => {
    const actor = resolveUploadActor(context, { requireUpload: false });
    const input = await readJsonBody(request, deleteEntriesSchema);
    const result = await deleteFileEntries(uploadServices(context, request), actor, input.entryIds, {
      forever: input.deleteForever,
    });
    return json({ ...result, deleteForever: input.deleteForever });
  });
}
