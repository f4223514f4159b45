import { data } from "react-router";
import type { Route } from "./+types/export";
import { requirePermission } from "~/auth/guards.server";
import { EXPORT_KINDS, csvResponse, exportStream, exportZipStream, zipResponse, type ExportKind } from "~/imports/export.server";
import { getApp } from "~/request/context";

/** GET /library/export/{everything|letterboxd|ratings|diary|watchlist|reviews|lists|comments}: my library, streamed. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "watchlist.use");
  const app = getApp(args.context);
  const day = new Date().toISOString().slice(0, 10);
  if (args.params.kind === "everything") return zipResponse(exportZipStream(app.db, app.user!.id), `reelbase-export-${day}.zip`);
  const kind = args.params.kind as ExportKind;
  if (!EXPORT_KINDS.includes(kind)) throw data(null, { status: 404 });
  return csvResponse(exportStream(app.db, app.user!.id, kind), `reelbase-${kind}-${day}.csv`);
}
