import { data } from "react-router";
import type { Route } from "./+types/export";
import { requirePermission } from "~/auth/guards.server";
import { EXPORT_KINDS, csvResponse, exportCsv, type ExportKind } from "~/imports/export.server";
import { getApp } from "~/request/context";

/** GET /library/export/{ratings|watchlist|history|lists}: my library as a CSV download. */
export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "watchlist.use");
  const kind = args.params.kind as ExportKind;
  if (!EXPORT_KINDS.includes(kind)) throw data(null, { status: 404 });
  const app = getApp(args.context);
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(await exportCsv(app.db, app.user!.id, kind), `reelbase-${kind}-${day}.csv`);
}
