import { data, Link } from "react-router";
import type { Route } from "./+types/workspace";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminPageHeader, AdminSection, Badge, FactList } from "~/admin/ui/page";
import { useTrans } from "~/i18n/translation-context";
import { useDates } from "~/ui/use-dates";
import { redirectWithToast } from "~/toasts/flash.server";
import { formatBytes } from "~/uploads/restrictions";
import { deleteWorkspacesByAdmin, loadWorkspaceForAdmin } from "~/workspaces/workspace-admin.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.workspace.name ?? "Workspace") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.workspacesView);
  const found = await loadWorkspaceForAdmin(admin.app.db, idParam(args.params.workspaceId));
  if (!found) throw data(null, { status: 404 });
  return {
    workspace: { ...found.workspace, createdAt: found.workspace.createdAt.toISOString() },
    members: found.members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    invites: found.invites.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
    files: found.files,
    canDelete: admin.can(P.workspacesDelete),
    canSeeUsers: admin.can(P.usersUpdate),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.workspacesDelete);
  const id = idParam(args.params.workspaceId);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "delete") throw data({ message: admin.app.t("Unknown action.") }, { status: 400 });
  if (!isConfirmed(formData)) {
    return askForConfirmation({ intent: "delete", ids: [id], title: "Delete this workspace?", message: "Its members and invitations go; files go back to their uploaders.", confirmLabel: "Delete" });
  }
  await deleteWorkspacesByAdmin(admin.app.db, [id], admin.record("workspaces.delete", "workspace"));
  return redirectWithToast(args.request, "/admin/workspaces", { message: admin.app.t("Workspace deleted"), type: "positive" });
}

export default function AdminWorkspace({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { format } = useDates();
  const { workspace, members, invites, files } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/workspaces", label: "Workspaces" }}
        title={workspace.name}
        actions={
          loaderData.canDelete ? (
            <ConfirmedActionButton intent="delete" label="Delete" title="Delete this workspace?" message="Its members and invitations go; files go back to their uploaders." confirmLabel="Delete" />
          ) : null
        }
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <AdminSection title={t("Members (:count)", { count: members.length })}>
          <ul className="divide-y divide-divider" data-testid="workspace-members">
            {members.map((m) => (
              <li key={m.userId} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {loaderData.canSeeUsers ? (
                    <Link to={`/admin/users/${m.userId}`} className="font-medium hover:underline">
                      {m.email}
                    </Link>
                  ) : (
                    m.email
                  )}
                  <span className="ml-2 text-xs text-muted">{t("joined :date", { date: format(m.joinedAt, "date") })}</span>
                </span>
                <Badge tone={m.role === "owner" ? "primary" : "neutral"}>{t(m.role)}</Badge>
              </li>
            ))}
          </ul>
          {invites.length > 0 ? (
            <>
              <h3 className="mt-6 mb-2 text-sm font-semibold">{t("Pending invitations")}</h3>
              <ul className="flex flex-col gap-1 text-sm">
                {invites.map((i) => (
                  <li key={i.email} className="flex justify-between gap-2">
                    <span>{i.email}</span>
                    <span className="text-xs text-muted">{t("until :date", { date: format(i.expiresAt, "date") })}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </AdminSection>
        <AdminSection title={t("About")}>
          <FactList
            facts={[
              { label: "Owner", value: workspace.ownerEmail },
              { label: "Created", value: format(workspace.createdAt, "date") },
              { label: "Files", value: `${files.count} · ${formatBytes(files.bytes)}` },
            ]}
          />
        </AdminSection>
      </div>
    </>
  );
}
