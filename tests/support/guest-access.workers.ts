import { eq } from "drizzle-orm";
import { permissions, rolePermissions, roles } from "~/auth/roles.tables";
import type { Database } from "~/db/client.server";

/** Guests may browse the catalogue, as the seed's default guest role does: `titles.view` for every guest role. */
export async function letGuestsViewTitles(db: Database, everyRole = false) {
  await db.insert(permissions).values({ name: "titles.view", displayName: "View titles", group: "titles" }).onConflictDoNothing();
  await db.insert(roles).values({ name: "guests", guest: true }).onConflictDoNothing();
  const [permission] = await db.select().from(permissions).where(eq(permissions.name, "titles.view"));
  for (const role of await db
    .select()
    .from(roles)
    .where(everyRole ? undefined : eq(roles.guest, true))) {
    await db.insert(rolePermissions).values({ roleId: role.id, permissionId: permission.id }).onConflictDoNothing();
  }
}

/** Guests and members may browse the catalogue (the seed's guest and users roles both have `titles.view`). */
export function letEveryoneViewTitles(db: Database) {
  return letGuestsViewTitles(db, true);
}
