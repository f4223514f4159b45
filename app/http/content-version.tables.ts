import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { updatedAt } from "~/db/columns";

/**
 * One row (id 1): the version of what public pages show. Admin writes bump
 * it; guests' cached pages are keyed by it (app/http/content-version.server.ts).
 */
export const contentVersion = sqliteTable("content_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
  updatedAt: updatedAt(),
});
