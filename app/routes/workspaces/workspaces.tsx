import { Form, Link } from "react-router";
import type { Route } from "./+types/workspaces";
import { requireUser } from "~/auth/guards.server";
import { hasPermission } from "~/request/viewer";
import { useTrans } from "~/i18n/translation-context";
import { getApp } from "~/request/context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, IntentField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, refusedSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { activeWorkspace, activeWorkspaceCookie, workspacesOfViewer } from "~/workspaces/active-workspace.server";
import { RoleLabel, SwitchWorkspaceForm } from "~/workspaces/ui/workspace-forms";
import { workspaceNameSchema } from "~/workspaces/schema";
import { createWorkspace, CREATE_PERMISSION } from "~/workspaces/workspaces.server";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Workspaces") }];

export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const app = getApp(args.context);
  const [workspaces, active] = await Promise.all([workspacesOfViewer(app), activeWorkspace(args.context, args.request)]);
  return { workspaces, activeId: active?.id ?? 0, canCreate: hasPermission(app.viewer, CREATE_PERMISSION) };
}

/** Creates a workspace and makes it the active one. */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const { request, context } = args;
  const app = getApp(context);
  const submission = await parseFormSubmission(request, workspaceNameSchema, app.t);
  if (submission.status !== "success") return invalidSubmission(submission);
  try {
    const workspace = await createWorkspace(app.db, app.viewer, submission.value.name);
    return redirectWithToast(
      request,
      `/workspaces/${workspace.id}`,
      { message: app.t("Created workspace") },
      {
        status: 303,
        headers: { "Set-Cookie": activeWorkspaceCookie(request, workspace.id) },
      },
    );
  } catch (error) {
    return refusedSubmission(submission, error, app.t, { as: "name" });
  }
}

export default function Workspaces({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const [form, fields] = useAppForm({ schema: workspaceNameSchema, lastResult: actionData, id: "create-workspace" });
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-semibold">{t("Workspaces")}</h1>
      <p className="mt-1 text-sm text-muted">{t("Share files with your team. Everything you create goes to the active workspace.")}</p>
      <ul className="mt-6 divide-y divide-divider overflow-hidden rounded-theme border border-divider bg-elevated" data-testid="workspace-list">
        {loaderData.workspaces.map((workspace) => {
          const active = workspace.id === loaderData.activeId;
          return (
            <li key={workspace.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="workspace-row" data-workspace-id={workspace.id}>
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-medium">
                  <span className="truncate">{workspace.name}</span>
                  {active ? <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{t("Active")}</span> : null}
                </p>
                <p className="mt-0.5 flex items-center gap-2 text-xs text-muted">
                  <RoleLabel role={workspace.role} />
                  {t("[one :count member|other :count members]", { count: workspace.members_count })}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {active ? null : <SwitchWorkspaceForm workspaceId={workspace.id}>{t("Switch to")}</SwitchWorkspaceForm>}
                {workspace.default ? null : (
                  <Link to={`/workspaces/${workspace.id}`} className="rounded-theme px-3 py-1.5 text-sm font-medium text-primary hover:bg-primary-light">
                    {t("Manage")}
                  </Link>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {loaderData.canCreate ? (
        <section className="mt-8 rounded-theme border border-divider bg-elevated p-4">
          <h2 className="font-semibold">{t("Create workspace")}</h2>
          <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
            <IntentField value="create" />
            <FormErrors form={form} />
            <TextField meta={fields.name} label={t("Name")} className="flex-1" autoComplete="off" />
            <SubmitButton className="sm:mt-6">{t("Create")}</SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
