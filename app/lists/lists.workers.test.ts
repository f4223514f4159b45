import { DomainError } from "~/http/domain-error";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTitle } from "~/catalogue/editor/titles.server";
import { titles } from "~/catalogue/tables";
import { LIST_MAX_ITEMS } from "~/constants";
import { createUser, db, viewerFor } from "../../tests/support/notifications.workers";
import { workspaceMembers } from "~/workspaces/tables";
import { env } from "cloudflare:workers";
import { deleteAccount } from "~/account/account-deletion.server";
import { collectUserData } from "~/account/data-export.server";
import { createWorkspace, deleteWorkspace, leaveWorkspace } from "~/workspaces/workspaces.server";
import { addItem, createList, deleteList, listDetails, listsForTitle, listsOfUser, moveItem, publicListsOfUser, removeItem, reorderItems, setLiked, updateItemNote, updateList } from "./lists.server";
import { listItems, listLikes, lists } from "./tables";

/**
 * Lists inside workerd with real D1: who may see and change a list, the
 * lists.create quota (also under concurrent creates), ordering that stays a
 * whole permutation, and stored counts that stay exact under concurrency.
 */

const canCreate = (count?: number) => ({ "lists.create": count === undefined ? [] : [{ name: "count", value: count }], "workspaces.create": [] });

let titleCounter = 0;
async function fictionalTitle() {
  titleCounter += 1;
  const { id } = await createTitle(db, { type: "movie", name: `The Lantern Keeper ${Date.now().toString(36)}-${titleCounter}` });
  return id;
}

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.messageKey, field: error.field };
    throw error;
  }
  throw new Error("expected a refusal");
}

async function stored(listId: number) {
  const [row] = await db.select().from(lists).where(eq(lists.id, listId));
  return row;
}

async function order(listId: number, viewerId: number) {
  return (await listDetails(db, viewerId, listId)).items.map((item) => item.title.id);
}

async function listWithTitles(count: number, isPublic = true) {
  const user = await createUser();
  const list = await createList(db, viewerFor(user.id, canCreate()), { name: "Rainy  day films", description: "", public: isPublic, workspaceId: 0 });
  const titleIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const titleId = await fictionalTitle();
    await addItem(db, user.id, list.id, titleId);
    titleIds.push(titleId);
  }
  return { user, list, titleIds };
}

describe("lists", () => {
  it("are created with a slug, and need lists.create", async () => {
    const user = await createUser();
    const list = await createList(db, viewerFor(user.id, canCreate()), { name: "  Rainy  day films ", description: "For wet Sundays", public: true, workspaceId: 0 });
    expect(list).toMatchObject({ name: "Rainy day films", slug: "rainy-day-films", public: true, items_count: 0, workspace_id: 0 });
    expect(await refusal(createList(db, viewerFor(user.id, {}), { name: "No", description: "", public: false, workspaceId: 0 }))).toMatchObject({ status: 403 });
  });

  it("stop at the count quota with a clear message and no row, also when many are created at once", async () => {
    const user = await createUser();
    const viewer = viewerFor(user.id, canCreate(2));
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => createList(db, viewer, { name: `List ${i}`, description: "", public: false, workspaceId: 0 })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    expect(refused.reason).toMatchObject({ status: 403, messageKey: "You have reached the maximum of :count lists your plan allows.", values: { count: 2 } });
    const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(lists).where(eq(lists.userId, user.id));
    expect(count).toBe(2);
  });

  it("keep items in order: add, move up and down, reorder, remove; the stored count follows", async () => {
    const { user, list, titleIds } = await listWithTitles(3);
    const [a, b, c] = titleIds;
    expect(await order(list.id, user.id)).toEqual([a, b, c]);
    const itemIds = (await listDetails(db, user.id, list.id)).items.map((item) => item.id);
    await moveItem(db, user.id, list.id, itemIds[2], "up");
    expect(await order(list.id, user.id)).toEqual([a, c, b]);
    await moveItem(db, user.id, list.id, itemIds[0], "up");
    expect(await order(list.id, user.id)).toEqual([a, c, b]);
    await reorderItems(db, user.id, list.id, [itemIds[1], itemIds[0], itemIds[2]]);
    expect(await order(list.id, user.id)).toEqual([b, a, c]);
    // Adding a title again changes nothing.
    expect(await addItem(db, user.id, list.id, a)).toMatchObject({ added: false });
    await updateItemNote(db, user.id, list.id, itemIds[0], "Watch with the lights off");
    expect((await listDetails(db, user.id, list.id)).items[1].note).toBe("Watch with the lights off");
    expect((await stored(list.id)).itemsCount).toBe(3);
    await removeItem(db, user.id, list.id, itemIds[1]);
    expect(await order(list.id, user.id)).toEqual([a, c]);
    expect((await stored(list.id)).itemsCount).toBe(2);
  });

  it("refuse a reorder naming an item not in the list, and change nothing", async () => {
    const { user, list } = await listWithTitles(2);
    const other = await listWithTitles(1);
    const before = await listDetails(db, user.id, list.id);
    const foreignItem = (await listDetails(db, other.user.id, other.list.id)).items[0].id;
    const ids = before.items.map((item) => item.id);
    expect(await refusal(reorderItems(db, user.id, list.id, [ids[1], foreignItem]))).toMatchObject({ status: 422, field: "itemIds" });
    expect(await refusal(reorderItems(db, user.id, list.id, [ids[1], ids[1]]))).toMatchObject({ status: 422 });
    expect(await refusal(moveItem(db, user.id, list.id, foreignItem, "up"))).toMatchObject({ status: 422 });
    expect((await listDetails(db, user.id, list.id)).items).toEqual(before.items);
  });

  it("refuse titles that do not exist, and a full list", async () => {
    const { user, list } = await listWithTitles(0);
    expect(await refusal(addItem(db, user.id, list.id, 987_654_321))).toMatchObject({ status: 422, field: "titleId" });
    await db.update(lists).set({ itemsCount: LIST_MAX_ITEMS }).where(eq(lists.id, list.id));
    expect(await refusal(addItem(db, user.id, list.id, await fictionalTitle()))).toMatchObject({ status: 422 });
    expect(await db.select().from(listItems).where(eq(listItems.listId, list.id))).toHaveLength(0);
  });

  it("keep another user's private list hidden and every list of theirs read-only", async () => {
    const { list: privateList } = await listWithTitles(1, false);
    const { list: publicList } = await listWithTitles(1, true);
    const stranger = await createUser();
    expect(await refusal(listDetails(db, stranger.id, privateList.id))).toMatchObject({ status: 404 });
    expect(await refusal(listDetails(db, null, privateList.id))).toMatchObject({ status: 404 });
    expect(await refusal(addItem(db, stranger.id, privateList.id, await fictionalTitle()))).toMatchObject({ status: 404 });
    const seen = await listDetails(db, null, publicList.id);
    expect(seen).toMatchObject({ can_edit: false, liked: false, items_count: 1 });
    expect(await refusal(updateList(db, stranger.id, publicList.id, { name: "Mine now", description: "", public: true }))).toMatchObject({ status: 403 });
    expect(await refusal(deleteList(db, stranger.id, publicList.id))).toMatchObject({ status: 403 });
    expect(await refusal(reorderItems(db, stranger.id, publicList.id, [seen.items[0].id]))).toMatchObject({ status: 403 });
    expect((await stored(publicList.id)).name).toBe("Rainy day films");
  });

  it("in a workspace are edited by every member, deleted by the creator or workspace admins, and closed to those who leave", async () => {
    const owner = await createUser();
    const workspace = await createWorkspace(db, viewerFor(owner.id), "Film club");
    const member = await createUser();
    const outsider = await createUser();
    await db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: member.id, role: "member" });
    const list = await createList(db, viewerFor(owner.id, canCreate()), { name: "Club picks", description: "", public: false, workspaceId: workspace.id });
    expect(list).toMatchObject({ workspace_id: workspace.id, workspace_name: "Film club" });
    expect(await refusal(createList(db, viewerFor(outsider.id, canCreate()), { name: "Sneaky", description: "", public: false, workspaceId: workspace.id }))).toMatchObject({
      status: 403,
      field: "workspaceId",
    });

    const titleId = await fictionalTitle();
    await addItem(db, member.id, list.id, titleId, "Member's pick");
    await updateList(db, member.id, list.id, { name: "Club picks, autumn", description: "Voted monthly", public: false });
    expect(await listDetails(db, owner.id, list.id)).toMatchObject({ name: "Club picks, autumn", items_count: 1, can_edit: true, can_delete: true });
    expect(await listDetails(db, member.id, list.id)).toMatchObject({ can_edit: true, can_delete: false });
    expect((await listsOfUser(db, member.id)).map((l) => l.id)).toContain(list.id);
    expect(await refusal(deleteList(db, member.id, list.id))).toMatchObject({ status: 403 });
    expect(await refusal(listDetails(db, outsider.id, list.id))).toMatchObject({ status: 404 });
    expect((await listsForTitle(db, member.id, titleId)).find((l) => l.id === list.id)?.item_id).toBeTypeOf("number");

    await leaveWorkspace(db, member.id, workspace.id);
    expect(await refusal(addItem(db, member.id, list.id, await fictionalTitle()))).toMatchObject({ status: 404 });
    expect((await listsOfUser(db, member.id)).map((l) => l.id)).not.toContain(list.id);
  });

  it("count likes exactly when many people like (and like again) at once", async () => {
    const { list } = await listWithTitles(1);
    const fans = await Promise.all(Array.from({ length: 12 }, () => createUser()));
    await Promise.all(fans.flatMap((fan) => [setLiked(db, fan.id, list.id, true), setLiked(db, fan.id, list.id, true)]));
    expect((await stored(list.id)).likesCount).toBe(12);
    await Promise.all(fans.slice(0, 5).flatMap((fan) => [setLiked(db, fan.id, list.id, false), setLiked(db, fan.id, list.id, false)]));
    expect((await stored(list.id)).likesCount).toBe(7);
    const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(listLikes).where(eq(listLikes.listId, list.id));
    expect(count).toBe(7);
    expect(await listDetails(db, fans[11].id, list.id)).toMatchObject({ liked: true, likes_count: 7 });
  });

  it("count items exactly when titles are added at once, and when a title leaves the catalogue", async () => {
    const { user, list } = await listWithTitles(0);
    const titleIds = await Promise.all(Array.from({ length: 8 }, () => fictionalTitle()));
    await Promise.all(titleIds.flatMap((id) => [addItem(db, user.id, list.id, id), addItem(db, user.id, list.id, id)]));
    expect((await stored(list.id)).itemsCount).toBe(8);
    const positions = (await listDetails(db, user.id, list.id)).items.map((item) => item.position);
    expect(new Set(positions).size).toBe(8);
    await db.delete(titles).where(eq(titles.id, titleIds[0]));
    expect((await stored(list.id)).itemsCount).toBe(7);
  });

  it("show only public lists on a profile", async () => {
    const user = await createUser();
    const viewer = viewerFor(user.id, canCreate());
    const shown = await createList(db, viewer, { name: "Shown", description: "", public: true, workspaceId: 0 });
    const hidden = await createList(db, viewer, { name: "Hidden", description: "", public: false, workspaceId: 0 });
    const ids = (await publicListsOfUser(db, user.id)).map((l) => l.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
  });

  it("go back to their creators when their workspace is deleted, or its owner's account is", async () => {
    for (const how of ["workspace", "account"] as const) {
      const owner = await createUser();
      const member = await createUser();
      const workspace = await createWorkspace(db, viewerFor(owner.id), "Household");
      await db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: member.id, role: "member" });
      const list = await createList(db, viewerFor(member.id, canCreate()), { name: "Sunday films", description: "", public: false, workspaceId: workspace.id });
      if (how === "workspace") await deleteWorkspace(db, owner.id, workspace.id);
      else await deleteAccount({ db, bucket: env.FILES, payments: null }, owner);
      expect((await stored(list.id)).workspaceId).toBe(0);
      expect(await listDetails(db, member.id, list.id)).toMatchObject({ can_edit: true, can_delete: true });
    }
  });

  it("are in Download my data, with their titles in order and notes", async () => {
    const { user, list, titleIds } = await listWithTitles(2);
    const itemId = (await listDetails(db, user.id, list.id)).items[0].id;
    await updateItemNote(db, user.id, list.id, itemId, "First");
    const data = await collectUserData(db, user);
    const exported = data.lists.find((l) => l.id === list.id)!;
    expect(exported).toMatchObject({ name: "Rainy day films", public: true });
    expect(exported.items.map((item) => item.title_id)).toEqual(titleIds);
    expect(exported.items[0].note).toBe("First");
  });
});
