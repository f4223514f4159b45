import type { Route } from "./+types/bootstrap-data";
import { buildBootstrapData } from "~/bootstrap/bootstrap.server";
import { getApp } from "~/request/context";

/** GET /api/v1/bootstrap-data: the same bootstrap object every page embeds. */
export function loader({ request, context }: Route.LoaderArgs) {
  return Response.json(
    { data: buildBootstrapData(getApp(context), request) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
