import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "~/db/columns";
import { permissions, roles } from "./roles.tables";

/**
 * A registered person. The e-mail is stored normalised
 * (trimmed, NFC, lower case) so lookups and the unique index agree.
 * Secrets never leave the server: the password hash, the encrypted two-factor
 * secret and the hashed recovery codes.
 */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    /** "pbkdf2-sha256$<iterations>$<salt>$<hash>"; null for accounts created through social sign-in only. */
    password: text("password"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** The public name (profile page and its link's slug); empty means first and last name. */
    displayName: text("display_name"),
    /**
     * The public handle and profile slug (decision 043): 3-20 of [a-z0-9_], stored lower case.
     * Null for an account with no name that never chose one (it shows as "Member <id>").
     */
    username: text("username"),
    avatar: text("avatar"),
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp" }),
    language: text("language"),
    country: text("country"),
    /** An IANA zone, or "auto" (the browser's). */
    timezone: text("timezone"),
    /** Kept by the notifications module. */
    unreadNotificationsCount: integer("unread_notifications_count").notNull().default(0),
    /** AES-GCM encrypted base32 TOTP secret (set on enable, before confirmation). */
    twoFactorSecret: text("two_factor_secret"),
    /** SHA-256 hashes of the unused recovery codes. */
    twoFactorRecoveryCodes: text("two_factor_recovery_codes", { mode: "json" }).$type<string[]>(),
    twoFactorConfirmedAt: integer("two_factor_confirmed_at", { mode: "timestamp" }),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    twoFactorLastStep: integer("two_factor_last_step"),
    bannedAt: integer("banned_at", { mode: "timestamp" }),
    /** Why an administrator banned the account (shown in the admin area only). */
    banReason: text("ban_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(t.username),
    // The admin area: newest users first, sign-ups per day, banned users.
    index("users_created_at_idx").on(t.createdAt),
    index("users_banned_idx").on(t.bannedAt).where(sql`${t.bannedAt} IS NOT NULL`),
    // The admin users list: search by name prefix, the "not verified" filter (sorting by name: users_name_idx, migration 0018).
    index("users_first_name_lower_idx").on(sql`lower(${t.firstName})`),
    index("users_last_name_lower_idx").on(sql`lower(${t.lastName})`),
    index("users_display_name_lower_idx").on(sql`lower(${t.displayName})`),
    index("users_unverified_idx").on(t.id).where(sql`${t.emailVerifiedAt} IS NULL`),
  ],
);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);

/** Permissions given to one user directly, with optional quota restrictions. */
export const userPermissions = sqliteTable(
  "user_permissions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissionId: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
    restrictions: text("restrictions", { mode: "json" }).$type<{ name: string; value: number }[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] }), index("user_permissions_permission_idx").on(t.permissionId)],
);

/** An account at a social provider linked to a user. */
export const socialProfiles = sqliteTable(
  "social_profiles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceName: text("service_name").notNull(),
    /** The provider's id for the account (stable, unlike the e-mail). */
    userServiceId: text("user_service_id").notNull(),
    username: text("username"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("social_profiles_service_account_unique").on(t.serviceName, t.userServiceId), uniqueIndex("social_profiles_user_service_unique").on(t.userId, t.serviceName)],
);
