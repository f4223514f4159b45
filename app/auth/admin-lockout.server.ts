import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { permissions, rolePermissions } from "./roles.tables";
import { userPermissions, userRoles, users } from "./users.tables";

/**
 * Keeps the admin area from locking itself out: before a change to
 * a user's roles or direct permissions, a role's permissions, or before
 * banning or deleting accounts, the admin holders are worked out as they
 * would be afterwards. Refused when the acting admin would lose their own
 * admin access, or when no unbanned account would keep full access
 * ("admin") any more. Admins are few, so the holders are read in one small
 * batch (indexed on the two permission rows) and the change applied in memory.
 */

/** The two permissions that open the admin area: "admin" (everything) and "admin.access". */
const ADMIN_NAMES = ["admin", "admin.access"] as const;
const SUPER = "admin";

export const OWN_ACCESS_MESSAGE = "You cannot remove your own admin access. Ask another administrator.";
export const LAST_ADMIN_MESSAGE = "The site must keep at least one administrator with full access.";

export type AccessChange =
  /** A user's roles and direct permissions are replaced. */
  | { kind: "user"; userId: number; roleIds: number[]; permissions: string[] }
  /** A role's permissions are replaced, or the role deleted (null). */
  | { kind: "role"; roleId: number; permissions: string[] | null }
  /** Accounts banned or deleted. */
  | { kind: "remove-users"; userIds: number[] };

type Holders = Map<number, Set<string>>;

interface AdminAccessState {
  /** Unbanned users and the admin permissions they hold, by any route. */
  holders: Holders;
  /** Per user, the roles through which they hold an admin permission. */
  viaRole: Map<number, Map<number, Set<string>>>;
  /** Admin permissions given to users directly. */
  direct: Holders;
  /** Roles that carry an admin permission. */
  roleGrants: Map<number, Set<string>>;
  banned: Set<number>;
}

async function readAdminAccess(db: Database, extraUserIds: number[]): Promise<AdminAccessState> {
  const names = [...ADMIN_NAMES];
  const [roleRows, roleHoldings, directHoldings, bannedRows] = await db.batch([
    db
      .select({ roleId: rolePermissions.roleId, name: permissions.name })
      .from(permissions)
      .innerJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
      .where(inArray(permissions.name, names)),
    db
      .select({ userId: userRoles.userId, roleId: userRoles.roleId, name: permissions.name })
      .from(permissions)
      .innerJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
      .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(inArray(permissions.name, names), isNull(users.bannedAt))),
    db
      .select({ userId: userPermissions.userId, name: permissions.name })
      .from(permissions)
      .innerJoin(userPermissions, eq(userPermissions.permissionId, permissions.id))
      .innerJoin(users, eq(users.id, userPermissions.userId))
      .where(and(inArray(permissions.name, names), isNull(users.bannedAt))),
    db
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.bannedAt), inArray(users.id, extraUserIds.length ? extraUserIds : [0]))),
  ]);
  const holders: Holders = new Map();
  const viaRole = new Map<number, Map<number, Set<string>>>();
  const roleGrants = new Map<number, Set<string>>();
  const add = <K>(map: Map<K, Set<string>>, key: K, name: string) => map.set(key, (map.get(key) ?? new Set()).add(name));
  for (const row of roleRows) add(roleGrants, row.roleId, row.name);
  for (const row of roleHoldings) {
    add(holders, row.userId, row.name);
    if (!viaRole.has(row.userId)) viaRole.set(row.userId, new Map());
    add(viaRole.get(row.userId)!, row.roleId, row.name);
  }
  const direct: Holders = new Map();
  for (const row of directHoldings) {
    add(holders, row.userId, row.name);
    add(direct, row.userId, row.name);
  }
  return { holders, viaRole, direct, roleGrants, banned: new Set(bannedRows.map((r) => r.id)) };
}

/** The holders as they would be after `change` (pure; exported for unit tests). */
export function holdersAfter(state: Omit<AdminAccessState, "holders">, change: AccessChange): Holders {
  const after: Holders = new Map();
  const addAll = (userId: number, names: Iterable<string>) => {
    for (const name of names) after.set(userId, (after.get(userId) ?? new Set()).add(name));
  };
  const removed = change.kind === "remove-users" ? new Set(change.userIds) : new Set<number>();
  for (const [userId, roles] of state.viaRole) {
    if (removed.has(userId) || (change.kind === "user" && change.userId === userId)) continue;
    for (const [roleId, names] of roles) {
      if (change.kind === "role" && change.roleId === roleId) addAll(userId, (change.permissions ?? []).filter(isAdminName));
      else addAll(userId, names);
    }
  }
  for (const [userId, names] of state.direct) {
    if (removed.has(userId) || (change.kind === "user" && change.userId === userId)) continue;
    addAll(userId, names);
  }
  if (change.kind === "user" && !state.banned.has(change.userId)) {
    for (const roleId of change.roleIds) addAll(change.userId, state.roleGrants.get(roleId) ?? []);
    addAll(change.userId, change.permissions.filter(isAdminName));
  }
  return after;
}

function isAdminName(name: string) {
  return (ADMIN_NAMES as readonly string[]).includes(name);
}

const canEnter = (names: Set<string> | undefined) => Boolean(names && names.size > 0);
const superCount = (holders: Holders) => [...holders.values()].filter((names) => names.has(SUPER)).length;

/** Decides from before/after holders; null when the change is safe. */
export function lockoutProblemOf(before: Holders, after: Holders, actorId: number | null): string | null {
  if (actorId !== null && canEnter(before.get(actorId)) && !canEnter(after.get(actorId))) return OWN_ACCESS_MESSAGE;
  if (superCount(before) > 0 && superCount(after) === 0) return LAST_ADMIN_MESSAGE;
  return null;
}

/**
 * Why `change` must be refused (an English message for t()), or null.
 * `actorId` is the admin making the change (null for system changes).
 */
export async function adminLockoutProblem(db: Database, change: AccessChange, actorId: number | null): Promise<string | null> {
  const state = await readAdminAccess(db, change.kind === "user" ? [change.userId] : []);
  return lockoutProblemOf(state.holders, holdersAfter(state, change), actorId);
}

/** Which of `userIds` can open the admin area now (for "only a super admin may change another admin"). */
export async function adminAccountsAmong(db: Database, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const { holders } = await readAdminAccess(db, []);
  return userIds.filter((id) => canEnter(holders.get(id)));
}
