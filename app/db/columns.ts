import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** Seconds since the epoch, set by SQLite when the row is written. */
export const createdAt = () => integer("created_at", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`);
export const updatedAt = () => integer("updated_at", { mode: "timestamp" }).notNull().default(sql`(unixepoch())`);
