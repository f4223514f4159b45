import type { FieldMetadata } from "@conform-to/react";
import { useTrans } from "~/i18n/translation-context";
import { CheckboxField, FieldErrors, PasswordField, TextField } from "~/ui/forms/fields";
import { AdminSection } from "./page";
import { PermissionGrantsField, type PermissionOption } from "./permission-grants-field";
import type { PermissionGrant } from "../permission-grants";

type Fields = Record<"email" | "firstName" | "lastName" | "displayName" | "password" | "emailVerified" | "roles", FieldMetadata<any, any, string[]>>;

/** The fields of the admin user form (new and edit). */
export function UserFields({
  fields,
  roles,
  roleIds,
  permissions,
  grants,
  errors,
  creating,
  canGrant,
}: {
  fields: Fields;
  roles: { id: number; name: string; guest: boolean }[];
  roleIds: number[];
  permissions: PermissionOption[];
  grants: PermissionGrant[];
  errors?: Record<string, string[]>;
  creating: boolean;
  /** May change roles and direct permissions (roles.update); otherwise they are only shown. */
  canGrant: boolean;
}) {
  const t = useTrans();
  return (
    <>
      <AdminSection title={t("Account")}>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField meta={fields.email} label={t("Email")} type="email" autoComplete="off" className="md:col-span-2" />
          <TextField meta={fields.firstName} label={t("First name")} />
          <TextField meta={fields.lastName} label={t("Last name")} />
          <TextField meta={fields.displayName} label={t("Display name")} description={t("Shown publicly; empty uses the first and last name.")} />
          <PasswordField
            meta={fields.password}
            label={creating ? t("Password") : t("New password")}
            description={creating ? undefined : t("Leave empty to keep the current one. A new password signs the user out everywhere.")}
            autoComplete="new-password"
          />
          <CheckboxField meta={fields.emailVerified} label={t("E-mail address verified")} className="md:col-span-2" />
        </div>
      </AdminSection>
      <AdminSection title={t("Roles")} description={canGrant ? undefined : t("Changing roles and permissions needs the roles.update permission.")}>
        {canGrant ? (
          <div className="flex flex-wrap gap-4">
            {roles
              .filter((r) => !r.guest)
              .map((role) => (
                <label key={role.id} className="inline-flex items-center gap-2 text-sm">
                  <input type="checkbox" name="roles" value={role.id} defaultChecked={roleIds.includes(role.id)} className="size-4 accent-(--be-primary)" />
                  {role.name}
                </label>
              ))}
          </div>
        ) : (
          <p className="text-sm text-foreground">
            {roles
              .filter((r) => roleIds.includes(r.id))
              .map((r) => r.name)
              .join(", ") || t("No roles")}
          </p>
        )}
        <FieldErrors id={fields.roles.errorId} errors={fields.roles.errors} />
      </AdminSection>
      {canGrant ? (
        <AdminSection title={t("Direct permissions")} description={t("Given to this user on top of their roles'. A restriction set here replaces the roles' one.")}>
          <PermissionGrantsField legend="Permissions" permissions={permissions} granted={grants} errors={errors} />
        </AdminSection>
      ) : null}
    </>
  );
}
