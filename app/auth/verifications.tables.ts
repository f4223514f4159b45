import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "~/db/columns";
import { users } from "./users.tables";

export const VERIFICATION_TYPES = ["email-verification", "password-reset", "two-factor-login", "social-connect", "registration"] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/**
 * One mechanism for every one-time secret: the e-mail verification code,
 * the password-reset token, the "finish creating your account" link, the pending two-factor sign-in and the pending
 * social-account link. Only a hash of the secret is stored; each row expires,
 * is deleted when used, and counts failed attempts.
 */
export const verifications = sqliteTable(
  "verifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type", { enum: VERIFICATION_TYPES }).notNull(),
    /** What the secret is for: a user id, or a random handle kept in a cookie. */
    target: text("target").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the code or token, base64url. */
    secretHash: text("secret_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Purpose-specific data (remember-me choice, redirect, provider profile). */
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("verifications_type_target_unique").on(t.type, t.target), index("verifications_user_idx").on(t.userId), index("verifications_expires_idx").on(t.expiresAt)],
);
