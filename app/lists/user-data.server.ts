import { asc, eq, inArray } from "drizzle-orm";
import { titles } from "~/catalogue/tables";
import type { Database } from "~/db/client.server";
import { listItems, listLikes, lists } from "./tables";

/**
 * Lists' part of "Download my data" (app/account/): the lists the user
 * created (with their titles in order and notes) and the lists they like.
 * Account deletion needs no statements of its own: their lists, items they
 * added stay (added_by becomes null) and likes go by cascade; the counts
 * follow (triggers, decision 024).
 */
export async function exportListData(db: Database, userId: number) {
  const [own, likes] = await Promise.all([
    db.select().from(lists).where(eq(lists.userId, userId)).orderBy(asc(lists.id)),
    db.select({ list_id: listLikes.listId, liked_at: listLikes.createdAt }).from(listLikes).where(eq(listLikes.userId, userId)),
  ]);
  const items = own.length
    ? await db
        .select({ listId: listItems.listId, position: listItems.position, note: listItems.note, titleId: titles.id, name: titles.name, year: titles.year })
        .from(listItems)
        .innerJoin(titles, eq(titles.id, listItems.titleId))
        .where(
          inArray(
            listItems.listId,
            own.map((list) => list.id),
          ),
        )
        .orderBy(asc(listItems.listId), asc(listItems.position), asc(listItems.id))
    : [];
  return {
    lists: own.map((list) => ({
      id: list.id,
      name: list.name,
      description: list.description,
      public: list.public,
      workspace_id: list.workspaceId,
      created_at: list.createdAt,
      updated_at: list.updatedAt,
      items: items.filter((item) => item.listId === list.id).map((item) => ({ title_id: item.titleId, title: item.name, year: item.year, note: item.note })),
    })),
    list_likes: likes,
  };
}
