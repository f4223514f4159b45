import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "~/db/columns";

/** A colour theme: CSS custom properties applied to the document. */
export const themes = sqliteTable("themes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  values: text("values", { mode: "json" }).$type<Record<string, string>>().notNull(),
  isDark: integer("is_dark", { mode: "boolean" }).notNull().default(false),
  defaultLight: integer("default_light", { mode: "boolean" }).notNull().default(false),
  defaultDark: integer("default_dark", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
