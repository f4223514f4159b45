import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "~/auth/users.tables";
import { createdAt, updatedAt } from "~/db/columns";

/**
 * Workspaces: a team that shares what is created in it
 * (file entries carry workspace_id). Workspace 0 is everyone's personal
 * default workspace ("Default", one member) and has no row: real
 * workspaces start at id 1.
 *
 * - `workspace_members`: who belongs, with a role (owner, admin, member);
 *   the creator is the one owner.
 * - `workspace_invites`: a pending invitation to an e-mail address. The id
 *   is random (it travels in the notification's data as inviteId); the
 *   e-mailed link also carries a signature only the mail holds.
 */
export const WORKSPACE_ROLES = ["owner", "admin", "member"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** Roles that can be given by an invite or a role change (there is one owner). */
export const ASSIGNABLE_ROLES = ["admin", "member"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const workspaces = sqliteTable(
  "workspaces",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("workspaces_owner_idx").on(t.ownerId),
    // Admin workspaces list sorted by name.
    index("workspaces_name_idx").on(t.name),
  ],
);
export type WorkspaceRow = typeof workspaces.$inferSelect;

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user_idx").on(t.userId, t.workspaceId)],
);

export const workspaceInvites = sqliteTable(
  "workspace_invites",
  {
    id: text("id").primaryKey(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Normalised like users.email. */
    email: text("email").notNull(),
    role: text("role", { enum: ASSIGNABLE_ROLES }).notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp" }).notNull(),
  },
  (t) => [uniqueIndex("workspace_invites_workspace_email_unique").on(t.workspaceId, t.email), index("workspace_invites_email_idx").on(t.email)],
);
export type WorkspaceInviteRow = typeof workspaceInvites.$inferSelect;
