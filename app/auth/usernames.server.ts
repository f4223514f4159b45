import { and, eq, gte, lt, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { firstFreeUsername, usernameBase } from "./username";
import { users } from "./users.tables";

/** Whether an account holds this username (stored lower case: one seek on users_username_unique). */
export async function usernameTaken(db: Database, username: string, exceptUserId?: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username.toLowerCase())).limit(1);
  return Boolean(row && row.id !== exceptUserId);
}

/**
 * Registration's check (decision 043): taken unless its holder is this same
 * address's never-verified account (registering again, e.g. after losing the
 * mail, keeps the name it chose). That exception tells only whether a
 * never-verified account with a known username has this address.
 */
export async function usernameTakenForRegistration(db: Database, username: string, email: string) {
  const [row] = await db.select({ email: users.email, verified: users.emailVerifiedAt }).from(users).where(eq(users.username, username.toLowerCase())).limit(1);
  return Boolean(row && !(row.email === email && row.verified === null));
}

/**
 * A free username made from a name (decision 043): the base, else the first
 * free "base_<n>". One range read on the unique index ("base" and everything
 * from "base_" up to "base`", the character after "_").
 */
export async function freeUsername(db: Database, name: string | null | undefined): Promise<string> {
  const base = usernameBase(name);
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(or(eq(users.username, base), and(gte(users.username, `${base}_`), lt(users.username, `${base}\``))));
  return firstFreeUsername(base, new Set(rows.map((r) => r.username ?? "")));
}
