import type { Translate } from "~/i18n/translate";
import { isSettingKey, settingDefinitions, type LandingContent, type SettingKey, type Settings } from "~/settings/definitions";
import { formErrorMap } from "~/ui/forms/error-map";
import type { SettingField, SettingsGroup } from "./settings-groups";

/**
 * Reads a settings page's form into setting values. Nothing is validated
 * here: saveSettings checks every value against its key's schema and
 * answers errors keyed by setting key (or "key.path" for parts of an
 * object), which the page puts beside the fields. A field missing from the
 * post keeps its stored value.
 */
const MB = 1024 * 1024;

function text(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

function rows(formData: FormData, prefix: string) {
  const indexes = new Set<number>();
  for (const name of formData.keys()) {
    const match = new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.(\\d{1,2})\\.`).exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes].sort((a, b) => a - b);
}

function readField(field: SettingField, formData: FormData, current: Settings): { present: boolean; value?: unknown; error?: string } {
  const raw = text(formData, field.key);
  switch (field.kind) {
    case "boolean":
      // A checkbox posts nothing when off; the hidden marker says the field was on the page.
      if (!formData.has(`${field.key}.present`)) return { present: false };
      return { present: true, value: raw === "on" || raw === "true" };
    case "megabytes": {
      if (raw === undefined) return { present: false };
      const mb = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(mb) || mb <= 0) return { present: true, error: "Enter a number of megabytes greater than 0." };
      return { present: true, value: Math.round(mb * MB) };
    }
    case "lines":
      if (raw === undefined) return { present: false };
      return {
        present: true,
        value: raw
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      };
    case "select":
      if (raw === undefined) return { present: false };
      return { present: true, value: field.numeric ? Number(raw) : raw };
    case "policies": {
      if (!formData.has("registration.policies.present")) return { present: false };
      const list = rows(formData, "registration.policies")
        .map((i) => ({
          id: (text(formData, `registration.policies.${i}.id`) ?? "").trim(),
          label: (text(formData, `registration.policies.${i}.label`) ?? "").trim(),
          link: (text(formData, `registration.policies.${i}.link`) ?? "").trim() || undefined,
        }))
        .filter((p) => p.label !== "")
        .map((p) => ({ ...p, id: p.id || slugId(p.label) }));
      return { present: true, value: list };
    }
    case "cookieButton": {
      if (!formData.has("cookie_notice.button.present")) return { present: false };
      const label = (text(formData, "cookie_notice.button.label") ?? "").trim();
      const link = (text(formData, "cookie_notice.button.link") ?? "").trim();
      return { present: true, value: label ? { label, link } : null };
    }
    case "landing":
      if (!formData.has("landing.present")) return { present: false };
      return { present: true, value: readLanding(formData, current["homepage.appearance"]) };
    default:
      if (raw === undefined) return { present: false };
      return { present: true, value: field.kind === "code" || field.kind === "textarea" ? raw.replace(/\r\n/g, "\n") : raw.trim() };
  }
}

function slugId(label: string) {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "policy"
  );
}

const LANDING_TEXT = [
  "headerTitle",
  "headerSubtitle",
  "headerImage",
  "headerOverlayColor1",
  "headerOverlayColor2",
  "pricingTitle",
  "pricingSubtitle",
  "footerTitle",
  "footerSubtitle",
  "footerImage",
] as const;

/** The landing page content from fields named landing.<path> (features as landing.primaryFeatures.<n>.<field>). */
export function readLanding(formData: FormData, current: LandingContent): LandingContent {
  const value = structuredClone(current) as LandingContent;
  for (const key of LANDING_TEXT) {
    const raw = text(formData, `landing.${key}`);
    if (raw !== undefined) value[key] = raw.trim();
  }
  const opacity = text(formData, "landing.headerImageOpacity");
  if (opacity !== undefined) value.headerImageOpacity = opacity.trim() === "" ? Number.NaN : Number(opacity);
  value.blurHeaderImage = text(formData, "landing.blurHeaderImage") === "on";
  for (const cta of ["cta1", "cta2", "cta3"] as const) {
    const label = text(formData, `landing.actions.${cta}.label`);
    const action = text(formData, `landing.actions.${cta}.action`);
    const type = text(formData, `landing.actions.${cta}.type`);
    if (label !== undefined) value.actions[cta].label = label.trim();
    if (action !== undefined) value.actions[cta].action = action.trim();
    if (type === "link" || type === "route") value.actions[cta].type = type;
  }
  for (const list of ["primaryFeatures", "secondaryFeatures"] as const) {
    if (!formData.has(`landing.${list}.present`)) continue;
    value[list] = rows(formData, `landing.${list}`)
      .map((i) => ({
        title: (text(formData, `landing.${list}.${i}.title`) ?? "").trim(),
        subtitle: (text(formData, `landing.${list}.${i}.subtitle`) ?? "").trim() || undefined,
        description: (text(formData, `landing.${list}.${i}.description`) ?? "").trim(),
        image: (text(formData, `landing.${list}.${i}.image`) ?? "").trim() || undefined,
      }))
      // An empty row (the spare one the form always offers, or one cleared) is no feature.
      .filter((feature) => feature.title !== "" || feature.description !== "");
  }
  return value;
}

/** The setting values a group's form posted, and errors for what could not even be read. */
export function readSettingsForm(group: SettingsGroup, formData: FormData, current: Settings) {
  const update: Partial<Record<SettingKey, unknown>> = {};
  const errors: Record<string, string[]> = {};
  for (const field of group.fields) {
    const result = readField(field, formData, current);
    if (!result.present) continue;
    if (result.error) errors[field.key] = [result.error];
    else update[field.key] = result.value;
  }
  return { update, errors };
}

/**
 * Checks values against their settings' schemas with the form kit's
 * translated messages, keyed "key" or "key.path.to.part" (so a landing
 * feature's title error lands beside that title). saveSettings checks
 * again; this is for the messages.
 */
export function settingErrors(update: Partial<Record<SettingKey, unknown>>, t: Translate): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const error = formErrorMap(t);
  for (const [key, value] of Object.entries(update)) {
    if (!isSettingKey(key)) {
      errors[key] = [t("Unknown setting.")];
      continue;
    }
    const parsed = settingDefinitions[key].schema.safeParse(value, { error });
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      const name = [key, ...issue.path.map(String)].join(".");
      (errors[name] ??= []).push(issue.message);
    }
  }
  return errors;
}
