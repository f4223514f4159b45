import { asc } from "drizzle-orm";
import { SETTINGS_CACHE_TTL_MS } from "~/constants";
import type { Database } from "~/db/client.server";
import { themes as themesTable } from "./tables";
import type { Theme } from "../ui/themes";

let cached: { value: Theme[]; expiresAt: number } | null = null;

export function invalidateThemesCache() {
  cached = null;
}

/** All themes, cached per isolate like settings. */
export async function loadThemes(db: Database): Promise<Theme[]> {
  const now = Date.now();
  if (cached && cached.expiresAt > now) return cached.value;
  const rows = await db.select().from(themesTable).orderBy(asc(themesTable.id));
  const value = rows.map((row) => ({
    id: row.id,
    name: row.name,
    values: row.values,
    is_dark: row.isDark,
    default_light: row.defaultLight,
    default_dark: row.defaultDark,
  }));
  cached = { value, expiresAt: now + SETTINGS_CACHE_TTL_MS };
  return value;
}
