import type { Route } from "./+types/s3-simple";
import { resolveUploadActor } from "~/uploads/actor.server";
import { handleUploadApi, json, readJsonBody } from "~/uploads/api.server";
import { declaredFileSchema } from "~/uploads/schema";
import { presignSimpleUpload, receiveObject } from "~/uploads/s3/simple-upload.server";
import { uploadServices } from "~/uploads/services.server";

/**
 * api/v1/s3/simple/presign (POST: filename, mime, disk, size, extension,
 * metadata → {url, acl, key}) and api/v1/s3/simple/object (PUT to the signed
 * URL, answered with the object's ETag).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleUploadApi(context, request, async () => {
    const services = uploadServices(context, request);
    if (params.operation === "presign" && request.method === "POST") {
      const input = await readJsonBody(request, declaredFileSchema);
      const actor = resolveUploadActor(context, { workspaceId: input.workspaceId ?? new URL(request.url).searchParams.get("workspaceId") });
      const result = await presignSimpleUpload(services, actor, {
        name: input.filename,
        mime: input.mime,
        size: input.size,
        disk: input.disk,
        metadata: input.metadata,
      });
      return json(result);
    }
    if (params.operation === "object" && request.method === "PUT") {
      const { etag } = await receiveObject(services, request);
      return new Response(null, { status: 200, headers: { ETag: etag, "Access-Control-Expose-Headers": "ETag", "Cache-Control": "no-store" } });
    }
    return json({ message: "Not found." }, 404);
  });
}
