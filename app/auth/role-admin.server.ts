import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { changedFields, newRowId, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import { adminLockoutProblem } from "./admin-lockout.server";
import { permissions, rolePermissions, roles } from "./roles.tables";
import type { RoleInput } from "./role-admin.schema";
import { invalidateGuestViewerCache } from "./viewer.server";

/**
 * Roles and their permissions (with restriction values) in the admin area.
 * There is exactly one guest role (what signed-out visitors may do); it
 * cannot be deleted, and the administrator permissions are never given to it.
 * No change may take away the acting admin's own access or leave the site
 * without a full administrator (./admin-lockout.server.ts).
 */

type Grant = { name: string; restrictions: { name: string; value: number }[] };

/** Permissions a guest may never hold. */
const NEVER_FOR_GUESTS = new Set(["admin", "admin.access"]);

export async function listRolesForAdmin(db: Database) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      guest: roles.guest,
      default: roles.default,
      users: sql<number>`(SELECT count(*) FROM user_roles ur WHERE ur.role_id = ${roles.id})`.as("user_count"),
      permissions: sql<number>`(SELECT count(*) FROM role_permissions rp WHERE rp.role_id = ${roles.id})`.as("permission_count"),
    })
    .from(roles)
    .orderBy(sql`${roles.guest} DESC`, asc(roles.name));
}

export async function loadRoleForEditor(db: Database, id: number) {
  const [[role], grants] = await db.batch([
    db.select().from(roles).where(eq(roles.id, id)),
    db
      .select({ name: permissions.name, restrictions: rolePermissions.restrictions })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, id))
      .orderBy(asc(permissions.name)),
  ]);
  return role ? { role, grants } : null;
}

export type RoleSaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, string[]>; notFound?: true };

/** Creates (id null) or updates a role with its permissions, in one batch. */
export async function saveRole(db: Database, id: number | null, input: RoleInput, grants: Grant[], record?: ChangeRecorder, actorId: number | null = null): Promise<RoleSaveResult> {
  const current = id === null ? null : await loadRoleForEditor(db, id);
  if (id !== null && !current) return { ok: false, notFound: true, errors: {} };
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = ${input.name.toLowerCase()}`, id === null ? undefined : ne(roles.id, id)));
  if (clash) return { ok: false, errors: { name: ["A role with this name already exists."] } };
  const guest = current?.role.guest ?? false;
  if (guest && grants.some((g) => NEVER_FOR_GUESTS.has(g.name))) {
    return { ok: false, errors: { permissions: ["Visitors who are not signed in cannot have administrator permissions."] } };
  }
  if (guest && input.default) return { ok: false, errors: { default: ["The guest role cannot be given to new users."] } };
  if (current) {
    const lockout = await adminLockoutProblem(db, { kind: "role", roleId: current.role.id, permissions: grants.map((g) => g.name) }, actorId);
    if (lockout) return { ok: false, errors: { permissions: [lockout] } };
  }

  const values = { name: input.name, description: input.description || null, default: input.default };
  const sortedGrants = grants.slice().sort((a, b) => a.name.localeCompare(b.name));
  const statements: Statement[] = [];
  let roleRef: number | ReturnType<typeof sql>;
  if (current) {
    const diff = changedFields({ ...current.role, permissions: current.grants }, { ...values, permissions: sortedGrants });
    if (!diff.changed) return { ok: true, id: current.role.id };
    roleRef = current.role.id;
    statements.push(
      db
        .update(roles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(roles.id, current.role.id)),
    );
    statements.push(db.delete(rolePermissions).where(eq(rolePermissions.roleId, current.role.id)));
    if (record) statements.push(record({ subjectId: current.role.id, label: input.name, before: diff.before, after: diff.after }));
  } else {
    roleRef = sql`(SELECT id FROM roles WHERE name = ${input.name})`;
    statements.push(db.insert(roles).values(values));
    if (record) statements.push(record({ subjectId: newRowId, label: input.name, before: null, after: { ...values, permissions: sortedGrants } }));
  }
  // Query builders only: drizzle's D1 batch cannot bind parameters of raw SQL statements.
  const permissionIds = await permissionIdsByName(
    db,
    sortedGrants.map((g) => g.name),
  );
  for (const grant of sortedGrants) {
    const permissionId = permissionIds.get(grant.name);
    if (permissionId !== undefined) statements.push(db.insert(rolePermissions).values({ roleId: roleRef as number, permissionId, restrictions: grant.restrictions }));
  }
  await runBatch(db, statements);
  if (guest) invalidateGuestViewerCache();
  const [saved] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name));
  return { ok: true, id: saved.id };
}

/** The ids of permissions by name (unknown names are left out). */
export async function permissionIdsByName(db: Database, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.name, [...new Set(names)]));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Deletes a role (its members simply lose it). The guest role stays. */
export async function deleteRole(db: Database, id: number, record?: ChangeRecorder, actorId: number | null = null): Promise<{ ok: true } | { ok: false; message: string }> {
  const current = await loadRoleForEditor(db, id);
  if (!current) return { ok: false, message: "This role does not exist." };
  if (current.role.guest) return { ok: false, message: "The guest role cannot be deleted: it says what visitors who are not signed in may do." };
  const lockout = await adminLockoutProblem(db, { kind: "role", roleId: id, permissions: null }, actorId);
  if (lockout) return { ok: false, message: lockout };
  const statements: Statement[] = [db.delete(roles).where(eq(roles.id, id))];
  if (record) statements.push(record({ subjectId: id, label: current.role.name, before: { name: current.role.name, permissions: current.grants }, after: null }));
  await runBatch(db, statements);
  return { ok: true };
}
