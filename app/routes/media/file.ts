import type { Route } from "./+types/file";
import { mediaKeyFromPath } from "~/catalogue/media";
import { serveR2Object } from "~/files/serve-r2-object.server";
import { getWorker } from "~/request/context";

/**
 * GET|HEAD /media/{key...}: public catalogue media from R2 (key
 * `catalogue/{key...}`), with byte ranges for video seeking, validators and
 * public caching. Streams; never buffers the file.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = mediaKeyFromPath(params["*"]);
  if (!key) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return serveR2Object(getWorker(context).env.FILES, key, request);
}
