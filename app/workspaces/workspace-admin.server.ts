import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import type { Database } from "~/db/client.server";
import { runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import { fileEntries } from "~/uploads/tables";
import { workspaceInvites, workspaceMembers, workspaces } from "./tables";
import { PERSONAL_WORKSPACE_ID } from "./workspaces.server";

/** Workspaces as the admin area sees them: every team, its owner and members. */

export const WORKSPACE_SORTS = ["created_at", "name", "members"] as const;

export async function listWorkspacesForAdmin(db: Database, query: { q: string; sort: (typeof WORKSPACE_SORTS)[number]; dir: "asc" | "desc"; offset: number; limit: number }) {
  const where: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`;
    where.push(sql`(lower(${workspaces.name}) LIKE ${like} ESCAPE '\\' OR ${users.email} LIKE ${like} ESCAPE '\\')`);
  }
  const condition = where.length ? and(...where) : undefined;
  const members = sql<number>`(SELECT count(*) FROM workspace_members m WHERE m.workspace_id = ${workspaces.id})`;
  const order = query.sort === "members" ? members : query.sort === "name" ? workspaces.name : workspaces.id;
  const [rows, count] = await db.batch([
    db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        ownerId: workspaces.ownerId,
        ownerEmail: users.email,
        members: members.as("member_count"),
        invites: sql<number>`(SELECT count(*) FROM workspace_invites i WHERE i.workspace_id = ${workspaces.id} AND i.expires_at > unixepoch())`.as("invite_count"),
        createdAt: workspaces.createdAt,
      })
      .from(workspaces)
      .innerJoin(users, eq(users.id, workspaces.ownerId))
      .where(condition)
      .orderBy(query.dir === "asc" ? asc(order) : desc(order), desc(workspaces.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: sql<number>`count(*)` }).from(workspaces).innerJoin(users, eq(users.id, workspaces.ownerId)).where(condition),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function loadWorkspaceForAdmin(db: Database, id: number) {
  const [[workspace], members, invites, files] = await db.batch([
    db
      .select({ id: workspaces.id, name: workspaces.name, ownerId: workspaces.ownerId, ownerEmail: users.email, createdAt: workspaces.createdAt })
      .from(workspaces)
      .innerJoin(users, eq(users.id, workspaces.ownerId))
      .where(eq(workspaces.id, id)),
    db
      .select({ userId: workspaceMembers.userId, email: users.email, firstName: users.firstName, lastName: users.lastName, role: workspaceMembers.role, joinedAt: workspaceMembers.createdAt })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, id))
      .orderBy(asc(workspaceMembers.createdAt)),
    db
      .select({ email: workspaceInvites.email, role: workspaceInvites.role, expiresAt: workspaceInvites.expiresAt })
      .from(workspaceInvites)
      .where(and(eq(workspaceInvites.workspaceId, id), sql`${workspaceInvites.expiresAt} > unixepoch()`))
      .orderBy(desc(workspaceInvites.createdAt)),
    db
      .select({ n: sql<number>`count(*)`, bytes: sql<number>`coalesce(sum(${fileEntries.size}), 0)` })
      .from(fileEntries)
      .where(eq(fileEntries.workspaceId, id)),
  ]);
  if (!workspace) return null;
  return { workspace, members, invites, files: { count: Number(files[0]?.n ?? 0), bytes: Number(files[0]?.bytes ?? 0) } };
}

/**
 * Deletes workspaces as their owners would (members and invites go, files
 * go back to their uploaders' personal workspaces), with the audit record.
 */
export async function deleteWorkspacesByAdmin(db: Database, ids: number[], record?: ChangeRecorder) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: workspaces.id, name: workspaces.name, ownerId: workspaces.ownerId }).from(workspaces).where(inArray(workspaces.id, ids));
  if (rows.length === 0) return [];
  const found = rows.map((r) => r.id);
  const statements: Statement[] = [
    db.update(fileEntries).set({ workspaceId: PERSONAL_WORKSPACE_ID, updatedAt: new Date() }).where(inArray(fileEntries.workspaceId, found)),
    db.delete(workspaces).where(inArray(workspaces.id, found)),
  ];
  if (record) for (const row of rows) statements.push(record({ subjectId: row.id, label: row.name, before: { name: row.name, ownerId: row.ownerId }, after: null }));
  await runBatch(db, statements);
  return found;
}
