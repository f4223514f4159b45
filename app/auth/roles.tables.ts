import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "~/db/columns";

/** A named set of permissions. Exactly one role is the guest role. */
export const roles = sqliteTable("roles", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  description: text("description"),
  /** Visitors who are not signed in have this role's permissions. */
  guest: integer("guest", { mode: "boolean" }).notNull().default(false),
  /** New users get this role. */
  default: integer("default", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const permissions = sqliteTable("permissions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  group: text("group").notNull(),
  description: text("description"),
  /** Restriction names this permission accepts, such as "count". */
  restrictions: text("restrictions", { mode: "json" }).$type<string[]>().notNull().default([]),
});

export const rolePermissions = sqliteTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permissionId: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    restrictions: text("restrictions", { mode: "json" }).$type<{ name: string; value: number }[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index("role_permissions_permission_idx").on(t.permissionId)],
);
