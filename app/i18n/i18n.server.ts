import { asc } from "drizzle-orm";
import { SETTINGS_CACHE_TTL_MS } from "~/constants";
import type { Database } from "~/db/client.server";
import { localizations } from "./tables";

export interface Localization {
  language: string;
  name: string;
  lines: Record<string, string>;
}

let cached: { value: Localization[]; expiresAt: number } | null = null;

export function invalidateLocalizationsCache() {
  cached = null;
}

/** Every localization with its lines, cached per isolate like settings. */
export async function loadLocalizations(db: Database): Promise<Localization[]> {
  const now = Date.now();
  if (cached && cached.expiresAt > now) return cached.value;
  const rows = await db.select({ language: localizations.language, name: localizations.name, lines: localizations.lines }).from(localizations).orderBy(asc(localizations.id));
  const value = rows.length > 0 ? rows : [{ language: "en", name: "English", lines: {} }];
  cached = { value, expiresAt: now + SETTINGS_CACHE_TTL_MS };
  return value;
}
