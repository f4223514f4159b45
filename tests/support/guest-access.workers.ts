import { eq } from "drizzle-orm";
import { permissions, rolePermissions, roles } from "~/auth/roles.schema";
import type { Database } from "~/db/client.server";

/** Guests may browse the catalogue, as the seed's default guest role does: `titles.view` for every guest role. */
export async function letGuestsViewTitles(db: Database) {
  await db.insert(permissions).values({ name: "titles.view", displayName: "View titles", group: "titles" }).onConflictDoNothing();
  await db.insert(roles).values({ name: "guests", guest: true }).onConflictDoNothing();
  const [permission] = await db.select().from(permissions).where(eq(permissions.name, "titles.view"));
  for (const role of await db.select().from(roles).where(eq(roles.guest, true))) {
    await db.insert(rolePermissions).values({ roleId: role.id, permissionId: permission.id }).onConflictDoNothing();
  }
}
