import { z } from "zod";
import type { ChangeRecorder } from "~/db/change-recorder";
import type { Database } from "~/db/client.server";
import type { Translate } from "~/i18n/translate";
import { settingErrors } from "~/admin/settings-form.server";
import { saveSettings } from "~/settings/settings.server";
import type { SettingKey } from "~/settings/definitions";
import { themeChanges, themeInputSchema } from "~/themes/theme-admin.server";
import { invalidateThemesCache } from "~/themes/themes.server";

/**
 * What the appearance editor saves in one go: its settings (branding,
 * menus, custom code, landing page, SEO) and every theme, in a single D1
 * batch with their audit records. All or nothing: any invalid value (a
 * colour that is not a colour, say) and nothing is saved.
 */
export const APPEARANCE_SETTING_KEYS = [
  "branding.site_name",
  "branding.site_description",
  "branding.logo_light",
  "branding.logo_dark",
  "branding.logo_light_mobile",
  "branding.logo_dark_mobile",
  "branding.favicon",
  "menus",
  "custom_code.css",
  "custom_code.html",
  "homepage.appearance",
  "themes.default_id",
  // A channel home page (decision 022): previewed in the frame before it is saved.
  "homepage.type",
  "homepage.channel",
] as const satisfies readonly SettingKey[];

export const appearanceSaveSchema = z.object({
  settings: z.partialRecord(z.enum(APPEARANCE_SETTING_KEYS), z.unknown()).default({}),
  themes: z.array(themeInputSchema).max(20).default([]),
  deletedThemes: z.array(z.number().int().positive()).max(20).default([]),
});
export type AppearanceSave = z.infer<typeof appearanceSaveSchema>;

export type AppearanceSaveResult = { ok: true } | { ok: false; errors: Record<string, string[]> };

export async function saveAppearance(db: Database, input: AppearanceSave, t: Translate, record: { settings: ChangeRecorder; themes: ChangeRecorder }): Promise<AppearanceSaveResult> {
  const settings = input.settings as Partial<Record<SettingKey, unknown>>;
  const errors: Record<string, string[]> = Object.fromEntries(Object.entries(settingErrors(settings, t)).map(([key, messages]) => [`settings.${key}`, messages]));
  const themes = await themeChanges(db, input.themes, input.deletedThemes, record.themes);
  if (!themes.ok) for (const [key, messages] of Object.entries(themes.errors)) errors[key] = messages.map((m) => t(m));
  const defaultId = settings["themes.default_id"];
  if (typeof defaultId === "number" && input.deletedThemes.includes(defaultId)) errors["settings.themes.default_id"] = [t("The default theme cannot be deleted.")];
  if (Object.keys(errors).length || !themes.ok) return { ok: false, errors };
  const saved = await saveSettings(db, settings, { record: record.settings, also: themes.statements });
  if (!saved.ok) return { ok: false, errors: Object.fromEntries(Object.entries(saved.errors).map(([key, messages]) => [`settings.${key}`, messages])) };
  invalidateThemesCache();
  return { ok: true };
}
