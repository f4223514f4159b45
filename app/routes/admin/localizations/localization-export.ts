import { data } from "react-router";
import type { Route } from "./+types/localization-export";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { loadLocalization } from "~/i18n/localization-admin.server";

/** GET /admin/localizations/:language/export: the language's lines as a JSON file (the import's format). */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.localizationsUpdate);
  const found = await loadLocalization(admin.app.db, args.params.language);
  if (!found) throw data(null, { status: 404 });
  const sorted = Object.fromEntries(Object.entries(found.lines).sort(([a], [b]) => a.localeCompare(b)));
  return new Response(`${JSON.stringify(sorted, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${found.language.replace(/[^\w-]/g, "")}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Nothing to post here: refused like every admin action (the walk test posts to every route). */
export function action(args: Route.ActionArgs) {
  requireAdmin(args, P.localizationsUpdate);
  throw data(null, { status: 405, headers: { Allow: "GET" } });
}
