import type { Route } from "./+types/s3-multipart";
import { resolveUploadActor } from "~/uploads/actor.server";
import { handleUploadApi, json, readJsonBody } from "~/uploads/api.server";
import { batchSignSchema, completeMultipartSchema, declaredFileSchema, multipartRefSchema } from "~/uploads/schema";
import { abortMultipartUpload, completeMultipartUpload, createMultipartUpload, getUploadedParts, receivePart, signPartUrls } from "~/uploads/s3/multipart.server";
import { uploadServices } from "~/uploads/services.server";

/**
 * api/v1/s3/multipart/<operation>: create,
 * get-uploaded-parts, batch-sign-part-urls, complete, abort (POST, JSON);
 * part (PUT to a signed URL: streamed into R2, answered with the ETag).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleUploadApi(context, request, async () => {
    const services = uploadServices(context, request);
    const operation = params.operation;
    if (operation === "part") {
      if (request.method !== "PUT") return json({ message: "Method not allowed." }, 405, { Allow: "PUT" });
      const { etag } = await receivePart(services, request);
      return new Response(null, {
        status: 200,
        headers: { ETag: `"${etag}"`, "Access-Control-Expose-Headers": "ETag", "Cache-Control": "no-store" },
      });
    }
    if (request.method !== "POST") return json({ message: "Method not allowed." }, 405, { Allow: "POST" });
    const workspaceId = new URL(request.url).searchParams.get("workspaceId");
    switch (operation) {
      case "create": {
        const input = await readJsonBody(request, declaredFileSchema);
        const actor = resolveUploadActor(context, { workspaceId: input.workspaceId ?? workspaceId });
        return json(
          await createMultipartUpload(services, actor, {
            name: input.filename,
            mime: input.mime,
            size: input.size,
            disk: input.disk,
            metadata: input.metadata,
          }),
        );
      }
      case "get-uploaded-parts": {
        const input = await readJsonBody(request, multipartRefSchema);
        return json({ parts: await getUploadedParts(services, resolveUploadActor(context, { workspaceId }), input) });
      }
      case "batch-sign-part-urls": {
        const input = await readJsonBody(request, batchSignSchema);
        return json(await signPartUrls(services, resolveUploadActor(context, { workspaceId }), input));
      }
      case "complete": {
        const input = await readJsonBody(request, completeMultipartSchema);
        return json(await completeMultipartUpload(services, resolveUploadActor(context, { workspaceId }), input));
      }
      case "abort": {
        const input = await readJsonBody(request, multipartRefSchema);
        await abortMultipartUpload(services, resolveUploadActor(context, { workspaceId, requireUpload: false }), input);
        return json({ aborted: true });
      }
      default:
        return json({ message: "Not found." }, 404);
    }
  });
}
