/**
 * Who is looking at the page, as permission checks and menus see it.
 * A signed-in user brings their roles, permissions and subscriptions; a guest
 * has the guest role's permissions.
 */
export interface Viewer {
  userId: number | null;
  roleIds: number[];
  permissions: ReadonlyMap<string, PermissionRestrictions>;
  isSubscribed: boolean;
}

/** Named numeric restrictions on a permission, such as a quota. */
export type PermissionRestrictions = ReadonlyArray<{ name: string; value: number }>;

/** A permission named "admin" grants every permission. */
export function hasPermission(viewer: Viewer, name: string): boolean {
  return viewer.permissions.has("admin") || viewer.permissions.has(name);
}

/**
 * Quota check for a restricted permission: over quota when
 * the current count is greater than or equal to the quota; no permission when
 * it is missing; `failed` when either holds.
 */
export function checkQuota(viewer: Viewer, permission: string, restriction: string, currentCount: number) {
  const noPermission = !hasPermission(viewer, permission);
  const quota = viewer.permissions.get(permission)?.find((r) => r.name === restriction)?.value;
  const overQuota = !viewer.permissions.has("admin") && quota !== undefined && currentCount >= quota;
  return { noPermission, overQuota, failed: noPermission || overQuota };
}
