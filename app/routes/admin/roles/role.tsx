import { data, Form } from "react-router";
import type { Route } from "./+types/role";
import { requireAdmin } from "~/admin/access.server";
import { askForConfirmation, isConfirmed } from "~/admin/confirm.server";
import { idParam } from "~/admin/params";
import { readPermissionGrants } from "~/admin/permission-grants";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { ConfirmationPanel } from "~/admin/ui/confirmation-panel";
import { ConfirmedActionButton } from "~/admin/ui/confirmed-action";
import { AdminPageHeader, AdminSection } from "~/admin/ui/page";
import { PermissionGrantsField } from "~/admin/ui/permission-grants-field";
import { roleSchema } from "~/auth/role-admin.schema";
import { deleteRole, loadRoleForEditor, saveRole } from "~/auth/role-admin.server";
import { rolesAndPermissions } from "~/auth/user-admin.server";
import { useTrans } from "~/i18n/translation-context";
import { redirectWithToast } from "~/toasts/flash.server";
import { CheckboxField, FormErrors, IntentField, SubmitButton, TextField } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission, readIntent } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: siteTitle(matches, loaderData?.role?.name ?? "New role") }];

/** /admin/roles/new and /admin/roles/:roleId. */
function roleIdOf(params: { roleId?: string }) {
  return params.roleId === undefined ? null : idParam(params.roleId);
}

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.rolesUpdate);
  const id = roleIdOf(args.params);
  const [found, { permissions }] = await Promise.all([id === null ? null : loadRoleForEditor(admin.app.db, id), rolesAndPermissions(admin.app.db)]);
  if (id !== null && !found) throw data(null, { status: 404 });
  return {
    role: found
      ? { id: found.role.id, name: found.role.name, description: found.role.description ?? "", default: found.role.default, guest: found.role.guest, updatedAt: found.role.updatedAt.toISOString() }
      : null,
    grants: found?.grants ?? [],
    permissions,
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.rolesUpdate);
  const { request } = args;
  const id = roleIdOf(args.params);
  const t = admin.app.t;
  const formData = await request.formData();
  if (readIntent(formData) === "delete" && id !== null) {
    if (!isConfirmed(formData)) {
      return askForConfirmation({ intent: "delete", ids: [id], title: "Delete this role?", message: "Its users lose the role and its permissions.", confirmLabel: "Delete" });
    }
    const result = await deleteRole(admin.app.db, id, admin.record("roles.delete", "role"), admin.user.id);
    if (!result.ok) return data({ message: t(result.message) }, { status: 400 });
    return redirectWithToast(request, "/admin/roles", { message: t("Role deleted"), type: "positive" });
  }
  const submission = await parseFormSubmission(formData, roleSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { permissions } = await rolesAndPermissions(admin.app.db);
  const grants = readPermissionGrants(formData, permissions);
  if (!grants.ok) return invalidSubmission(submission, { fieldErrors: grants.errors, status: 422 });
  const result = await saveRole(admin.app.db, id, submission.value, grants.grants, admin.record(id === null ? "roles.create" : "roles.update", "role"), admin.user.id);
  if (!result.ok) {
    if (result.notFound) throw data(null, { status: 404 });
    return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  }
  return redirectWithToast(request, `/admin/roles/${result.id}`, { message: t("Role saved"), type: "positive" });
}

export default function RoleEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const { role } = loaderData;
  const confirmation = actionData && "confirm" in actionData ? actionData.confirm : null;
  const [form, fields] = useAppForm({
    schema: roleSchema,
    id: `role-${role?.updatedAt ?? "new"}`,
    lastResult: confirmation ? undefined : (actionData as never),
    defaultValue: role ? { name: role.name, description: role.description, default: role.default } : {},
  });
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/roles", label: "Roles" }}
        title={role ? role.name : t("New role")}
        description={role?.guest ? t("Visitors who are not signed in have these permissions.") : undefined}
        actions={
          role && !role.guest ? <ConfirmedActionButton intent="delete" label="Delete" title="Delete this role?" message="Its users lose the role and its permissions." confirmLabel="Delete" /> : null
        }
      />
      {confirmation ? <ConfirmationPanel request={confirmation} /> : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <IntentField value="save" />
        <FormErrors form={form} />
        <AdminSection>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField meta={fields.name} label={t("Name")} />
            <TextField meta={fields.description} label={t("Description")} />
            {role?.guest ? null : <CheckboxField meta={fields.default} label={t("Give this role to new users")} className="md:col-span-2" />}
          </div>
        </AdminSection>
        <AdminSection title={t("Permissions")} description={t("Restrictions are quotas: empty means no limit.")}>
          <PermissionGrantsField
            legend="Permissions"
            permissions={loaderData.permissions}
            granted={loaderData.grants}
            errors={(actionData as { error?: Record<string, string[]> } | undefined)?.error}
          />
        </AdminSection>
        <div className="flex justify-end">
          <SubmitButton>{t("Save role")}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
