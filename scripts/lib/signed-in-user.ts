import { createClient } from "@libsql/client";
import { appKeys, randomToken, sha256, signValue } from "../../app/auth/crypto.server";
import { readDevVars } from "./dev-vars";
import { localD1File } from "./local-d1";

/**
 * A verified user with the default role, signed in by writing a session row
 * straight into a local database (no sign-in form), for end-to-end tests and
 * benchmarks. The cookie is signed with APP_KEY from .dev.vars, the key the
 * local Worker runs with.
 */
export interface SignedInUser {
  userId: number;
  email: string;
  /** The signed session token, as the `session` cookie carries it. */
  cookieValue: string;
  /** "session=<signed token>", ready for a Cookie header. */
  cookieHeader: string;
}

let counter = 0;

export async function createSignedInUser(persistTo: string, prefix = "user"): Promise<SignedInUser> {
  counter += 1;
  const email = `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
  const db = createClient({ url: `file:${localD1File(persistTo)}` });
  try {
    // workerd holds the same file open; wait for its locks instead of failing.
    await db.execute("PRAGMA busy_timeout = 5000");
    const inserted = await db.execute({ sql: "INSERT INTO users (email, email_verified_at) VALUES (?, unixepoch()) RETURNING id", args: [email] });
    const userId = Number(inserted.rows[0].id);
    await db.execute({ sql: 'INSERT OR IGNORE INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE "default" = 1', args: [userId] });
    const token = randomToken(32);
    await db.execute({
      sql: `INSERT INTO sessions (id, user_id, expires_at, remember, kind, last_active_at)
            VALUES (?, ?, unixepoch() + 86400, 1, 'web', unixepoch())`,
      args: [await sha256(token), userId],
    });
    const cookieValue = await signValue(await appKeys(readDevVars().APP_KEY), token);
    return { userId, email, cookieValue, cookieHeader: `session=${encodeURIComponent(cookieValue)}` };
  } finally {
    db.close();
  }
}
