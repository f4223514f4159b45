import { inArray, sql } from "drizzle-orm";
import { SETTINGS_CACHE_TTL_MS } from "~/constants";
import { changedFields, runBatch, type ChangeRecorder, type Statement } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import { settings as settingsTable } from "./tables";
import { defaultSettings, isSettingKey, settingDefinitions, type NestedPublicSettings, type NestedSettings, type PublicSettingKey, type SettingKey, type Settings } from "./definitions";

/**
 * Settings are read on every request, so each isolate keeps them for a few
 * seconds. A write in this isolate drops the copy at once; other isolates see
 * it within SETTINGS_CACHE_TTL_MS.
 */
let cached: { value: Settings; expiresAt: number } | null = null;

export function invalidateSettingsCache() {
  cached = null;
}

export async function loadSettings(db: Database): Promise<Settings> {
  const now = Date.now();
  if (cached && cached.expiresAt > now) return cached.value;
  const rows = await db.select().from(settingsTable);
  const value = mergeStoredSettings(rows);
  cached = { value, expiresAt: now + SETTINGS_CACHE_TTL_MS };
  return value;
}

/** Defaults overlaid with every stored value that still fits its schema. */
export function mergeStoredSettings(rows: { key: string; value: unknown }[]): Settings {
  const merged = defaultSettings() as Record<string, unknown>;
  for (const row of rows) {
    if (!isSettingKey(row.key)) continue;
    const parsed = settingDefinitions[row.key].schema.safeParse(row.value);
    if (parsed.success) merged[row.key] = parsed.data;
    else console.warn(JSON.stringify({ level: "warn", msg: "ignored invalid stored setting", key: row.key }));
  }
  return merged as Settings;
}

export type SettingsUpdate = Partial<{ [K in SettingKey]: unknown }>;

/**
 * Validates and stores settings in one batch: all of them or none.
 * Returns field errors keyed by setting key when any value is invalid.
 * `record` logs the changed keys (before and after) and `also` adds other
 * statements to the same batch (the admin area's audit log; themes saved
 * together with settings by the appearance editor).
 */
export async function saveSettings(db: Database, update: SettingsUpdate, options: { record?: ChangeRecorder; also?: Statement[] } = {}) {
  const errors: Record<string, string[]> = {};
  const values: { key: SettingKey; value: unknown }[] = [];
  for (const [key, raw] of Object.entries(update)) {
    if (!isSettingKey(key)) {
      errors[key] = ["Unknown setting."];
      continue;
    }
    const parsed = settingDefinitions[key].schema.safeParse(raw);
    if (!parsed.success) errors[key] = parsed.error.issues.map((i) => i.message);
    else values.push({ key, value: parsed.data });
  }
  if (Object.keys(errors).length > 0) return { ok: false as const, errors };
  const statements: Statement[] = values.map(({ key, value }) =>
    db
      .insert(settingsTable)
      .values({ key, value })
      .onConflictDoUpdate({ target: settingsTable.key, set: { value, updatedAt: sql`(unixepoch())` } }),
  );
  if (options.record && values.length > 0) {
    const stored = await db
      .select()
      .from(settingsTable)
      .where(
        inArray(
          settingsTable.key,
          values.map((v) => v.key),
        ),
      );
    const current = mergeStoredSettings(stored) as Record<string, unknown>;
    const diff = changedFields(current, Object.fromEntries(values.map(({ key, value }) => [key, value])));
    if (diff.changed) {
      const keys = Object.keys(diff.after);
      statements.push(options.record({ subjectId: keys.length === 1 ? keys[0] : null, label: keys.join(", ").slice(0, 250), before: diff.before, after: diff.after }));
    }
  }
  statements.push(...(options.also ?? []));
  await runBatch(db, statements);
  invalidateSettingsCache();
  return { ok: true as const };
}

/**
 * The settings a browser may see, nested by their dotted keys
 * ("branding.site_name" becomes branding.site_name). Never includes a secret.
 */
export function publicSettings(all: Settings): NestedPublicSettings {
  const keys = (Object.keys(settingDefinitions) as SettingKey[]).filter((key) => settingDefinitions[key].public);
  return nestedSettings(all, keys as PublicSettingKey[]);
}

/** Just the settings `keys`, nested by their dotted keys (a page embeds only what its components read). */
export function nestedSettings<K extends SettingKey>(all: Settings, keys: readonly K[]): NestedSettings<K> {
  const out: Record<string, unknown> = {};
  for (const key of keys) setPath(out, key, all[key]);
  return out as NestedSettings<K>;
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const parts = dotted.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== "object" || next === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}
