import { data } from "react-router";
import type { Route } from "./+types/people-search";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { searchPeopleForCredits } from "~/catalogue/editor/credits.server";

/** GET /admin/people-search?q=…: people for the credit editor's type-ahead (JSON, most popular first). */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.titlesUpdate);
  const q = (args.url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const people = q.length < 1 ? [] : await searchPeopleForCredits(admin.app.db, q, 10);
  return Response.json({ people }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Nothing to post here: refused like every admin action (the walk test posts to every route). */
export function action(args: Route.ActionArgs) {
  requireAdmin(args, P.titlesUpdate);
  throw data(null, { status: 405, headers: { Allow: "GET" } });
}
