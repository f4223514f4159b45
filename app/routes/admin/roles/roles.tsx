import { data, Link } from "react-router";
import type { Route } from "./+types/roles";
import { requireAdmin } from "~/admin/access.server";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader, Badge } from "~/admin/ui/page";
import { listRolesForAdmin } from "~/auth/role-admin.server";
import { useTrans } from "~/i18n/translation-context";
import { buttonClasses } from "~/ui/button-styles";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Roles") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.rolesUpdate);
  return { roles: await listRolesForAdmin(admin.app.db) };
}

export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  const t = useTrans();
  return (
    <>
      <AdminPageHeader
        title={t("Roles")}
        description={t("What each group of users may do. The guest role is for visitors who are not signed in.")}
        actions={
          <Link to="/admin/roles/new" className={buttonClasses()}>
            {t("New role")}
          </Link>
        }
      />
      <div className="overflow-x-auto rounded-theme border border-divider bg-elevated">
        <table className="w-full text-left text-sm" data-testid="roles-table">
          <thead className="border-b border-divider bg-paper text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("Role")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Users")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("Permissions")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-divider">
            {loaderData.roles.map((role) => (
              <tr key={role.id}>
                <td className="px-3 py-2">
                  <Link to={`/admin/roles/${role.id}`} className="font-medium text-foreground hover:underline">
                    {role.name}
                  </Link>
                  {role.guest ? <Badge tone="primary">{t("Guests")}</Badge> : null} {role.default ? <Badge>{t("Default")}</Badge> : null}
                  {role.description ? <p className="text-xs text-muted">{t(role.description)}</p> : null}
                </td>
                <td className="px-3 py-2">{role.guest ? "—" : Number(role.users).toLocaleString()}</td>
                <td className="px-3 py-2">{Number(role.permissions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Nothing to post here: refused like every admin action (the walk test posts to every route). */
export function action(args: Route.ActionArgs) {
  requireAdmin(args, P.rolesUpdate);
  throw data(null, { status: 405, headers: { Allow: "GET" } });
}
