import { sql } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { DEMO_ACCOUNTS } from "../../app/auth/demo-accounts";
import { hashPassword } from "../../app/auth/password.server";
import { freeUsername } from "../../app/auth/usernames.server";
import { users } from "../../app/db/tables";

/**
 * The demo accounts: an administrator (admin role) and a regular user (the
 * default role), both with verified addresses. Existing accounts are left
 * as they are, so a changed password survives re-seeding.
 */
export async function seedUsers(db: Database) {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const inserted = await db
      .insert(users)
      .values({
        email: account.email,
        password: await hashPassword(account.password),
        firstName: account.firstName,
        lastName: account.lastName,
        // Every account has a username, made from the name (decision 043).
        username: await freeUsername(db, `${account.firstName ?? ""} ${account.lastName ?? ""}`),
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length) created++;
    const roleNames = account.role === "admin" ? ["admin", "users"] : ["users"];
    for (const role of roleNames) {
      await db.run(sql`INSERT OR IGNORE INTO user_roles (user_id, role_id)
        SELECT u.id, r.id FROM users u, roles r WHERE u.email = ${account.email} AND r.name = ${role}`);
    }
  }
  return { created, total: DEMO_ACCOUNTS.length };
}
