import type { Route } from "./+types/file";
import { getApp, getWorker } from "~/request/context";
import { serveFileEntry } from "~/uploads/serve-file.server";

/** GET/HEAD /files/<fileName>[?download]: an uploaded file, if the viewer may see it. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  return serveFileEntry(app.db, getWorker(context).env.FILES, app.viewer, params.fileName, request);
}
