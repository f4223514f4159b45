import { existsSync, readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { localizations, permissions, roles, themes } from "../../app/db/tables";
import { PERMISSIONS, ROLES } from "./permissions";
import { THEMES } from "./themes";

const LANGUAGES = [
  { language: "en", name: "English" },
  { language: "es", name: "Español" },
  { language: "fr", name: "Français" },
] as const;

/**
 * Translation lines ship as translations/<language>/<area>.json, one file per
 * area of the product, keyed by the English text. English needs none.
 */
function readLines(language: string): Record<string, string> {
  const dir = new URL(`./translations/${language}/`, import.meta.url);
  if (!existsSync(dir)) return {};
  const lines: Record<string, string> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    Object.assign(lines, JSON.parse(readFileSync(new URL(file, dir), "utf8")));
  }
  return lines;
}

/**
 * Roles, permissions, themes and languages. Safe to run again: existing rows
 * are left alone, missing ones are added, translation lines are refreshed.
 */
export async function seedFoundation(db: Database) {
  await db.batch([
    db
      .insert(permissions)
      .values(PERMISSIONS.map((p) => ({ ...p, restrictions: p.restrictions ?? [] })))
      .onConflictDoNothing(),
    db
      .insert(roles)
      .values(ROLES.map((r) => ({ name: r.name, description: r.description, guest: r.guest ?? false, default: r.default ?? false })))
      .onConflictDoNothing(),
  ]);
  for (const role of ROLES) {
    for (const permission of role.permissions) {
      await db.run(sql`
        INSERT OR IGNORE INTO role_permissions (role_id, permission_id, restrictions)
        SELECT r.id, p.id, ${JSON.stringify(role.restrictions?.[permission] ?? [])} FROM roles r, permissions p WHERE r.name = ${role.name} AND p.name = ${permission}`);
    }
  }
  const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(themes);
  if (count === 0) await db.insert(themes).values(THEMES);

  for (const lang of LANGUAGES) {
    const lines = readLines(lang.language);
    await db
      .insert(localizations)
      .values({ language: lang.language, name: lang.name, lines })
      .onConflictDoUpdate({ target: localizations.language, set: { lines: sql`json_patch(${JSON.stringify(lines)}, localizations.lines)` } });
  }
  return { permissions: PERMISSIONS.length, roles: ROLES.length, themes: THEMES.length, languages: LANGUAGES.length };
}
