import { and, eq, isNull } from "drizzle-orm";
import { users } from "~/auth/users.tables";
import type { Database } from "~/db/client.server";

/** What a public profile shows; banned users have none. */
export async function loadPublicProfile(db: Database, id: number) {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, displayName: users.displayName, username: users.username, avatar: users.avatar, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.bannedAt)))
    .limit(1);
  return user ?? null;
}
