import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { updatedAt } from "~/db/columns";

/** Site settings: one row per dotted key, the value stored as JSON. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: updatedAt(),
});
