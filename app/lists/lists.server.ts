import { titleCardFields } from "~/catalogue/card-columns";
import { DomainError } from "~/http/domain-error";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import { checkQuota, type Viewer } from "~/request/viewer";
import { titles } from "~/catalogue/tables";
import { slugify } from "~/http/slug";
import { LIST_MAX_ITEMS, LISTS_PAGE_SIZE } from "~/constants";
import type { Database } from "~/db/client.server";
import { publicName } from "~/profiles/public-profile";
import { workspaceMembers, workspaces, type WorkspaceRole } from "~/workspaces/tables";
import { cannotEdit, listNotFound } from "./list-error";
import { COUNT_RESTRICTION, CREATE_PERMISSION, listPath } from "./lists";
import { canDeleteList, canEditList, canViewList, moveInOrder, resolveOrder, type ListAccessFacts } from "./rules";
import { listItems, listLikes, lists, type ListRow } from "./tables";

/**
 * Lists of titles (decision 024): personal or shared in a
 * workspace, public or private, ordered, liked. Every write checks who may
 * make it (./rules.ts) on the server; counts are stored and change in the same
 * statement batch as the rows they count.
 */

export { COUNT_RESTRICTION, CREATE_PERMISSION, listPath };

export interface ListInput {
  name: string;
  description: string;
  public: boolean;
}

export interface ListSummary {
  id: number;
  name: string;
  slug: string;
  description: string;
  public: boolean;
  items_count: number;
  likes_count: number;
  workspace_id: number;
  workspace_name: string | null;
  user_id: number;
  updated_at: string;
}

export interface ListItemView {
  id: number;
  position: number;
  note: string;
  title: { id: number; type: "movie" | "series"; name: string; slug: string; year: number | null; poster: string | null; rating: number | null; voteCount: number; externalRating: number | null };
}

export interface ListDetails extends ListSummary {
  owner: { id: number; name: string | null };
  items: ListItemView[];
  liked: boolean;
  can_edit: boolean;
  can_delete: boolean;
  created_at: string;
}

function normaliseName(name: string) {
  return name.replace(/\s+/g, " ").trim();
}

function summaryOf(row: ListRow & { workspaceName?: string | null }): ListSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    public: row.public,
    items_count: row.itemsCount,
    likes_count: row.likesCount,
    workspace_id: row.workspaceId,
    workspace_name: row.workspaceName ?? null,
    user_id: row.userId,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The list and what the viewer may do with it: one statement (the membership row joins in). */
async function loadAccess(db: Database, userId: number | null, listId: number) {
  const [row] = await db
    .select({ list: lists, role: workspaceMembers.role })
    .from(lists)
    .leftJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, lists.workspaceId), eq(workspaceMembers.userId, userId ?? 0)))
    .where(eq(lists.id, listId))
    .limit(1);
  if (!row) return null;
  const facts: ListAccessFacts = {
    isOwner: userId !== null && row.list.userId === userId,
    workspaceId: row.list.workspaceId,
    workspaceRole: (row.role as WorkspaceRole | null) ?? null,
    isPublic: row.list.public,
  };
  return { list: row.list, facts };
}

/** A list the viewer may see, or 404 (private lists of others look like missing ones). */
async function requireVisible(db: Database, userId: number | null, listId: number) {
  const access = await loadAccess(db, userId, listId);
  if (!access || !canViewList(access.facts)) throw listNotFound();
  return access;
}

/** A list the user may edit: 404 when they may not even see it, 403 when they may only look. */
export async function requireEditable(db: Database, userId: number, listId: number) {
  const access = await requireVisible(db, userId, listId);
  if (!canEditList(access.facts)) throw cannotEdit();
  return access;
}

/**
 * Creates a list. lists.create is needed; its `count` restriction caps how
 * many lists the user owns. The quota is checked inside the INSERT itself, so
 * two requests at once cannot both take the last place. A workspace list
 * needs membership of that workspace.
 */
export async function createList(db: Database, viewer: Viewer, input: ListInput & { workspaceId: number }): Promise<ListSummary> {
  const userId = viewer.userId;
  if (userId === null) throw new DomainError(401, "You need to sign in first.");
  const quota = checkQuota(viewer, CREATE_PERMISSION, COUNT_RESTRICTION, 0);
  if (quota.noPermission) throw new DomainError(403, "You do not have permission to create lists.");
  const limit = viewer.permissions.has("admin") ? null : (viewer.permissions.get(CREATE_PERMISSION)?.find((r) => r.name === COUNT_RESTRICTION)?.value ?? null);
  let workspaceName: string | null = null;
  if (input.workspaceId !== 0) {
    const [member] = await db
      .select({ name: workspaces.name })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, userId)))
      .limit(1);
    if (!member) throw new DomainError(403, "You are not a member of this workspace.", { field: "workspaceId" });
    workspaceName = member.name;
  }
  const name = normaliseName(input.name);
  const underQuota = limit === null ? sql`1` : sql`(SELECT count(*) FROM lists WHERE user_id = ${userId}) < ${limit}`;
  // Every column in table order; id NULL (autoincrement), counts 0, times now.
  const [created] = await db
    .insert(lists)
    .select(
      sql`SELECT NULL, ${userId}, ${input.workspaceId}, ${name}, ${slugify(name, "list")}, ${input.description}, ${input.public ? 1 : 0}, 0, 0, unixepoch(), unixepoch(), NULL WHERE ${underQuota}`,
    )
    .returning();
  if (!created) {
    throw new DomainError(403, "You have reached the maximum of :count lists your plan allows.", { values: { count: limit ?? 0 }, field: "name" });
  }
  return summaryOf({ ...created, workspaceName });
}

export async function updateList(db: Database, userId: number, listId: number, input: ListInput) {
  await requireEditable(db, userId, listId);
  const name = normaliseName(input.name);
  await db
    .update(lists)
    .set({ name, slug: slugify(name, "list"), description: input.description, public: input.public, updatedAt: new Date() })
    .where(eq(lists.id, listId));
  return listDetails(db, userId, listId);
}

export async function deleteList(db: Database, userId: number, listId: number) {
  const { facts } = await requireEditable(db, userId, listId);
  if (!canDeleteList(facts)) throw new DomainError(403, "Only the list's creator or the workspace's owner or admins can delete it.");
  // Items and likes go with it (foreign keys cascade).
  await db.delete(lists).where(eq(lists.id, listId));
}

/** A list with its items in order, for anyone who may see it. */
export async function listDetails(db: Database, viewerId: number | null, listId: number): Promise<ListDetails> {
  const { list, facts } = await requireVisible(db, viewerId, listId);
  const [itemRows, ownerRows, likedRows, workspaceRows] = await db.batch([
    db
      .select({
        id: listItems.id,
        position: listItems.position,
        note: listItems.note,
        // D1's batch keys rows by column name: the title's id needs a name of its own.
        titleId: sql<number>`${titles.id}`.as("title_id"),
        ...titleCardFields,
      })
      .from(listItems)
      .innerJoin(titles, eq(titles.id, listItems.titleId))
      .where(eq(listItems.listId, listId))
      .orderBy(asc(listItems.position), asc(listItems.id)),
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName, username: users.username }).from(users).where(eq(users.id, list.userId)).limit(1),
    db
      .select({ listId: listLikes.listId })
      .from(listLikes)
      .where(and(eq(listLikes.listId, listId), eq(listLikes.userId, viewerId ?? 0)))
      .limit(1),
    db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, list.workspaceId)).limit(1),
  ]);
  const owner = ownerRows[0];
  return {
    ...summaryOf({ ...list, workspaceName: workspaceRows[0]?.name ?? null }),
    owner: { id: list.userId, name: owner ? publicName(owner) : null },
    items: itemRows.map((row) => ({
      id: row.id,
      position: row.position,
      note: row.note,
      title: { id: row.titleId, type: row.type, name: row.name, slug: row.slug, year: row.year, poster: row.poster, rating: row.rating, voteCount: row.voteCount, externalRating: row.externalRating },
    })),
    liked: likedRows.length > 0,
    can_edit: canEditList(facts),
    can_delete: canDeleteList(facts),
    created_at: list.createdAt.toISOString(),
  };
}

/** Lists a user can see from "My lists": their personal ones and those of their workspaces, newest change first. */
function editableListsWhere(userId: number) {
  return or(and(eq(lists.userId, userId), eq(lists.workspaceId, 0)), inArray(lists.workspaceId, db_memberships(userId)));
}

function db_memberships(userId: number) {
  return sql`(SELECT workspace_id FROM workspace_members WHERE user_id = ${userId})`;
}

export async function listsOfUser(db: Database, userId: number, options: { workspaceId?: number; limit?: number } = {}): Promise<ListSummary[]> {
  const where =
    options.workspaceId === undefined
      ? editableListsWhere(userId)
      : options.workspaceId === 0
        ? and(eq(lists.userId, userId), eq(lists.workspaceId, 0))
        : and(eq(lists.workspaceId, options.workspaceId), inArray(lists.workspaceId, db_memberships(userId)));
  const rows = await db
    .select({ list: lists, workspaceName: workspaces.name })
    .from(lists)
    .leftJoin(workspaces, eq(workspaces.id, lists.workspaceId))
    .where(where)
    .orderBy(desc(lists.updatedAt), desc(lists.id))
    .limit(options.limit ?? LISTS_PAGE_SIZE);
  return rows.map((row) => summaryOf({ ...row.list, workspaceName: row.workspaceName }));
}

/** How many lists the user owns (what lists.create's `count` restriction counts). */
export async function ownedListCount(db: Database, userId: number) {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(lists).where(eq(lists.userId, userId));
  return Number(row?.count ?? 0);
}

/**
 * A user's public lists, newest change first, for their public profile
 * (the profile decides whether it is shown at all).
 */
export async function publicListsOfUser(db: Database, userId: number, limit = LISTS_PAGE_SIZE): Promise<ListSummary[]> {
  const rows = await db
    .select()
    .from(lists)
    .where(and(eq(lists.userId, userId), eq(lists.public, true)))
    .orderBy(desc(lists.updatedAt), desc(lists.id))
    .limit(limit);
  return rows.map((row) => summaryOf(row));
}

/** The user's editable lists, each saying whether it already holds the title (the "Add to list" page). */
export async function listsForTitle(db: Database, userId: number, titleId: number) {
  const rows = await db
    .select({ list: lists, workspaceName: workspaces.name, itemId: listItems.id })
    .from(lists)
    .leftJoin(workspaces, eq(workspaces.id, lists.workspaceId))
    .leftJoin(listItems, and(eq(listItems.listId, lists.id), eq(listItems.titleId, titleId)))
    .where(editableListsWhere(userId))
    .orderBy(desc(lists.updatedAt), desc(lists.id))
    .limit(LISTS_PAGE_SIZE);
  return rows.map((row) => ({ ...summaryOf({ ...row.list, workspaceName: row.workspaceName }), item_id: row.itemId }));
}

/**
 * Adds a title at the end of a list (a title is in a list at most once:
 * adding it again changes nothing). The INSERT takes the next position and
 * checks the list's size itself; the stored count moves by what it inserted.
 */
export async function addItem(db: Database, userId: number, listId: number, titleId: number, note = "") {
  await requireEditable(db, userId, listId);
  const [inserted, , existing] = await db.batch([
    db
      .insert(listItems)
      .select(
        sql`SELECT NULL, ${listId}, t.id, (SELECT coalesce(max(position), 0) + 1 FROM list_items WHERE list_id = ${listId}), ${note}, ${userId}, unixepoch(), NULL
          FROM titles t WHERE t.id = ${titleId} AND (SELECT items_count FROM lists WHERE id = ${listId}) < ${LIST_MAX_ITEMS}`,
      )
      .onConflictDoNothing()
      .returning({ id: listItems.id }),
    db
      .update(lists)
      .set({ itemsCount: sql`${lists.itemsCount} + changes()`, updatedAt: new Date() })
      .where(eq(lists.id, listId)),
    db
      .select({ id: listItems.id })
      .from(listItems)
      .where(and(eq(listItems.listId, listId), eq(listItems.titleId, titleId)))
      .limit(1),
  ]);
  if (inserted[0]) return { id: inserted[0].id, added: true };
  if (existing[0]) return { id: existing[0].id, added: false };
  const [title] = await db.select({ id: titles.id }).from(titles).where(eq(titles.id, titleId)).limit(1);
  if (!title) throw new DomainError(422, "This title does not exist.", { field: "titleId" });
  throw new DomainError(422, "A list holds at most :count titles.", { values: { count: LIST_MAX_ITEMS }, field: "titleId" });
}

async function requireItem(db: Database, listId: number, itemId: number) {
  const [item] = await db
    .select({ id: listItems.id })
    .from(listItems)
    .where(and(eq(listItems.id, itemId), eq(listItems.listId, listId)))
    .limit(1);
  if (!item) throw new DomainError(422, "This item is not in the list.", { field: "itemId" });
}

export async function updateItemNote(db: Database, userId: number, listId: number, itemId: number, note: string) {
  await requireEditable(db, userId, listId);
  await requireItem(db, listId, itemId);
  await db.batch([
    db
      .update(listItems)
      .set({ note })
      .where(and(eq(listItems.id, itemId), eq(listItems.listId, listId))),
    db.update(lists).set({ updatedAt: new Date() }).where(eq(lists.id, listId)),
  ]);
}

export async function removeItem(db: Database, userId: number, listId: number, itemId: number) {
  await requireEditable(db, userId, listId);
  await requireItem(db, listId, itemId);
  await db.batch([
    db.delete(listItems).where(and(eq(listItems.id, itemId), eq(listItems.listId, listId))),
    db
      .update(lists)
      .set({ itemsCount: sql`${lists.itemsCount} - changes()`, updatedAt: new Date() })
      .where(eq(lists.id, listId)),
  ]);
}

async function itemIdsInOrder(db: Database, listId: number) {
  const rows = await db.select({ id: listItems.id }).from(listItems).where(eq(listItems.listId, listId)).orderBy(asc(listItems.position), asc(listItems.id));
  return rows.map((row) => row.id);
}

/**
 * Writes a new order: every position of the list in ONE statement (the
 * order travels as one JSON parameter), so a concurrent reorder or move
 * lands whole before or after this one, never interleaved. An item added
 * meanwhile (not in `order`) goes after the ordered ones.
 */
async function writeOrder(db: Database, listId: number, order: number[]) {
  const json = JSON.stringify(order);
  await db.batch([
    db
      .update(listItems)
      .set({
        position: sql`coalesce((SELECT j.key + 1 FROM json_each(${json}) j WHERE j.value = ${listItems.id}), ${order.length} + ${listItems.position})`,
      })
      .where(eq(listItems.listId, listId)),
    db.update(lists).set({ updatedAt: new Date() }).where(eq(lists.id, listId)),
  ]);
}

/** Reorders a list: `itemIds` first to last. An id not in the list (or twice) is refused and nothing changes. */
export async function reorderItems(db: Database, userId: number, listId: number, itemIds: number[]) {
  await requireEditable(db, userId, listId);
  const resolved = resolveOrder(await itemIdsInOrder(db, listId), itemIds);
  if ("unknownId" in resolved) throw new DomainError(422, "Item :id is not in this list.", { values: { id: resolved.unknownId }, field: "itemIds" });
  if ("duplicateId" in resolved) throw new DomainError(422, "Item :id is named twice.", { values: { id: resolved.duplicateId }, field: "itemIds" });
  await writeOrder(db, listId, resolved.order);
  return resolved.order;
}

/** Moves an item one place up or down (the buttons that work without JavaScript). */
export async function moveItem(db: Database, userId: number, listId: number, itemId: number, direction: "up" | "down") {
  await requireEditable(db, userId, listId);
  const current = await itemIdsInOrder(db, listId);
  if (!current.includes(itemId)) throw new DomainError(422, "This item is not in the list.", { field: "itemId" });
  const order = moveInOrder(current, itemId, direction);
  await writeOrder(db, listId, order);
  return order;
}

/**
 * Likes or unlikes a list anyone may see. One row per user and list; the
 * stored count moves by the rows the INSERT or DELETE actually changed, in
 * the same batch, so it stays exact however many people like at once.
 */
export async function setLiked(db: Database, userId: number, listId: number, liked: boolean) {
  await requireVisible(db, userId, listId);
  const [, counted] = await db.batch([
    liked ? db.insert(listLikes).values({ listId, userId }).onConflictDoNothing() : db.delete(listLikes).where(and(eq(listLikes.listId, listId), eq(listLikes.userId, userId))),
    db
      .update(lists)
      .set({ likesCount: liked ? sql`${lists.likesCount} + changes()` : sql`${lists.likesCount} - changes()` })
      .where(eq(lists.id, listId))
      .returning({ likesCount: lists.likesCount }),
  ]);
  return { liked, likes_count: counted[0]?.likesCount ?? 0 };
}

/** Public lists by id range, for the sitemap (lists-{n}.xml). */
export async function publicListsForSitemap(db: Database, firstId: number, lastId: number) {
  return db
    .select({ id: lists.id, slug: lists.slug, updatedAt: lists.updatedAt })
    .from(lists)
    .where(and(sql`${lists.id} BETWEEN ${firstId} AND ${lastId}`, eq(lists.public, true)))
    .orderBy(asc(lists.id));
}

export async function maxListId(db: Database) {
  const [row] = await db.select({ max: sql<number | null>`max(${lists.id})` }).from(lists);
  return Number(row?.max ?? 0);
}
