import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "~/db/columns";

/**
 * A language the site can be shown in. `lines` holds translations keyed by the
 * English source string; anything missing falls back to the English in code.
 */
export const localizations = sqliteTable("localizations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  language: text("language").notNull().unique(),
  name: text("name").notNull(),
  lines: text("lines", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
