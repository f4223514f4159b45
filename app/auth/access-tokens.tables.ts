import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "~/db/columns";
import { users } from "./users.tables";

/**
 * Personal API access tokens (id, name, last_used_at). The
 * plain token is shown once, when created; only its SHA-256 is kept, so a
 * copy of the table cannot be used to call the API. See
 * docs/decisions/009-api-tokens-and-account-data.md.
 */
export const accessTokens = sqliteTable(
  "access_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 of the whole plain token, base64url. */
    tokenHash: text("token_hash").notNull(),
    /** The first characters of the plain token ("rbt_AbCd"), so people can tell their tokens apart. */
    prefix: text("prefix").notNull(),
    /** What the token may do; ["*"] is everything its user may do. */
    abilities: text("abilities", { mode: "json" }).$type<string[]>().notNull().default(["*"]),
    lastUsedAt: integer("last_used_at", { mode: "timestamp" }),
    /** Null: never expires. */
    expiresAt: integer("expires_at", { mode: "timestamp" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("access_tokens_hash_unique").on(t.tokenHash), index("access_tokens_user_idx").on(t.userId, t.createdAt)],
);

export type AccessTokenRow = typeof accessTokens.$inferSelect;
