import type { WorkspaceRole } from "~/workspaces/tables";

/**
 * Who may do what with a list (decision 024). Pure functions, shared by the
 * server (which enforces them) and the pages (which only show what is allowed).
 *
 * - a personal list (workspace 0): its owner edits and deletes it;
 * - a workspace list: every member of the workspace edits it (items, order,
 *   notes, name, description, visibility) — the workspace's own roles then
 *   decide deleting: the list's creator, or the workspace's owner or admin;
 *   someone who left the workspace no longer edits its lists;
 * - anyone (guests included) sees a public list; a private one only those
 *   who may edit it.
 */

export interface ListAccessFacts {
  /** The list's creator is the viewer. */
  isOwner: boolean;
  /** The list's workspace (0 = personal). */
  workspaceId: number;
  /** The viewer's role in that workspace, null when not a member (or a guest). */
  workspaceRole: WorkspaceRole | null;
  isPublic: boolean;
}

export function canEditList(facts: ListAccessFacts) {
  if (facts.workspaceId === 0) return facts.isOwner;
  return facts.workspaceRole !== null;
}

export function canDeleteList(facts: ListAccessFacts) {
  if (facts.workspaceId === 0) return facts.isOwner;
  if (facts.workspaceRole === null) return false;
  return facts.isOwner || facts.workspaceRole === "owner" || facts.workspaceRole === "admin";
}

export function canViewList(facts: ListAccessFacts) {
  return facts.isPublic || canEditList(facts);
}

/**
 * The order after moving one item a step up or down: the same ids, with the
 * item swapped with its neighbour (unchanged at either end).
 */
export function moveInOrder(ids: readonly number[], itemId: number, direction: "up" | "down"): number[] {
  const order = [...ids];
  const from = order.indexOf(itemId);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to], order[from]];
  return order;
}

/**
 * A requested order checked against the list's items: every id must be one
 * of them, once. Items it leaves out (added meanwhile by someone else) keep
 * their relative order after the named ones. Returns the full order, or the
 * first id that is not in the list.
 */
export function resolveOrder(current: readonly number[], requested: readonly number[]): { order: number[] } | { unknownId: number } | { duplicateId: number } {
  const known = new Set(current);
  const seen = new Set<number>();
  for (const id of requested) {
    if (!known.has(id)) return { unknownId: id };
    if (seen.has(id)) return { duplicateId: id };
    seen.add(id);
  }
  return { order: [...requested, ...current.filter((id) => !seen.has(id))] };
}
