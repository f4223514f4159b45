import { and, asc, eq, sql } from "drizzle-orm";
import { sessions } from "~/auth/sessions.tables";
import type { Database } from "~/db/client.server";
import { workspaceMembers, workspaces, type WorkspaceRole } from "../workspaces/tables";

/**
 * The workspaces of a session's user, as one statement for the signed-in
 * visitor's batch (app/auth/users.server.ts loadSignedIn): the navbar's
 * switcher and membership checks of GET requests read them from there instead
 * of a round trip of their own (decision 026). Kept free of other workspace code
 * so the auth module can import it without a cycle.
 */
export function workspacesOfSessionQuery(db: Database, sessionId: string) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      ownerId: sql<number>`${workspaces.ownerId}`.as("owner_id"),
      membersCount: sql<number>`(SELECT count(*) FROM workspace_members m WHERE m.workspace_id = ${workspaces.id})`.as("members_count"),
    })
    .from(sessions)
    .innerJoin(workspaceMembers, eq(workspaceMembers.userId, sessions.userId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(sessions.id, sessionId), sql`${sessions.expiresAt} > unixepoch()`))
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.id));
}

export type WorkspaceRow = { id: number; name: string; role: WorkspaceRole; ownerId: number; membersCount: number };
