import { Form } from "react-router";
import type { Route } from "./+types/user-new";
import { requireAdmin } from "~/admin/access.server";
import { readPermissionGrants } from "~/admin/permission-grants";
import { ADMIN_PERMISSIONS as P } from "~/admin/permissions";
import { AdminPageHeader } from "~/admin/ui/page";
import { UserFields } from "~/admin/ui/user-fields";
import { newAdminUserSchema } from "~/auth/user-admin.schema";
import { createUserByAdmin, rolesAndPermissions } from "~/auth/user-admin.server";
import { useTrans } from "~/i18n/translation-context";
import { redirectWithToast } from "~/toasts/flash.server";
import { FormErrors, SubmitButton } from "~/ui/forms/fields";
import { invalidSubmission, parseFormSubmission } from "~/ui/forms/submission.server";
import { getFormProps, useAppForm } from "~/ui/forms/use-app-form";
import { siteTitle } from "~/seo/seo";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "New user") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, P.usersCreate);
  const data = await rolesAndPermissions(admin.app.db);
  return { ...data, canGrant: admin.can(P.rolesUpdate) };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, P.usersCreate);
  const t = admin.app.t;
  const formData = await args.request.formData();
  const submission = await parseFormSubmission(formData, newAdminUserSchema, t);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { permissions, roles } = await rolesAndPermissions(admin.app.db);
  // Roles and direct permissions are role management: without roles.update a new
  // account gets the default roles and nothing more (no way to make an administrator).
  const canGrant = admin.can(P.rolesUpdate);
  const grants = canGrant ? readPermissionGrants(formData, permissions) : { ok: true as const, grants: [] };
  if (!grants.ok) return invalidSubmission(submission, { fieldErrors: grants.errors, status: 422 });
  const input = canGrant ? submission.value : { ...submission.value, roles: roles.filter((r) => r.default).map((r) => r.id) };
  const result = await createUserByAdmin(admin.app.db, input, grants.grants, admin.record("users.create", "user"));
  if (!result.ok) return invalidSubmission(submission, { fieldErrors: result.errors, status: 422 });
  const next = admin.can(P.usersUpdate) ? `/admin/users/${result.id}` : "/admin/users";
  return redirectWithToast(args.request, next, { message: t("User created"), type: "positive" });
}

export default function NewUser({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTrans();
  const defaultRoles = loaderData.roles.filter((r) => r.default).map((r) => r.id);
  const [form, fields] = useAppForm({ schema: newAdminUserSchema, lastResult: actionData, defaultValue: { emailVerified: true } });
  return (
    <>
      <AdminPageHeader back={{ to: "/admin/users", label: "Users" }} title={t("New user")} />
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6" autoComplete="off">
        <FormErrors form={form} />
        <UserFields
          fields={fields}
          roles={loaderData.roles}
          roleIds={defaultRoles}
          permissions={loaderData.canGrant ? loaderData.permissions : []}
          grants={[]}
          errors={(actionData as { error?: Record<string, string[]> } | undefined)?.error}
          creating
          canGrant={loaderData.canGrant}
        />
        <div className="flex justify-end">
          <SubmitButton>{t("Create user")}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
