import { data } from "react-router";
import type { Route } from "./+types/users-export";
import { requireAdmin } from "~/admin/access.server";
import { parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { exportUsersCsv, USER_SORTS } from "~/auth/user-admin.server";

const yesNo = ["yes", "no"] as const;
const flag = (value: string | null) => (value === "yes" ? true : value === "no" ? false : null);

/** GET /admin/users/export?…: every user matching the list's filters, as CSV (streamed). */
export function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.usersView);
  const params = parseListParams(args.url, {
    sorts: USER_SORTS,
    defaultSort: "created_at",
    filters: { role: (v: string) => /^\d{1,9}$/.test(v), verified: yesNo, subscribed: yesNo, banned: yesNo },
  });
  const body = exportUsersCsv(admin.app.db, {
    q: params.q,
    roleId: params.filters.role ? Number(params.filters.role) : null,
    verified: flag(params.filters.verified),
    subscribed: flag(params.filters.subscribed),
    banned: flag(params.filters.banned),
    sort: params.sort,
    dir: params.dir,
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="users-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Nothing to post here: refused like every admin action (the walk test posts to every route). */
export function action(args: Route.ActionArgs) {
  requireAdmin(args, P.usersView);
  throw data(null, { status: 405, headers: { Allow: "GET" } });
}
