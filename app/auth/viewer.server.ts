import { eq } from "drizzle-orm";
import { SETTINGS_CACHE_TTL_MS } from "~/constants";
import type { Database } from "~/db/client.server";
import { permissions, rolePermissions, roles } from "./roles.tables";
import type { PermissionRestrictions, Viewer } from "../request/viewer";

let cachedGuest: { value: Viewer; expiresAt: number } | null = null;

export function invalidateGuestViewerCache() {
  cachedGuest = null;
}

/** A visitor who is not signed in: the guest role's permissions (cached per isolate). */
export async function loadGuestViewer(db: Database): Promise<Viewer> {
  const now = Date.now();
  if (cachedGuest && cachedGuest.expiresAt > now) return cachedGuest.value;
  const rows = await db
    .select({ roleId: roles.id, name: permissions.name, restrictions: rolePermissions.restrictions })
    .from(roles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(roles.guest, true));
  const value: Viewer = {
    userId: null,
    roleIds: [...new Set(rows.map((r) => r.roleId))],
    permissions: new Map<string, PermissionRestrictions>(rows.map((r) => [r.name, r.restrictions])),
    isSubscribed: false,
  };
  cachedGuest = { value, expiresAt: now + SETTINGS_CACHE_TTL_MS };
  return value;
}
