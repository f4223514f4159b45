import type { Route } from "./+types/bootstrap-data";
import { buildBootstrapData } from "~/bootstrap/bootstrap.server";
import { getApp } from "~/request/context";

/** GET /api/v1/bootstrap-data: the full bootstrap object (each page embeds the part its code reads). */
export function loader({ request, context }: Route.LoaderArgs) {
  return Response.json({ data: buildBootstrapData(getApp(context), request) }, { headers: { "Cache-Control": "private, no-store" } });
}
