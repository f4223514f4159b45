import { and, eq, isNull } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import type { Database } from "~/db/client.server";

/**
 * What a public profile shows, at most one row (banned users have none): a
 * read for a page to send with its other reads (decision 048).
 */
export function publicProfileQuery(db: Database, id: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName, username: users.username, avatar: users.avatar, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.bannedAt)))
    .limit(1);
}
