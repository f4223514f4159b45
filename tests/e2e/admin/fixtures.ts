import type { BrowserContext } from "@playwright/test";
import { queryE2e } from "../fixtures/e2e-db";
import { createSignedInUser, signInContext, type SignedInUser } from "../fixtures/signed-in-user";

/**
 * Admin-area fixtures: signed-in users made by the e2e Worker (like the other
 * suites), with the admin role or with a role made for the test out of chosen
 * permissions. Rows are arranged through the Worker, never in its file.
 */

/** Reads or writes the e2e database through the Worker (tests/e2e/fixtures/e2e-db.ts). */
export const adminDb = queryE2e;

export async function createAdmin(prefix = "admin"): Promise<SignedInUser> {
  const user = await createSignedInUser(prefix);
  await adminDb("INSERT OR IGNORE INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE name = 'admin'", [user.userId]);
  return user;
}

let roleCounter = 0;

/** A user whose only role holds exactly `permissions` (no default role). */
export async function createUserWithPermissions(permissions: string[], prefix = "editor"): Promise<SignedInUser & { roleId: number }> {
  const user = await createSignedInUser(prefix);
  roleCounter += 1;
  const name = `e2e-${prefix}-${Date.now().toString(36)}-${process.pid}-${roleCounter}`;
  const [role] = await adminDb<{ id: number }>("INSERT INTO roles (name, description) VALUES (?, 'e2e') RETURNING id", [name]);
  for (const permission of permissions) {
    await adminDb("INSERT INTO role_permissions (role_id, permission_id, restrictions) SELECT ?, id, '[]' FROM permissions WHERE name = ?", [role.id, permission]);
  }
  await adminDb("DELETE FROM user_roles WHERE user_id = ?", [user.userId]);
  await adminDb("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", [user.userId, role.id]);
  return { ...user, roleId: Number(role.id) };
}

export async function signIn(context: BrowserContext, baseURL: string | undefined, user: SignedInUser) {
  await signInContext(context, baseURL ?? "http://localhost:8788", user);
}

/** A title the tests can change without disturbing the catalogue pages' own tests: a new one. */
export async function createTestTitle(name: string, type: "movie" | "series" = "movie") {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const [row] = await adminDb<{ id: number }>(
    "INSERT INTO titles (type, name, slug, year, release_date, plot, popularity) VALUES (?, ?, ?, 2001, '2001-05-04', 'A plot written for the admin tests.', 0) RETURNING id",
    [type, name, slug],
  );
  return { id: Number(row.id), slug, name };
}
