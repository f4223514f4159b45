import type { AssignableRole, WorkspaceRole } from "./tables";

/**
 * Who may do what inside a workspace (owner, admin, member).
 * Pure functions, shared by the server (which enforces them) and the pages
 * (which only show what is allowed).
 *
 * - owner: everything; the one owner cannot leave, be removed or demoted
 *   (they delete the workspace instead);
 * - admin: rename, invite (as member or admin), remove members, revoke invites;
 * - member: see the workspace, its members and files; leave.
 * Only the owner changes roles.
 */

export function canRename(role: WorkspaceRole | null) {
  return role === "owner" || role === "admin";
}

export function canDelete(role: WorkspaceRole | null) {
  return role === "owner";
}

export function canInvite(role: WorkspaceRole | null) {
  return role === "owner" || role === "admin";
}

/** Revoking a pending invite: the same people who may invite. */
export function canRevokeInvite(role: WorkspaceRole | null) {
  return canInvite(role);
}

export function canLeave(role: WorkspaceRole | null) {
  return role === "admin" || role === "member";
}

/** Removing someone else: the owner anyone but themself, an admin only plain members. */
export function canRemoveMember(actor: WorkspaceRole | null, target: WorkspaceRole) {
  if (target === "owner") return false;
  if (actor === "owner") return true;
  return actor === "admin" && target === "member";
}

export function canChangeRole(actor: WorkspaceRole | null, target: WorkspaceRole, to: AssignableRole) {
  return actor === "owner" && target !== "owner" && (to === "admin" || to === "member");
}
