import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { lists } from "~/lists/tables";
import { fileEntries } from "~/uploads/tables";
import { workspaceInvites, workspaceMembers, workspaces } from "./tables";
import { PERSONAL_WORKSPACE_ID } from "./workspaces.server";

/**
 * Workspaces' part of "Download my data" and of account deletion (see
 * app/account/). Deleting the user row deletes the workspaces they own (with
 * their members and invites) and their memberships by cascade; before that,
 * files others uploaded (and lists others made) in those workspaces go back
 * to their owners' personal workspaces, as when an owner deletes a workspace, and invitations
 * addressed to the user's e-mail are withdrawn.
 */
export async function exportWorkspaceData(db: Database, userId: number, email: string) {
  const [memberships, invitations] = await Promise.all([
    db
      .select({ workspace_id: workspaces.id, name: workspaces.name, role: workspaceMembers.role, owner: sql<number>`${workspaces.ownerId} = ${userId}`, joined_at: workspaceMembers.createdAt })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId)),
    db
      .select({ workspace: workspaces.name, role: workspaceInvites.role, created_at: workspaceInvites.createdAt, expires_at: workspaceInvites.expiresAt })
      .from(workspaceInvites)
      .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
      .where(eq(workspaceInvites.email, email)),
  ]);
  return { workspaces: memberships.map((m) => ({ ...m, owner: Boolean(m.owner) })), workspace_invitations: invitations };
}

/** Statements for the deletion batch (before the user row goes). */
export function workspaceDeletionStatements(db: Database, userId: number, email: string) {
  const owned = db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.ownerId, userId));
  return [
    db.update(fileEntries).set({ workspaceId: PERSONAL_WORKSPACE_ID, updatedAt: new Date() }).where(inArray(fileEntries.workspaceId, owned)),
    // Shared lists go back to their creators, as when an owner deletes a workspace (decision 024).
    db.update(lists).set({ workspaceId: PERSONAL_WORKSPACE_ID, updatedAt: new Date() }).where(inArray(lists.workspaceId, owned)),
    db.delete(workspaceInvites).where(eq(workspaceInvites.email, email)),
  ] as const;
}
