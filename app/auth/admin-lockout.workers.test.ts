import { env } from "cloudflare:workers";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { openD1 } from "~/db/client.server";
import { adminAccountsAmong, adminLockoutProblem, LAST_ADMIN_MESSAGE, OWN_ACCESS_MESSAGE } from "./admin-lockout.server";
import { deleteRole, saveRole } from "./role-admin.server";
import { permissions, rolePermissions, roles } from "./roles.tables";
import { banUsers, updateUserByAdmin } from "./user-admin.server";
import { userPermissions, userRoles, users } from "./users.tables";

/**
 * The admin area never locks itself out: an admin cannot take
 * their own admin access away (their roles, a role they hold, deleting that
 * role) and nobody can remove the last full administrator (by editing,
 * banning, or through a role). Real D1 in workerd.
 */
const { db } = openD1(env.DB, null);
let n = 0;
const unique = (text: string) => `${text}-${Date.now().toString(36)}-${++n}`;

async function permissionIds() {
  await db.run(sql`INSERT OR IGNORE INTO permissions (name, display_name, "group") VALUES
    ('admin', 'Super admin', 'admin'), ('admin.access', 'Access admin area', 'admin'), ('users.update', 'Update users', 'users')`);
  const rows = await db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.name, ["admin", "admin.access", "users.update"]));
  return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<"admin" | "admin.access" | "users.update", number>;
}

async function role(names: ("admin" | "admin.access" | "users.update")[]) {
  const ids = await permissionIds();
  const [row] = await db
    .insert(roles)
    .values({ name: unique("role") })
    .returning();
  if (names.length) await db.insert(rolePermissions).values(names.map((name) => ({ roleId: row.id, permissionId: ids[name] })));
  return row;
}

async function user(roleIds: number[]) {
  const [row] = await db
    .insert(users)
    .values({ email: `${unique("u")}@example.test` })
    .returning();
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
  return row;
}

const input = (email: string, roleIds: number[]) => ({ email, emailVerified: true, roles: roleIds });

/** Makes `keep` the only unbanned super admins (other tests' admins are banned). */
async function onlySuperAdmins(keep: number[]) {
  const holders = await db.all<{ id: number }>(sql`SELECT DISTINCT u.id AS id FROM users u
    LEFT JOIN user_roles ur ON ur.user_id = u.id
    LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
    LEFT JOIN user_permissions up ON up.user_id = u.id
    JOIN permissions p ON p.id = rp.permission_id OR p.id = up.permission_id
    WHERE p.name = 'admin' AND u.banned_at IS NULL`);
  const others = holders.map((h) => h.id).filter((id) => !keep.includes(id));
  if (others.length) await db.update(users).set({ bannedAt: new Date(), banReason: "test isolation" }).where(inArray(users.id, others));
}

describe("an admin's own access", () => {
  let adminRole: typeof roles.$inferSelect;
  beforeEach(async () => {
    adminRole = await role(["admin", "admin.access"]);
  });

  it("cannot take the admin role off themselves", async () => {
    const me = await user([adminRole.id]);
    await user([adminRole.id]); // another super admin: only the own-access rule applies
    const result = await updateUserByAdmin(db, me.id, input(me.email, []), [], undefined, me.id);
    expect(result).toEqual({ ok: false, errors: { roles: [OWN_ACCESS_MESSAGE] } });
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, me.id))).toEqual([{ userId: me.id, roleId: adminRole.id }]);
  });

  it("may swap the role for a direct permission that keeps the access", async () => {
    const me = await user([adminRole.id]);
    await user([adminRole.id]);
    const result = await updateUserByAdmin(db, me.id, input(me.email, []), [{ name: "admin.access", restrictions: [] }], undefined, me.id);
    expect(result).toEqual({ ok: true, id: me.id });
    const [direct] = await db.select().from(userPermissions).where(eq(userPermissions.userId, me.id));
    expect(direct).toBeTruthy();
  });

  it("cannot strip the admin permissions from a role they hold, nor delete it", async () => {
    const me = await user([adminRole.id]);
    await user([adminRole.id]);
    const saved = await saveRole(db, adminRole.id, { name: adminRole.name, default: false }, [{ name: "users.update", restrictions: [] }], undefined, me.id);
    expect(saved).toEqual({ ok: false, errors: { permissions: [OWN_ACCESS_MESSAGE] } });
    expect(await deleteRole(db, adminRole.id, undefined, me.id)).toEqual({ ok: false, message: OWN_ACCESS_MESSAGE });
    expect(await db.select().from(roles).where(eq(roles.id, adminRole.id))).toHaveLength(1);
    expect(await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, adminRole.id))).toHaveLength(2);
  });

  it("may change other admins while another full administrator remains", async () => {
    const me = await user([adminRole.id]);
    const other = await user([adminRole.id]);
    expect(await updateUserByAdmin(db, other.id, input(other.email, []), [], undefined, me.id)).toEqual({ ok: true, id: other.id });
    expect(await adminAccountsAmong(db, [me.id, other.id])).toEqual([me.id]);
  });
});

describe("the last full administrator", () => {
  it("cannot be banned, edited out of the role, or lose it through the role", async () => {
    const superRole = await role(["admin", "admin.access"]);
    const staffRole = await role(["admin.access", "users.update"]);
    const last = await user([superRole.id]);
    const staff = await user([staffRole.id]);
    await onlySuperAdmins([last.id]);

    expect(await banUsers(db, [last.id], "Takeover", staff.id)).toEqual({ banned: [], refusedSelf: false, problem: LAST_ADMIN_MESSAGE });
    const [row] = await db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, last.id));
    expect(row.bannedAt).toBeNull();

    expect(await updateUserByAdmin(db, last.id, input(last.email, [staffRole.id]), [], undefined, staff.id)).toEqual({ ok: false, errors: { roles: [LAST_ADMIN_MESSAGE] } });
    expect(await saveRole(db, superRole.id, { name: superRole.name, default: false }, [{ name: "admin.access", restrictions: [] }], undefined, staff.id)).toEqual({
      ok: false,
      errors: { permissions: [LAST_ADMIN_MESSAGE] },
    });
    expect(await deleteRole(db, superRole.id, undefined, staff.id)).toEqual({ ok: false, message: LAST_ADMIN_MESSAGE });
    // Deleting their own account (account settings, DELETE api/v1/users/{id}) asks the same question with no acting admin.
    expect(await adminLockoutProblem(db, { kind: "remove-users", userIds: [last.id] }, null)).toBe(LAST_ADMIN_MESSAGE);

    // Once a second full administrator exists, the first may go.
    const second = await user([superRole.id]);
    expect(await banUsers(db, [last.id], "Left the company", second.id)).toMatchObject({ banned: [last.id] });
  });

  it("a banned administrator does not count as one", async () => {
    const superRole = await role(["admin", "admin.access"]);
    const active = await user([superRole.id]);
    const banned = await user([superRole.id]);
    await onlySuperAdmins([active.id]);
    await db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.id));
    const staff = await user([(await role(["admin.access"])).id]);
    expect(await updateUserByAdmin(db, active.id, input(active.email, []), [], undefined, staff.id)).toEqual({ ok: false, errors: { roles: [LAST_ADMIN_MESSAGE] } });
  });
});
