/** What both the server and the pages need to know about lists (no server code). */

export const CREATE_PERMISSION = "lists.create";
/** lists.create's restriction: how many lists a user may own (all workspaces together). */
export const COUNT_RESTRICTION = "count";

/** /lists/{id}/{slug}: a list's page (its editor adds /edit). */
export function listPath(list: { id: number; slug: string }) {
  return `/lists/${list.id}/${encodeURIComponent(list.slug)}`;
}
