import { memberColumns } from "~/auth/member-columns";
import { DomainError } from "~/http/domain-error";
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { displayNameOf } from "~/auth/users.server";
import { checkQuota, type Viewer } from "~/request/viewer";
import type { Database } from "~/db/client.server";
import { lists } from "~/lists/tables";
import { fileEntries } from "~/uploads/tables";
import { canChangeRole, canDelete, canLeave, canRemoveMember, canRename } from "./rules";
import { workspaceInvites, workspaceMembers, workspaces, type AssignableRole, type WorkspaceRole } from "./tables";
import { notAMember } from "./workspace-error";

/**
 * Workspaces, members and roles. Workspace 0 is everyone's
 * personal default workspace: it has no row, one member (its user), and
 * cannot be renamed, deleted or shared.
 */

export const PERSONAL_WORKSPACE_ID = 0;
export const CREATE_PERMISSION = "workspaces.create";

export interface WorkspaceSummary {
  id: number;
  name: string;
  default: boolean;
  members_count: number;
  /** The viewer's role in it (owner of their personal workspace). */
  role: WorkspaceRole;
  owner_id: number;
}

/** Is this user a member? Workspace 0 is always theirs. */
export async function isWorkspaceMember(db: Database, userId: number, workspaceId: number): Promise<boolean> {
  return (await membershipRole(db, userId, workspaceId)) !== null;
}

export async function membershipRole(db: Database, userId: number, workspaceId: number): Promise<WorkspaceRole | null> {
  if (workspaceId === PERSONAL_WORKSPACE_ID) return "owner";
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

export function personalWorkspace(userId: number, name = "Default"): WorkspaceSummary {
  return { id: PERSONAL_WORKSPACE_ID, name, default: true, members_count: 1, role: "owner", owner_id: userId };
}

/** The personal workspace first, then the others by name, with member counts: one query. */
export async function listWorkspacesOf(db: Database, userId: number, defaultName = "Default"): Promise<WorkspaceSummary[]> {
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      ownerId: workspaces.ownerId,
      membersCount: sql<number>`(SELECT count(*) FROM workspace_members m WHERE m.workspace_id = ${workspaces.id})`,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.id));
  return [
    personalWorkspace(userId, defaultName),
    ...rows.map((row) => ({ id: row.id, name: row.name, default: false, members_count: Number(row.membersCount), role: row.role, owner_id: row.ownerId })),
  ];
}

export function normaliseWorkspaceName(name: string) {
  return name.replace(/\s+/g, " ").trim();
}

/**
 * Creates a workspace owned by the user. workspaces.create is needed, and its
 * `count` restriction caps how many they may own (quotas).
 */
export async function createWorkspace(db: Database, viewer: Viewer, name: string) {
  const userId = viewer.userId!;
  const [{ owned }] = await db.select({ owned: count() }).from(workspaces).where(eq(workspaces.ownerId, userId));
  const quota = checkQuota(viewer, CREATE_PERMISSION, "count", Number(owned));
  if (quota.noPermission) throw new DomainError(403, "You do not have permission to create workspaces.");
  if (quota.overQuota) throw new DomainError(403, "You have reached the maximum number of workspaces you can create.", { field: "name" });
  // One batch (one transaction): the workspace never exists without its owner as member.
  const [[created]] = await db.batch([
    db
      .insert(workspaces)
      .values({ name: normaliseWorkspaceName(name), ownerId: userId })
      .returning(),
    db.insert(workspaceMembers).select(sql`SELECT last_insert_rowid(), ${userId}, 'owner', unixepoch()`),
  ]);
  return { id: created.id, name: created.name, default: false, members_count: 1, role: "owner" as const, owner_id: userId };
}

/** The actor's role, or 403 when they are not a member (or it does not exist). */
export async function requireMembership(db: Database, userId: number, workspaceId: number): Promise<WorkspaceRole> {
  if (workspaceId === PERSONAL_WORKSPACE_ID) throw new DomainError(422, "Your personal workspace cannot be shared or changed.");
  const role = await membershipRole(db, userId, workspaceId);
  if (!role) throw notAMember();
  return role;
}

export interface WorkspaceMemberJson {
  id: number;
  display_name: string;
  email: string;
  avatar: string | null;
  role: WorkspaceRole;
  joined_at: string;
}

export interface WorkspaceInviteJson {
  id: string;
  email: string;
  role: AssignableRole;
  created_at: string;
  expires_at: string;
}

export interface WorkspaceDetails extends WorkspaceSummary {
  created_at: string;
  members: WorkspaceMemberJson[];
  /** Pending invitations; only owners and admins see them (empty for members). */
  invites: WorkspaceInviteJson[];
}

/** A workspace with its members and pending invites, for its members only. */
export async function workspaceDetails(db: Database, userId: number, workspaceId: number, now = new Date()): Promise<WorkspaceDetails> {
  const role = await requireMembership(db, userId, workspaceId);
  const [workspaceRows, memberRows, inviteRows] = await db.batch([
    db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1),
    db
      .select({
        ...memberColumns,
        role: workspaceMembers.role,
        joinedAt: workspaceMembers.createdAt,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(sql`CASE ${workspaceMembers.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`, asc(workspaceMembers.createdAt), asc(users.id)),
    db
      .select()
      .from(workspaceInvites)
      .where(and(eq(workspaceInvites.workspaceId, workspaceId), gt(workspaceInvites.expiresAt, now)))
      .orderBy(asc(workspaceInvites.createdAt)),
  ]);
  const workspace = workspaceRows[0];
  if (!workspace) throw notAMember();
  return {
    id: workspace.id,
    name: workspace.name,
    default: false,
    members_count: memberRows.length,
    role,
    owner_id: workspace.ownerId,
    created_at: workspace.createdAt.toISOString(),
    members: memberRows.map((m) => ({
      id: m.id,
      display_name: displayNameOf(m),
      email: m.email,
      avatar: m.avatar,
      role: m.role,
      joined_at: m.joinedAt.toISOString(),
    })),
    invites: role === "member" ? [] : inviteRows.map((i) => ({ id: i.id, email: i.email, role: i.role, created_at: i.createdAt.toISOString(), expires_at: i.expiresAt.toISOString() })),
  };
}

export async function renameWorkspace(db: Database, userId: number, workspaceId: number, name: string) {
  const role = await requireMembership(db, userId, workspaceId);
  if (!canRename(role)) throw new DomainError(403, "Only the owner or an admin can rename this workspace.");
  await db
    .update(workspaces)
    .set({ name: normaliseWorkspaceName(name), updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
}

/**
 * Deletes a workspace (owner only). Its members, invites and pending
 * invitation notifications go with it; its files are not lost: each goes
 * back to its uploader's personal workspace, and each shared list to its
 * creator's (decision 024).
 */
export async function deleteWorkspace(db: Database, userId: number, workspaceId: number) {
  const role = await requireMembership(db, userId, workspaceId);
  if (!canDelete(role)) throw new DomainError(403, "Only the owner can delete this workspace.");
  await db.batch([
    db.update(fileEntries).set({ workspaceId: PERSONAL_WORKSPACE_ID, updatedAt: new Date() }).where(eq(fileEntries.workspaceId, workspaceId)),
    db.update(lists).set({ workspaceId: PERSONAL_WORKSPACE_ID, updatedAt: new Date() }).where(eq(lists.workspaceId, workspaceId)),
    db.delete(workspaces).where(eq(workspaces.id, workspaceId)),
  ]);
}

/** Leaving: any member but the owner (who deletes the workspace instead). */
export async function leaveWorkspace(db: Database, userId: number, workspaceId: number) {
  const role = await requireMembership(db, userId, workspaceId);
  if (!canLeave(role)) throw new DomainError(403, "The owner cannot leave the workspace. Delete it instead.");
  await db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

async function targetRole(db: Database, workspaceId: number, memberId: number) {
  const role = await membershipRole(db, memberId, workspaceId);
  if (!role) throw new DomainError(404, "This person is not a member of the workspace.", { field: "memberId" });
  return role;
}

export async function removeMember(db: Database, userId: number, workspaceId: number, memberId: number) {
  const role = await requireMembership(db, userId, workspaceId);
  if (memberId === userId) return leaveWorkspace(db, userId, workspaceId);
  const target = await targetRole(db, workspaceId, memberId);
  if (!canRemoveMember(role, target)) throw new DomainError(403, "You cannot remove this member.");
  await db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, memberId)));
}

export async function changeMemberRole(db: Database, userId: number, workspaceId: number, memberId: number, to: AssignableRole) {
  const role = await requireMembership(db, userId, workspaceId);
  const target = await targetRole(db, workspaceId, memberId);
  if (!canChangeRole(role, target, to)) throw new DomainError(403, "Only the owner can change roles, and the owner's role cannot change.", { field: "role" });
  await db
    .update(workspaceMembers)
    .set({ role: to })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, memberId)));
}
