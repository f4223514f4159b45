import type { Viewer } from "~/request/viewer";
import type { Database } from "~/db/client.server";
import { serveR2Object } from "~/files/serve-r2-object.server";
import { isWorkspaceMember } from "~/workspaces/workspaces.server";
import { canViewEntry, findEntryByFileName } from "./file-entries.server";

/** Public-disk files: anyone may cache them for a day (their URL never changes content). */
export const PUBLIC_FILE_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
/** Uploads-disk files: the browser may keep a copy but must ask again (access can be withdrawn). */
export const PRIVATE_FILE_CACHE_CONTROL = "private, no-cache";

/**
 * GET/HEAD /files/<fileName>: ranges, validators and conditional requests,
 * the stored type, a safe Content-Disposition and nosniff (through
 * serveR2Object). A file the viewer may not see answers 404, the same as a
 * file that does not exist.
 */
export async function serveFileEntry(db: Database, bucket: R2Bucket, viewer: Viewer, fileName: string, request: Request): Promise<Response> {
  const entry = await findEntryByFileName(db, fileName);
  if (!entry || !(await canViewEntry(viewer, entry, (userId, workspaceId) => isWorkspaceMember(db, userId, workspaceId)))) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const isPublic = entry.disk === "public" && !entry.deletedAt;
  const response = await serveR2Object(bucket, entry.path, request, {
    cacheControl: isPublic ? PUBLIC_FILE_CACHE_CONTROL : PRIVATE_FILE_CACHE_CONTROL,
    filename: entry.name,
    contentType: entry.mime,
    download: new URL(request.url).searchParams.has("download"),
  });
  // A private file's answer depends on who asks: the session cookie or an API token with files:read (decision 036).
  if (!isPublic) response.headers.append("Vary", "Cookie, Authorization");
  return response;
}
