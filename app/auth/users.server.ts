import { and, eq, sql } from "drizzle-orm";
import { selectSubscriptionsOfSession, subscriptionStateFromRows, withSubscriptionState } from "~/billing/subscription-state.server";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/change-recorder";
import { permissions, rolePermissions, roles } from "./roles.tables";
import { sessions } from "./sessions.tables";
import { socialProfiles, userPermissions, userRoles, users } from "./users.tables";
import { normalizeEmail } from "./email";
import { memberName } from "./public-name";
import { freeUsername } from "./usernames.server";
import type { PermissionRestrictions, Viewer } from "../request/viewer";
import type { AuthUser, CurrentSession } from "../request/auth-user";
import { workspacesOfSessionQuery, type WorkspaceRow } from "~/auth/session-workspaces.server";

/** The account's name as others see it: never derived from the e-mail address (app/auth/public-name.ts). */
export function displayNameOf(user: { id: number; displayName?: string | null; firstName: string | null; lastName: string | null; username?: string | null }) {
  return memberName(user);
}

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  storedDisplayName: users.displayName,
  username: users.username,
  avatar: users.avatar,
  emailVerifiedAt: users.emailVerifiedAt,
  language: users.language,
  country: users.country,
  timezone: users.timezone,
  unreadNotificationsCount: users.unreadNotificationsCount,
  hasPassword: sql<number>`${users.password} IS NOT NULL`,
  twoFactorPending: sql<number>`${users.twoFactorSecret} IS NOT NULL`,
  twoFactorConfirmedAt: users.twoFactorConfirmedAt,
  recoveryCodesRemaining: sql<number>`coalesce(json_array_length(${users.twoFactorRecoveryCodes}), 0)`,
  createdAt: users.createdAt,
};

/**
 * Everything a request needs about the signed-in visitor, in one round trip:
 * the live session with its user, their roles' permissions, their direct
 * permissions, their linked social accounts, their subscriptions and their
 * workspaces (the switcher's list). Null when the session is
 * unknown, expired, or its user is banned.
 */
export async function loadSignedIn(db: Database, sessionId: string) {
  const live = and(eq(sessions.id, sessionId), sql`${sessions.expiresAt} > unixepoch()`);
  const [sessionRows, roleRows, directRows, socialRows, subscriptionRows, workspaceRows] = await db.batch([
    db
      .select({
        ...userColumns,
        // D1's batch returns rows keyed by column name: session columns get names of their own.
        sessionId: sql<string>`${sessions.id}`.as("session_id"),
        sessionRemember: sql`${sessions.remember}`.mapWith(sessions.remember).as("session_remember"),
        sessionPasswordConfirmedAt: sql`${sessions.passwordConfirmedAt}`.mapWith(sessions.passwordConfirmedAt).as("session_password_confirmed_at"),
        sessionLastActiveAt: sql`${sessions.lastActiveAt}`.mapWith(sessions.lastActiveAt).as("session_last_active_at"),
        sessionExpiresAt: sql`${sessions.expiresAt}`.mapWith(sessions.expiresAt).as("session_expires_at"),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(live, sql`${users.bannedAt} IS NULL`)),
    db
      .select({ roleId: userRoles.roleId, name: permissions.name, restrictions: rolePermissions.restrictions })
      .from(sessions)
      .innerJoin(userRoles, eq(userRoles.userId, sessions.userId))
      .leftJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(live),
    db
      .select({ name: permissions.name, restrictions: userPermissions.restrictions })
      .from(sessions)
      .innerJoin(userPermissions, eq(userPermissions.userId, sessions.userId))
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(live),
    db.select({ serviceName: socialProfiles.serviceName, username: socialProfiles.username }).from(sessions).innerJoin(socialProfiles, eq(socialProfiles.userId, sessions.userId)).where(live),
    // Billing: the user's subscriptions and their plans' permissions.
    selectSubscriptionsOfSession(db, sessionId),
    // Their workspaces (the navbar's switcher), so a GET needs no round trip of its own for them (decision 026).
    workspacesOfSessionQuery(db, sessionId),
  ]);
  const row = sessionRows[0];
  if (!row) return null;
  const { sessionId: rowSessionId, sessionRemember, sessionPasswordConfirmedAt, sessionLastActiveAt, sessionExpiresAt, ...userRow } = row;
  const session: CurrentSession = {
    id: rowSessionId as string,
    remember: sessionRemember as boolean,
    passwordConfirmedAt: sessionPasswordConfirmedAt as Date | null,
    lastActiveAt: sessionLastActiveAt as Date,
    expiresAt: sessionExpiresAt as Date,
  };
  const roleIds = [...new Set(roleRows.map((r) => r.roleId))];
  const subscriptionState = subscriptionStateFromRows(subscriptionRows);
  const { storedDisplayName, ...userFields } = userRow;
  const user: AuthUser = {
    ...userFields,
    displayName: displayNameOf({ ...userFields, displayName: storedDisplayName }),
    customDisplayName: storedDisplayName,
    hasPassword: Boolean(userRow.hasPassword),
    twoFactorPending: Boolean(userRow.twoFactorPending),
    recoveryCodesRemaining: Number(userRow.recoveryCodesRemaining),
    roleIds,
    socialProfiles: socialRows,
    subscriptions: subscriptionState.subscriptions,
  };
  // Subscribed users also have their plans' permissions (billing).
  const viewer = withSubscriptionState(
    buildViewer(
      user.id,
      roleIds,
      roleRows.flatMap((r) => (r.name ? [{ name: r.name, restrictions: r.restrictions ?? [] }] : [])),
      directRows,
    ),
    subscriptionState,
  );
  return { user, session, viewer, workspaces: workspaceRows as WorkspaceRow[] };
}

/**
 * A user's permissions: those of all their roles, then their direct
 * permissions. When several roles grant the same restricted permission the
 * most generous quota wins; a direct permission replaces the roles' terms.
 */
export function buildViewer(
  userId: number,
  roleIds: number[],
  fromRoles: { name: string; restrictions: PermissionRestrictions }[],
  direct: { name: string; restrictions: PermissionRestrictions }[],
): Viewer {
  const merged = new Map<string, PermissionRestrictions>();
  for (const { name, restrictions } of fromRoles) {
    const existing = merged.get(name);
    if (!existing) {
      merged.set(name, restrictions);
      continue;
    }
    const byName = new Map(existing.map((r) => [r.name, r.value]));
    // A role without a restriction of that name grants it without limit.
    const combined = restrictions.filter((r) => byName.has(r.name)).map((r) => ({ name: r.name, value: Math.max(r.value, byName.get(r.name)!) }));
    merged.set(name, combined);
  }
  for (const { name, restrictions } of direct) merged.set(name, restrictions);
  return {
    userId,
    roleIds,
    permissions: merged,
    // Set from the user's subscriptions by loadSignedIn (billing's withSubscriptionState).
    isSubscribed: false,
  };
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * Creates a user with the default roles, in one batch. Returns null when the
 * e-mail is taken (checked by the unique index, so two sign-ups racing for
 * the same address cannot both succeed). An account gets a username
 * (decision 043): the one asked for, else one made from the name (none
 * without a name); if another sign-up took it meanwhile, the first free one
 * made from it.
 */
export async function createUser(
  db: Database,
  input: {
    email: string;
    passwordHash: string | null;
    firstName?: string | null;
    lastName?: string | null;
    username?: string | null;
    avatar?: string | null;
    language?: string | null;
    emailVerified?: boolean;
  },
) {
  const email = normalizeEmail(input.email);
  // An account with no name and no chosen username gets none: it shows as "Member <id>" (decision 021).
  const name = [input.firstName, input.lastName].filter(Boolean).join(" ").trim();
  const username = input.username?.toLowerCase() || (name ? await freeUsername(db, name) : null);
  const insert = (handle: string | null) =>
    db.batch([
      db
        .insert(users)
        .values({
          email,
          password: input.passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          username: handle,
          avatar: input.avatar ?? null,
          language: input.language ?? null,
          emailVerifiedAt: input.emailVerified ? new Date() : null,
        })
        // Only a taken address means "exists"; a taken username is an error, handled below.
        .onConflictDoNothing({ target: users.email })
        .returning(),
      // Only a user created by this batch has no roles yet; an existing one keeps its own.
      db.insert(userRoles).select(
        db
          .select({ userId: users.id, roleId: roles.id })
          .from(users)
          .innerJoin(roles, eq(roles.default, true))
          .where(and(eq(users.email, email), sql`NOT EXISTS (SELECT 1 FROM user_roles x WHERE x.user_id = ${users.id})`)),
      ),
    ]);
  let insertedRows;
  try {
    [insertedRows] = await insert(username);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    [insertedRows] = await insert(username === null ? null : await freeUsername(db, username));
  }
  const inserted = insertedRows[0];
  if (!inserted) return null;
  return inserted;
}

export function setPasswordHash(db: Database, userId: number, hash: string) {
  return db.update(users).set({ password: hash, updatedAt: new Date() }).where(eq(users.id, userId));
}
