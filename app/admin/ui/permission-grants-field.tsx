import { useState } from "react";
import { useTrans } from "~/i18n/translation-context";
import { FieldErrors } from "~/ui/forms/fields";
import type { PermissionGrant } from "../permission-grants";

export interface PermissionOption {
  name: string;
  displayName: string;
  group: string;
  description: string | null;
  restrictions: string[];
}

/**
 * Permissions as checkboxes grouped like the seed groups them, each
 * restricted permission with a number field per restriction (empty = no
 * limit). Posts what app/admin/permission-grants.ts reads.
 */
export function PermissionGrantsField({ permissions, granted, errors, legend }: { permissions: PermissionOption[]; granted: PermissionGrant[]; errors?: Record<string, string[]>; legend: string }) {
  const t = useTrans();
  const [checked, setChecked] = useState(() => new Set(granted.map((g) => g.name)));
  const groups = [...new Set(permissions.map((p) => p.group))];
  return (
    <fieldset className="flex flex-col gap-4" data-testid="permission-grants">
      <legend className="mb-1 text-sm font-medium text-foreground">{t(legend)}</legend>
      <FieldErrors id="permissions-error" errors={errors?.permissions} />
      <div className="grid gap-4 md:grid-cols-2">
        {groups.map((group) => (
          <div key={group} className="rounded-theme border border-divider p-3">
            <p className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{t(group)}</p>
            <ul className="flex flex-col gap-2">
              {permissions
                .filter((p) => p.group === group)
                .map((permission) => {
                  const grant = granted.find((g) => g.name === permission.name);
                  return (
                    <li key={permission.name}>
                      <label className="flex items-start gap-2 text-sm">
                        <input
                          type="checkbox"
                          name="permissions"
                          value={permission.name}
                          defaultChecked={Boolean(grant)}
                          onChange={(event) => {
                            const on = event.currentTarget.checked;
                            setChecked((current) => {
                              const next = new Set(current);
                              if (on) next.add(permission.name);
                              else next.delete(permission.name);
                              return next;
                            });
                          }}
                          className="mt-0.5 size-4 accent-(--be-primary)"
                        />
                        <span>
                          <span className="font-medium text-foreground">{t(permission.displayName)}</span>
                          <code className="ml-2 text-xs text-muted">{permission.name}</code>
                          {permission.description ? <span className="block text-xs text-muted">{t(permission.description)}</span> : null}
                        </span>
                      </label>
                      {permission.restrictions.length > 0 ? (
                        <div className={`mt-1 ml-6 flex flex-wrap gap-3 ${checked.has(permission.name) ? "" : "opacity-60"}`}>
                          {permission.restrictions.map((restriction) => {
                            const name = `restriction:${permission.name}:${restriction}`;
                            return (
                              <label key={restriction} className="flex flex-col gap-1 text-xs text-muted">
                                {restriction}
                                <input
                                  type="number"
                                  name={name}
                                  min={0}
                                  step={1}
                                  defaultValue={grant?.restrictions.find((r) => r.name === restriction)?.value ?? ""}
                                  placeholder={t("No limit")}
                                  className="w-28 rounded-theme border border-divider bg-background px-2 py-1 text-sm text-foreground"
                                />
                                <FieldErrors id={`${name}-error`} errors={errors?.[name]} />
                              </label>
                            );
                          })}
                        </div>
                      ) : null}
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
