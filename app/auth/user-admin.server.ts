import { memberColumns } from "./member-columns";
import { csvCell } from "~/files/csv";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { hasValidSubscription } from "~/billing/subscription-admin.server";
import type { Database } from "~/db/client.server";
import { changedFields, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import { normalizeEmail } from "./email";
import { adminLockoutProblem } from "./admin-lockout.server";
import { permissionIdsByName } from "./role-admin.server";
import { hashPassword } from "./password.server";
import { permissions, roles } from "./roles.tables";
import { securityLogEntry } from "./security-log.server";
import { sessions } from "./sessions.tables";
import type { AdminUserInput } from "./user-admin.schema";
import { displayNameOf } from "./users.server";
import { freeUsername } from "./usernames.server";
import { socialProfiles, userPermissions, userRoles, users } from "./users.tables";

/**
 * Accounts as the admin area manages them: the filtered list, creating and
 * editing (roles, direct permissions, e-mail verified), banning (sessions
 * end in the same batch; a banned account cannot sign in) and the CSV
 * export. Deleting goes through the account's own deletion
 * (app/account/account-deletion.server.ts), which also clears billing and
 * uploads. Secrets never leave: no password hash, no two-factor secret.
 */

export const USER_SORTS = ["created_at", "email", "name"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface UserListQuery {
  q: string;
  roleId: number | null;
  verified: boolean | null;
  subscribed: boolean | null;
  banned: boolean | null;
  sort: UserSort;
  dir: "asc" | "desc";
}

/**
 * The WHERE of a user list: e-mail or a name by prefix, or an id; filters.
 * Each prefix is an index range (users_email_unique and the lower(name)
 * indexes), so a search reads the matches only.
 */
function userConditions(query: UserListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.q) {
    const q = normalizeEmail(query.q);
    const end = `${q}\uffff`;
    const byText = sql`((${users.email} >= ${q} AND ${users.email} < ${end})
      OR (lower(${users.firstName}) >= ${q} AND lower(${users.firstName}) < ${end})
      OR (lower(${users.lastName}) >= ${q} AND lower(${users.lastName}) < ${end})
      OR (lower(${users.displayName}) >= ${q} AND lower(${users.displayName}) < ${end}))`;
    where.push(/^\d{1,12}$/.test(q) ? sql`(${users.id} = ${Number(q)} OR ${byText})` : byText);
  }
  if (query.roleId) where.push(sql`EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${users.id} AND r.role_id = ${query.roleId})`);
  if (query.verified !== null) where.push(query.verified ? isNotNull(users.emailVerifiedAt) : isNull(users.emailVerifiedAt));
  if (query.banned !== null) where.push(query.banned ? isNotNull(users.bannedAt) : isNull(users.bannedAt));
  if (query.subscribed !== null) {
    const valid = hasValidSubscription(users.id);
    where.push(query.subscribed ? valid : sql`NOT ${valid}`);
  }
  return where.length ? and(...where) : undefined;
}

const userListColumns = {
  ...memberColumns,
  emailVerifiedAt: users.emailVerifiedAt,
  bannedAt: users.bannedAt,
  banReason: users.banReason,
  createdAt: users.createdAt,
};

function orderOf(query: Pick<UserListQuery, "sort" | "dir">) {
  const dir = query.dir === "asc" ? asc : desc;
  switch (query.sort) {
    case "email":
      return [dir(users.email)];
    case "name":
      return [
        query.dir === "asc"
          ? sql`coalesce(${users.displayName}, ${users.firstName}, ${users.email}) COLLATE NOCASE ASC`
          : sql`coalesce(${users.displayName}, ${users.firstName}, ${users.email}) COLLATE NOCASE DESC`,
        desc(users.id),
      ];
    default:
      return [dir(users.id)];
  }
}

/** One page of users with their role names and whether they are subscribed. */
export async function listUsersForAdmin(db: Database, query: UserListQuery & { offset: number; limit: number }) {
  const condition = userConditions(query);
  const [rows, count] = await db.batch([
    db
      .select({ ...userListColumns, subscribed: sql<number>`${hasValidSubscription(users.id)}`.as("is_subscribed") })
      .from(users)
      .where(condition)
      .orderBy(...orderOf(query))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: sql<number>`count(*)` }).from(users).where(condition),
  ]);
  const roleRows = rows.length
    ? await db
        .select({ userId: userRoles.userId, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    rows: rows.map((row) => ({
      ...row,
      name: displayNameOf(row),
      subscribed: Boolean(row.subscribed),
      roles: roleRows.filter((r) => r.userId === row.id).map((r) => r.name),
    })),
    total: Number(count[0]?.n ?? 0),
  };
}

/** Every role and permission, for the user and role forms. */
export async function rolesAndPermissions(db: Database) {
  const [roleRows, permissionRows] = await db.batch([
    db.select({ id: roles.id, name: roles.name, guest: roles.guest, default: roles.default }).from(roles).orderBy(asc(roles.name)),
    db
      .select({
        id: permissions.id,
        name: permissions.name,
        displayName: permissions.displayName,
        group: permissions.group,
        description: permissions.description,
        restrictions: permissions.restrictions,
      })
      .from(permissions)
      .orderBy(asc(permissions.group), asc(permissions.name)),
  ]);
  return { roles: roleRows, permissions: permissionRows };
}

/** A user for the editor: profile, roles, direct permissions, sign-in methods, session count. */
export async function loadUserForEditor(db: Database, id: number) {
  const [found, roleRows, grantRows, socialRows, sessionCount] = await db.batch([
    db
      .select({
        ...userListColumns,
        updatedAt: users.updatedAt,
        language: users.language,
        country: users.country,
        timezone: users.timezone,
        hasPassword: sql<number>`${users.password} IS NOT NULL`,
        twoFactor: sql<number>`${users.twoFactorConfirmedAt} IS NOT NULL`,
      })
      .from(users)
      .where(eq(users.id, id)),
    db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id)),
    db
      .select({ name: permissions.name, restrictions: userPermissions.restrictions })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, id)),
    db.select({ serviceName: socialProfiles.serviceName, username: socialProfiles.username }).from(socialProfiles).where(eq(socialProfiles.userId, id)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(sessions)
      .where(and(eq(sessions.userId, id), sql`${sessions.expiresAt} > unixepoch()`)),
  ]);
  const user = found[0];
  if (!user) return null;
  return {
    user: { ...user, name: displayNameOf(user), hasPassword: Boolean(user.hasPassword), twoFactor: Boolean(user.twoFactor) },
    roleIds: roleRows.map((r) => r.roleId),
    grants: grantRows.map((g) => ({ name: g.name, restrictions: g.restrictions })),
    social: socialRows,
    activeSessions: Number(sessionCount[0]?.n ?? 0),
  };
}

type Grant = { name: string; restrictions: { name: string; value: number }[] };
export type UserSaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, string[]>; notFound?: true };

async function checkRoles(db: Database, roleIds: number[]) {
  if (roleIds.length === 0) return null;
  const rows = await db.select({ id: roles.id, guest: roles.guest }).from(roles).where(inArray(roles.id, roleIds));
  if (rows.length !== new Set(roleIds).size) return { roles: ["Choose roles from the list."] };
  if (rows.some((r) => r.guest)) return { roles: ["The guest role is for visitors who are not signed in."] };
  return null;
}

/**
 * Direct permission rows for a user (`userId` may be a subquery for a user
 * created in the same batch). Query builders only: drizzle's D1 batch cannot
 * bind parameters of raw SQL statements.
 */
async function grantStatements(db: Database, userId: number | SQL, grants: Grant[]): Promise<Statement[]> {
  const ids = await permissionIdsByName(
    db,
    grants.map((g) => g.name),
  );
  return grants.flatMap((grant) => {
    const permissionId = ids.get(grant.name);
    return permissionId === undefined ? [] : [db.insert(userPermissions).values({ userId: userId as number, permissionId, restrictions: grant.restrictions })];
  });
}

/** Creates an account from the admin area (its e-mail may already be verified). */
export async function createUserByAdmin(db: Database, input: AdminUserInput & { password: string }, grants: Grant[], record?: ChangeRecorder): Promise<UserSaveResult> {
  const email = normalizeEmail(input.email);
  const roleProblem = await checkRoles(db, input.roles);
  if (roleProblem) return { ok: false, errors: roleProblem };
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) return { ok: false, errors: { email: ["This email is already taken."] } };
  const values = {
    email,
    password: await hashPassword(input.password),
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    displayName: input.displayName || null,
    // A username made from the name it shows (decision 043); none without a name ("Member <id>").
    username: input.displayName || input.firstName || input.lastName ? await freeUsername(db, input.displayName || `${input.firstName ?? ""} ${input.lastName ?? ""}`) : null,
    emailVerifiedAt: input.emailVerified ? new Date() : null,
  };
  const newId = sql`(SELECT id FROM users WHERE email = ${email})`;
  const statements: Statement[] = [db.insert(users).values(values)];
  for (const roleId of new Set(input.roles)) statements.push(db.insert(userRoles).values({ userId: newId as unknown as number, roleId }));
  statements.push(...(await grantStatements(db, newId, grants)));
  if (record) {
    const { password: _hash, ...shown } = values;
    statements.push(record({ subjectId: sql`(SELECT CAST(id AS TEXT) FROM users WHERE email = ${email})`, label: email, before: null, after: { ...shown, roles: input.roles, permissions: grants } }));
  }
  await runBatch(db, statements);
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { ok: true, id: created.id };
}

/**
 * Saves an account's profile, roles, direct permissions and verification.
 * A new password (optional) replaces the old one and ends the account's
 * sessions, as a password reset would.
 */
export async function updateUserByAdmin(db: Database, id: number, input: AdminUserInput, grants: Grant[], record?: ChangeRecorder, actorId: number | null = null): Promise<UserSaveResult> {
  const current = await loadUserForEditor(db, id);
  if (!current) return { ok: false, notFound: true, errors: {} };
  const email = normalizeEmail(input.email);
  const roleProblem = await checkRoles(db, input.roles);
  if (roleProblem) return { ok: false, errors: roleProblem };
  // Never the acting admin's own access, never the last full administrator.
  const lockout = await adminLockoutProblem(db, { kind: "user", userId: id, roleIds: input.roles, permissions: grants.map((g) => g.name) }, actorId);
  if (lockout) return { ok: false, errors: { roles: [lockout] } };
  if (email !== current.user.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, id)));
    if (taken) return { ok: false, errors: { email: ["This email is already taken."] } };
  }
  if (input.password && input.password.length < 8) return { ok: false, errors: { password: ["Must be at least :count characters."] } };
  const wasVerified = current.user.emailVerifiedAt !== null;
  const next = {
    email,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    displayName: input.displayName || null,
    emailVerified: input.emailVerified,
    roles: [...new Set(input.roles)].sort((a, b) => a - b),
    permissions: grants,
  };
  const diff = changedFields(
    {
      email: current.user.email,
      firstName: current.user.firstName,
      lastName: current.user.lastName,
      displayName: current.user.displayName,
      emailVerified: wasVerified,
      roles: current.roleIds.slice().sort((a, b) => a - b),
      permissions: current.grants.slice().sort((a, b) => a.name.localeCompare(b.name)),
    },
    next,
  );
  if (!diff.changed && !input.password) return { ok: true, id };
  const statements: Statement[] = [
    db
      .update(users)
      .set({
        email,
        firstName: next.firstName,
        lastName: next.lastName,
        displayName: next.displayName,
        emailVerifiedAt: input.emailVerified ? (wasVerified ? current.user.emailVerifiedAt : new Date()) : null,
        ...(input.password ? { password: await hashPassword(input.password) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id)),
    db.delete(userRoles).where(eq(userRoles.userId, id)),
    ...next.roles.map((roleId) => db.insert(userRoles).values({ userId: id, roleId })),
    db.delete(userPermissions).where(eq(userPermissions.userId, id)),
    ...(await grantStatements(db, id, grants)),
  ];
  if (input.password) statements.push(db.delete(sessions).where(eq(sessions.userId, id)), securityLogEntry(db, id, "password-reset", null, { by: "admin" }));
  // The account's own security log shows the address change, whoever made it.
  if (email !== current.user.email) statements.push(securityLogEntry(db, id, "email-changed", null, { by: "admin" }));
  if (record) {
    statements.push(
      record({
        subjectId: id,
        label: email,
        before: { ...diff.before, ...(input.password ? { password: "[hidden]" } : {}) },
        after: { ...diff.after, ...(input.password ? { password: "[changed]" } : {}) },
      }),
    );
  }
  await runBatch(db, statements);
  return { ok: true, id };
}

/**
 * Bans accounts: they cannot sign in any more (sign-in refuses banned
 * users) and every session and API session they have ends now, in the same
 * batch. The acting admin cannot ban themselves, nor the last full administrator.
 */
export async function banUsers(db: Database, ids: number[], reason: string, actorId: number, record?: ChangeRecorder): Promise<{ banned: number[]; refusedSelf: boolean; problem?: string }> {
  const targets = ids.filter((id) => id !== actorId);
  if (targets.length === 0) return { banned: [] as number[], refusedSelf: ids.includes(actorId) };
  const problem = await adminLockoutProblem(db, { kind: "remove-users", userIds: targets }, actorId);
  if (problem) return { banned: [], refusedSelf: ids.includes(actorId), problem };
  const rows = await db.select({ id: users.id, email: users.email, bannedAt: users.bannedAt }).from(users).where(inArray(users.id, targets));
  const now = new Date();
  const statements: Statement[] = [
    db
      .update(users)
      .set({ bannedAt: now, banReason: reason, updatedAt: now })
      .where(
        inArray(
          users.id,
          rows.map((r) => r.id),
        ),
      ),
    db.delete(sessions).where(
      inArray(
        sessions.userId,
        rows.map((r) => r.id),
      ),
    ),
  ];
  for (const row of rows) {
    statements.push(securityLogEntry(db, row.id, "sessions-ended", null, { by: "admin", reason: "banned" }));
    if (record) statements.push(record({ subjectId: row.id, label: row.email, before: { bannedAt: row.bannedAt }, after: { bannedAt: now, banReason: reason } }));
  }
  if (rows.length) await runBatch(db, statements);
  return { banned: rows.map((r) => r.id), refusedSelf: ids.includes(actorId) };
}

export async function unbanUsers(db: Database, ids: number[], record?: ChangeRecorder) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, email: users.email, bannedAt: users.bannedAt, banReason: users.banReason })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.bannedAt)));
  if (rows.length === 0) return [];
  const statements: Statement[] = [
    db
      .update(users)
      .set({ bannedAt: null, banReason: null, updatedAt: new Date() })
      .where(
        inArray(
          users.id,
          rows.map((r) => r.id),
        ),
      ),
  ];
  if (record)
    for (const row of rows) statements.push(record({ subjectId: row.id, label: row.email, before: { bannedAt: row.bannedAt, banReason: row.banReason }, after: { bannedAt: null, banReason: null } }));
  await runBatch(db, statements);
  return rows.map((r) => r.id);
}

/** Marks addresses as verified (bulk action). */
export async function verifyUsers(db: Database, ids: number[], record?: ChangeRecorder) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.emailVerifiedAt)));
  if (rows.length === 0) return [];
  const now = new Date();
  const statements: Statement[] = [
    db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(
        inArray(
          users.id,
          rows.map((r) => r.id),
        ),
      ),
  ];
  if (record) for (const row of rows) statements.push(record({ subjectId: row.id, label: row.email, before: { emailVerified: false }, after: { emailVerified: true } }));
  await runBatch(db, statements);
  return rows.map((r) => r.id);
}

/** The users a list shows, for deletion (id and e-mail). */
export function usersByIds(db: Database, ids: number[]) {
  return ids.length ? db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)) : Promise.resolve([]);
}

const CSV_COLUMNS = ["id", "email", "first_name", "last_name", "display_name", "roles", "email_verified_at", "subscribed", "banned_at", "ban_reason", "created_at"];

/** The site's one CSV writer (app/files/csv.ts, decision 027): RFC 4180, formula cells defused. */
export const csvField = csvCell;

/**
 * Every user matching the list's filters as CSV, streamed in pages of 500
 * by id (keyset paging: each page is an index range, whatever the size).
 */
export function exportUsersCsv(db: Database, query: UserListQuery): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`${CSV_COLUMNS.join(",")}\r\n`));
      }
      const condition = userConditions(query);
      const rows = await db
        .select({ ...userListColumns, subscribed: sql<number>`${hasValidSubscription(users.id)}`.as("is_subscribed") })
        .from(users)
        .where(and(gt(users.id, after), condition))
        .orderBy(asc(users.id))
        .limit(500);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      after = rows[rows.length - 1].id;
      const roleRows = await db
        .select({ userId: userRoles.userId, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(sql`${userRoles.userId} >= ${rows[0].id}`, sql`${userRoles.userId} <= ${after}`));
      const lines = rows.map((row) =>
        [
          row.id,
          row.email,
          row.firstName,
          row.lastName,
          row.displayName,
          roleRows
            .filter((r) => r.userId === row.id)
            .map((r) => r.name)
            .join(";"),
          row.emailVerifiedAt,
          row.subscribed ? "yes" : "no",
          row.bannedAt,
          row.banReason,
          row.createdAt,
        ]
          .map(csvField)
          .join(","),
      );
      controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
    },
  });
}
