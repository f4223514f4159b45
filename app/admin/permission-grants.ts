/**
 * Permissions granted with optional restriction values (a
 * permission may carry named numeric restrictions such as quotas), as a
 * role or user form posts them: a checkbox per permission named
 * "permissions" and, for restricted ones, a number field named
 * "restriction:<permission>:<restriction>" (empty = no limit).
 */
export interface PermissionGrant {
  name: string;
  restrictions: { name: string; value: number }[];
}

export interface KnownPermission {
  name: string;
  restrictions: string[];
}

export type GrantsResult = { ok: true; grants: PermissionGrant[] } | { ok: false; errors: Record<string, string[]> };

export function readPermissionGrants(formData: FormData, known: KnownPermission[]): GrantsResult {
  const chosen = new Set(formData.getAll("permissions").filter((v): v is string => typeof v === "string"));
  const errors: Record<string, string[]> = {};
  const grants: PermissionGrant[] = [];
  for (const name of chosen) {
    const permission = known.find((p) => p.name === name);
    if (!permission) {
      errors.permissions = [`Unknown permission: ${name.slice(0, 60)}`];
      continue;
    }
    const restrictions: PermissionGrant["restrictions"] = [];
    for (const restriction of permission.restrictions) {
      const field = `restriction:${name}:${restriction}`;
      const raw = formData.get(field);
      if (typeof raw !== "string" || raw.trim() === "") continue;
      const value = Number(raw);
      if (!Number.isSafeInteger(value) || value < 0 || value > 1_000_000_000) {
        errors[field] = ["Enter a whole number of 0 or more."];
        continue;
      }
      restrictions.push({ name: restriction, value });
    }
    grants.push({ name, restrictions });
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, grants: grants.sort((a, b) => a.name.localeCompare(b.name)) };
}
