import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { titles } from "~/catalogue/tables";
import { createdAt, updatedAt } from "~/db/columns";

/**
 * Lists (decision 024): a user's ordered lists of titles.
 *
 * - `lists`: owned by the user who created it (their lists.create quota counts
 *   it); `workspace_id` 0 is their personal workspace (no row, so no foreign
 *   key, like file_entries), any other id a shared workspace whose every
 *   member may edit it. `items_count` and `likes_count` are stored counts,
 *   kept exact in the same batch as the change.
 * - `list_items`: a title at most once per list, ordered by integer
 *   `position` (then id); a reorder rewrites the positions in one statement.
 * - `list_likes`: one row per user and list.
 */
export const lists = sqliteTable(
  "lists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: integer("workspace_id").notNull().default(0),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    public: integer("public", { mode: "boolean" }).notNull().default(false),
    itemsCount: integer("items_count").notNull().default(0),
    likesCount: integer("likes_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The import that created the list (decision 027). */
    importId: integer("import_id"),
  },
  (t) => [
    // My lists, the quota count and public lists on a profile.
    index("lists_user_idx").on(t.userId, t.updatedAt),
    // A workspace's shared lists.
    index("lists_workspace_idx").on(t.workspaceId, t.updatedAt),
    index("lists_import_idx").on(t.importId).where(sql`${t.importId} IS NOT NULL`),
  ],
);
export type ListRow = typeof lists.$inferSelect;

export const listItems = sqliteTable(
  "list_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    listId: integer("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    titleId: integer("title_id")
      .notNull()
      .references(() => titles.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    note: text("note").notNull().default(""),
    addedBy: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    importId: integer("import_id"),
  },
  (t) => [
    uniqueIndex("list_items_list_title_unique").on(t.listId, t.titleId),
    index("list_items_list_position_idx").on(t.listId, t.position),
    // Which lists hold a title (the add-to-list page; the title delete trigger).
    index("list_items_title_idx").on(t.titleId),
    index("list_items_import_idx").on(t.importId).where(sql`${t.importId} IS NOT NULL`),
  ],
);
export type ListItemRow = typeof listItems.$inferSelect;

export const listLikes = sqliteTable(
  "list_likes",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.userId] }), index("list_likes_user_idx").on(t.userId)],
);
