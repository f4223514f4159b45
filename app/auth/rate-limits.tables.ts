import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Counters of the local (D1) rate limiter: one row per policy, subject and
 * fixed window. Production can use the Workers rate-limit binding instead.
 */
export const rateLimitBuckets = sqliteTable("rate_limit_buckets", {
  /** "<policy>:<subject>:<window index>" */
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  /** Seconds since the epoch after which the row is useless. */
  expiresAt: integer("expires_at").notNull(),
});
