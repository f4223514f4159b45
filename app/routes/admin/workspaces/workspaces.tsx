import { data, Link } from "react-router";
import type { Route } from "./+types/workspaces";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed, readListAction } from "~/admin/confirm.server";
import { pageOffset, parseListParams } from "~/admin/list-params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { DataTable } from "~/admin/ui/data-table";
import { AdminPageHeader } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { redirectWithToast } from "~/toasts/flash.server";
import { deleteWorkspacesByAdmin, listWorkspacesForAdmin, WORKSPACE_SORTS } from "~/workspaces/workspace-admin.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Workspaces") }];

const listSpec = { sorts: WORKSPACE_SORTS, defaultSort: "created_at" as const };

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.workspacesView);
  const params = parseListParams(args.url, listSpec);
  const list = await listWorkspacesForAdmin(admin.app.db, { q: params.q, sort: params.sort, dir: params.dir, offset: pageOffset(params), limit: params.perPage });
  return { params, rows: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: list.total, canDelete: admin.can(P.workspacesDelete) };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.workspacesDelete);
  const formData = await args.request.formData();
  const { intent, ids } = readListAction(formData);
  if (intent !== "delete") throw data({ message: admin.app.t("Unknown action.") }, { status: 400 });
  if (ids.length === 0) return data({ message: admin.app.t("Select at least one workspace.") }, { status: 400 });
  if (!isConfirmed(formData)) {
    return askForConfirmation({
      intent,
      ids,
      title: "Delete workspaces?",
      message: "[one This workspace|other These :count workspaces] will be deleted with their members and invitations. Files go back to their uploaders.",
      confirmLabel: "Delete",
    });
  }
  const deleted = await deleteWorkspacesByAdmin(admin.app.db, ids, admin.record("workspaces.delete", "workspace"));
  return redirectWithToast(args.request, args.url.pathname + args.url.search, { message: admin.app.t("Deleted :count [one workspace|other workspaces]", { count: deleted.length }), type: "positive" });
}

export default function AdminWorkspaces({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { format } = useDates();
  const { params, rows, total } = loaderData;
  return (
    <>
      <AdminPageHeader title={t("Workspaces")} description={t("Teams people made to share their work.")} />
      <DataTable
        label={t("Workspaces")}
        rows={rows}
        rowId={(row) => row.id}
        params={params}
        total={total}
        hasNextPage={params.page * params.perPage < total}
        searchPlaceholder={t("Search by name or owner e-mail")}
        confirmation={actionData && "confirm" in actionData ? actionData.confirm : null}
        bulkActions={
          loaderData.canDelete
            ? [
                {
                  intent: "delete",
                  label: "Delete",
                  danger: true,
                  confirm: {
                    title: "Delete workspaces?",
                    message: "[one This workspace|other These :count workspaces] will be deleted with their members and invitations. Files go back to their uploaders.",
                    confirmLabel: "Delete",
                  },
                },
              ]
            : []
        }
        columns={[
          {
            key: "name",
            header: t("Name"),
            sortKey: "name",
            cell: (row) => (
              <Link to={`/admin/workspaces/${row.id}`} className="font-medium text-foreground hover:underline">
                {row.name}
              </Link>
            ),
          },
          { key: "owner", header: t("Owner"), cell: (row) => row.ownerEmail },
          { key: "members", header: t("Members"), sortKey: "members", cell: (row) => Number(row.members) },
          { key: "invites", header: t("Pending invitations"), hideOnMobile: true, cell: (row) => Number(row.invites) },
          { key: "created", header: t("Created"), sortKey: "created_at", hideOnMobile: true, cell: (row) => format(row.createdAt, "date") },
        ]}
      />
    </>
  );
}
