import { useState, type ReactNode } from "react";
import { useTrans } from "~/i18n/translation-context";
import { MediaUpload } from "~/admin/ui/media-upload";
import type { Menu, MenuItem } from "~/menus/menu";
import type { HomepageType, LandingContent } from "~/settings/definitions";
import { FONT_CHOICES, FONT_VARIABLE, THEME_VARIABLES, themeValueProblem } from "~/themes/theme-variables";
import { buttonClasses } from "~/ui/button-styles";
import { descriptionClasses, errorClasses, inputClasses, labelClasses } from "~/ui/field-styles";
import type { EditorCommand } from "../protocol";
import type { SettingKey, SettingsDraft, ThemeDraft } from "./appearance-editor";

type Errors = Record<string, string[]>;
type SetSetting = <K extends SettingKey>(key: K, value: SettingsDraft[K]) => void;

function Field({ label, description, error, children, htmlFor }: { label: string; description?: string; error?: string[]; children: ReactNode; htmlFor?: string }) {
  const t = useTrans();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={htmlFor} className={labelClasses}>
        {label}
      </label>
      {children}
      {description ? <p className={descriptionClasses}>{description}</p> : null}
      {error?.length ? (
        <p className={errorClasses} role="alert" data-testid="field-error">
          {t(error[0])}
        </p>
      ) : null}
    </div>
  );
}

function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  description,
  multiline = false,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string[];
  description?: string;
  multiline?: boolean;
  placeholder?: string;
}) {
  return (
    <Field label={label} htmlFor={id} error={error} description={description}>
      {multiline ? (
        <textarea id={id} value={value} rows={3} placeholder={placeholder} onChange={(e) => onChange(e.currentTarget.value)} className={inputClasses} aria-invalid={error?.length ? true : undefined} />
      ) : (
        <input id={id} value={value} placeholder={placeholder} onChange={(e) => onChange(e.currentTarget.value)} className={inputClasses} aria-invalid={error?.length ? true : undefined} />
      )}
    </Field>
  );
}

export function GeneralSection({ settings, errors, onChange }: { settings: SettingsDraft; errors: Errors; onChange: SetSetting }) {
  const t = useTrans();
  const logos = [
    ["branding.logo_light", "Logo for light themes"],
    ["branding.logo_dark", "Logo for dark themes"],
    ["branding.logo_light_mobile", "Small logo for light themes"],
    ["branding.logo_dark_mobile", "Small logo for dark themes"],
    ["branding.favicon", "Favicon"],
  ] as const;
  return (
    <>
      <TextInput id="site-name" label={t("Site name")} value={settings["branding.site_name"]} error={errors["settings.branding.site_name"]} onChange={(v) => onChange("branding.site_name", v)} />
      {logos.map(([key, label]) => (
        <div key={key} className="flex flex-col gap-2 rounded-theme border border-divider p-3">
          <div className="flex items-center gap-3">
            {settings[key] ? <img src={settings[key]} alt="" className="size-10 rounded border border-divider bg-paper object-contain p-1" /> : null}
            <div className="flex-1">
              <TextInput id={key} label={t(label)} value={settings[key]} error={errors[`settings.${key}`]} onChange={(v) => onChange(key, v)} />
            </div>
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer text-primary">{t("Upload")}</summary>
            <MediaUpload label={label} kind="image" target={`setting:${key}`} onUploaded={(address) => onChange(key, address)} />
          </details>
        </div>
      ))}
    </>
  );
}

export function SeoSection({ settings, errors, onChange }: { settings: SettingsDraft; errors: Errors; onChange: SetSetting }) {
  const t = useTrans();
  return (
    <>
      <TextInput
        id="site-description"
        label={t("Site description")}
        multiline
        value={settings["branding.site_description"]}
        error={errors["settings.branding.site_description"]}
        description={t("Shown by search engines and link previews when a page has no description of its own. About 155 characters are shown.")}
        onChange={(v) => onChange("branding.site_description", v)}
      />
      <p className={descriptionClasses}>{t(":count characters", { count: settings["branding.site_description"].length })}</p>
      <p className={descriptionClasses}>{t("Each custom page has its own SEO title and description in Custom pages.")}</p>
    </>
  );
}

const HOMEPAGE_TYPE_LABELS: Record<HomepageType, string> = {
  channel: "Channel",
  landingPage: "Landing page",
  loginPage: "Login page",
  registerPage: "Registration page",
  customPage: "Custom page",
};

/** The homepage type and channel (decision 022): the frame shows a chosen channel at once, unsaved. */
export function HomepageSection({ settings, channels, errors, onChange }: { settings: SettingsDraft; channels: { name: string; slug: string }[]; errors: Errors; onChange: SetSetting }) {
  const t = useTrans();
  const type = settings["homepage.type"];
  return (
    <>
      <Field label={t("Homepage type")} htmlFor="homepage-type" error={errors["settings.homepage.type"]}>
        <select id="homepage-type" value={type} onChange={(e) => onChange("homepage.type", e.currentTarget.value as HomepageType)} className={inputClasses} data-testid="homepage-type">
          {(Object.keys(HOMEPAGE_TYPE_LABELS) as HomepageType[]).map((value) => (
            <option key={value} value={value}>
              {t(HOMEPAGE_TYPE_LABELS[value])}
            </option>
          ))}
        </select>
      </Field>
      {type === "channel" ? (
        <Field label={t("Channel")} htmlFor="homepage-channel" error={errors["settings.homepage.channel"]} description={t("Channels are made in the admin area's Channels screen.")}>
          <select
            id="homepage-channel"
            value={settings["homepage.channel"]}
            onChange={(e) => onChange("homepage.channel", e.currentTarget.value)}
            className={inputClasses}
            data-testid="homepage-channel"
          >
            {channels.some((c) => c.slug === settings["homepage.channel"]) ? null : <option value={settings["homepage.channel"]}>{settings["homepage.channel"] || t("None")}</option>}
            {channels.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <p className={descriptionClasses}>{t("The preview shows a channel homepage at once; other homepage types show once saved.")}</p>
      )}
    </>
  );
}

export function CustomCodeSection({
  css,
  html,
  allowScripts,
  canEditSettings,
  errors,
  onChange,
}: {
  css: string;
  html: string;
  allowScripts: boolean;
  canEditSettings: boolean;
  errors: Errors;
  onChange: SetSetting;
}) {
  const t = useTrans();
  return (
    <>
      <Field label={t("Custom CSS")} htmlFor="custom-css" error={errors["settings.custom_code.css"]}>
        <textarea
          id="custom-css"
          value={css}
          rows={10}
          spellCheck={false}
          onChange={(e) => onChange("custom_code.css", e.currentTarget.value)}
          className={`${inputClasses} font-mono text-xs`}
          data-testid="custom-css"
        />
      </Field>
      <Field
        label={t("Custom HTML")}
        htmlFor="custom-html"
        error={errors["settings.custom_code.html"]}
        description={t("Added at the end of every page. The preview shows it without running scripts.")}
      >
        <textarea
          id="custom-html"
          value={html}
          rows={10}
          spellCheck={false}
          onChange={(e) => onChange("custom_code.html", e.currentTarget.value)}
          className={`${inputClasses} font-mono text-xs`}
          data-testid="custom-html"
        />
      </Field>
      <p className={`${descriptionClasses} rounded-theme border border-divider p-3`}>
        {allowScripts ? t("Scripts in custom HTML run on the public site, with each page's security nonce.") : t("Scripts in custom HTML are removed on the public site.")}{" "}
        {canEditSettings ? (
          <a href="/admin/settings/custom-code" className="text-primary hover:underline">
            {t("Change this in the custom code settings.")}
          </a>
        ) : null}
      </p>
    </>
  );
}

/** Colour values the native picker can show (it takes #rrggbb only). */
function hexForPicker(value: string) {
  const text = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(text)) return text;
  if (/^#[0-9a-f]{3}$/i.test(text)) return `#${[...text.slice(1)].map((c) => c + c).join("")}`;
  return "#000000";
}

export function ThemesSection({
  themes,
  activeThemeId,
  defaultThemeId,
  savedThemeIds,
  errors,
  onSelect,
  onChange,
  onThemeReplaced,
  onCreate,
  onDelete,
  onDefaultChange,
}: {
  themes: ThemeDraft[];
  activeThemeId: number;
  defaultThemeId: number;
  savedThemeIds: number[];
  errors: Errors;
  onSelect: (id: number) => void;
  onChange: (id: number, change: (theme: ThemeDraft) => ThemeDraft, message?: EditorCommand) => void;
  onThemeReplaced: (theme: ThemeDraft) => void;
  onCreate: () => void;
  onDelete: (id: number) => void;
  onDefaultChange: (id: number) => void;
}) {
  const t = useTrans();
  const theme = themes.find((th) => th.id === activeThemeId);
  const index = themes.findIndex((th) => th.id === activeThemeId);
  // What was typed, valid or not: invalid values stay in the field with a message and never reach the preview.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const themeError = (path: string) => errors[`themes.${index}.${path}`];
  const setValue = (name: string, value: string) => {
    const key = `${activeThemeId}:${name}`;
    setTyped((current) => ({ ...current, [key]: value }));
    if (themeValueProblem(name, value)) return;
    onChange(activeThemeId, (th) => ({ ...th, values: { ...th.values, [name]: value.trim() } }), { type: "setThemeValue", name, value: value.trim() });
  };
  const shown = (name: string) => typed[`${activeThemeId}:${name}`] ?? theme?.values[name] ?? "";
  const localProblem = (name: string) => {
    const value = typed[`${activeThemeId}:${name}`];
    return value !== undefined ? themeValueProblem(name, value) : null;
  };
  const currentFont = FONT_CHOICES.find((f) => f.family === theme?.values[FONT_VARIABLE])?.id ?? "default";
  return (
    <>
      <Field label={t("Default theme for visitors")} htmlFor="default-theme" error={errors["settings.themes.default_id"]}>
        <select id="default-theme" value={defaultThemeId} onChange={(e) => onDefaultChange(Number(e.currentTarget.value))} className={inputClasses}>
          {themes
            .filter((th) => savedThemeIds.includes(th.id))
            .map((th) => (
              <option key={th.id} value={th.id}>
                {th.name}
              </option>
            ))}
        </select>
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className={labelClasses}>{t("Theme to edit")}</legend>
        {themes.map((th) => (
          <label key={th.id} className="flex items-center gap-2 text-sm">
            <input type="radio" name="theme" checked={th.id === activeThemeId} onChange={() => onSelect(th.id)} />
            <span className="inline-block size-4 rounded-full border border-divider" style={{ background: th.values["--be-primary"] }} />
            {th.name} {th.isDark ? <span className="text-xs text-muted">({t("dark")})</span> : null}
          </label>
        ))}
        {errors.themes ? <p className={errorClasses}>{t(errors.themes[0])}</p> : null}
        <div className="flex gap-2">
          <button type="button" onClick={onCreate} className={buttonClasses({ variant: "outlined", color: "neutral", size: "xs" })}>
            {t("New theme")}
          </button>
          {theme && themes.length > 1 ? (
            <button type="button" onClick={() => onDelete(theme.id)} className={buttonClasses({ variant: "text", color: "danger", size: "xs" })}>
              {t("Delete this theme")}
            </button>
          ) : null}
        </div>
      </fieldset>
      {theme ? (
        <div className="flex flex-col gap-4 border-t border-divider pt-4" data-testid="theme-editor">
          <TextInput id="theme-name" label={t("Name")} value={theme.name} error={themeError("name")} onChange={(v) => onChange(theme.id, (th) => ({ ...th, name: v }))} />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={theme.isDark}
              onChange={(e) => {
                const isDark = e.currentTarget.checked;
                const next = { ...theme, isDark, defaultLight: isDark ? false : theme.defaultLight, defaultDark: isDark ? theme.defaultDark : false };
                onChange(theme.id, () => next);
                onThemeReplaced(next);
              }}
            />
            {t("Dark theme")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" disabled={theme.isDark} checked={theme.defaultLight} onChange={(e) => onChange(theme.id, (th) => ({ ...th, defaultLight: e.currentTarget.checked }))} />
            {t("Default light theme (the light/dark toggle)")}
          </label>
          {themeError("defaultLight") ? <p className={errorClasses}>{t(themeError("defaultLight")![0])}</p> : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" disabled={!theme.isDark} checked={theme.defaultDark} onChange={(e) => onChange(theme.id, (th) => ({ ...th, defaultDark: e.currentTarget.checked }))} />
            {t("Default dark theme")}
          </label>
          <Field label={t("Font")} htmlFor="theme-font" error={themeError(`values.${FONT_VARIABLE}`)}>
            <select
              id="theme-font"
              value={currentFont}
              onChange={(e) => {
                const choice = FONT_CHOICES.find((f) => f.id === e.currentTarget.value);
                if (!choice) return;
                if (choice.id === "default") {
                  onChange(
                    theme.id,
                    (th) => {
                      const { [FONT_VARIABLE]: _removed, ...values } = th.values;
                      return { ...th, values };
                    },
                    { type: "setThemeFont", family: null },
                  );
                } else {
                  onChange(theme.id, (th) => ({ ...th, values: { ...th.values, [FONT_VARIABLE]: choice.family } }), { type: "setThemeFont", family: choice.family });
                }
              }}
              className={inputClasses}
              style={{ fontFamily: FONT_CHOICES.find((f) => f.id === currentFont)?.family }}
            >
              {FONT_CHOICES.map((f) => (
                <option key={f.id} value={f.id} style={{ fontFamily: f.family }}>
                  {t(f.label)}
                </option>
              ))}
            </select>
          </Field>
          <div className="flex flex-col gap-3">
            {THEME_VARIABLES.map((variable) => {
              const id = `theme-${variable.name.slice(5)}`;
              const problem = localProblem(variable.name);
              const error = problem ? [problem] : themeError(`values.${variable.name}`);
              return (
                <Field key={variable.name} label={t(variable.label)} htmlFor={id} error={error}>
                  <div className="flex items-center gap-2">
                    {variable.kind === "colour" ? (
                      <input
                        type="color"
                        aria-label={t("Pick :name", { name: t(variable.label) })}
                        value={hexForPicker(shown(variable.name))}
                        onChange={(e) => setValue(variable.name, e.currentTarget.value)}
                        className="h-9 w-10 shrink-0 cursor-pointer rounded border border-divider bg-transparent p-0.5"
                      />
                    ) : null}
                    <input
                      id={id}
                      value={shown(variable.name)}
                      onChange={(e) => setValue(variable.name, e.currentTarget.value)}
                      className={`${inputClasses} font-mono text-xs`}
                      aria-invalid={error?.length ? true : undefined}
                      data-variable={variable.name}
                    />
                  </div>
                </Field>
              );
            })}
          </div>
        </div>
      ) : null}
    </>
  );
}

function newItemId(menu: Menu) {
  let n = menu.items.length + 1;
  while (menu.items.some((i) => i.id === `item-${n}`)) n++;
  return `item-${n}`;
}

export function MenusSection({ menus, roles, errors, onChange }: { menus: Menu[]; roles: { id: number; name: string }[]; errors: Errors; onChange: (menus: Menu[]) => void }) {
  const t = useTrans();
  const [menuId, setMenuId] = useState(menus[0]?.id ?? "");
  const menu = menus.find((m) => m.id === menuId);
  const setItems = (items: MenuItem[]) => onChange(menus.map((m) => (m.id === menuId ? { ...m, items } : m)));
  const menuErrors = Object.entries(errors).filter(([key]) => key.startsWith("settings.menus"));
  return (
    <>
      <Field label={t("Menu")} htmlFor="menu-choice">
        <select id="menu-choice" value={menuId} onChange={(e) => setMenuId(e.currentTarget.value)} className={inputClasses}>
          {menus.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({m.positions.join(", ") || t("not placed")})
            </option>
          ))}
        </select>
      </Field>
      {menuErrors.length ? <p className={errorClasses}>{t(menuErrors[0][1][0])}</p> : null}
      {menu ? (
        <ol className="flex flex-col gap-3" data-testid="appearance-menu-items">
          {menu.items.map((item, i) => (
            <li key={item.id} className="flex flex-col gap-2 rounded-theme border border-divider p-3">
              <input
                value={item.label}
                aria-label={t("Label")}
                onChange={(e) => setItems(menu.items.map((it) => (it.id === item.id ? { ...it, label: e.currentTarget.value } : it)))}
                className={inputClasses}
              />
              <input
                value={item.action}
                aria-label={t("Goes to")}
                onChange={(e) => setItems(menu.items.map((it) => (it.id === item.id ? { ...it, action: e.currentTarget.value, type: e.currentTarget.value.startsWith("/") ? "route" : "link" } : it)))}
                className={`${inputClasses} font-mono text-xs`}
              />
              <div className="flex items-center justify-between gap-2 text-xs text-muted">
                <span>
                  {item.roles.length ? t("Roles: :roles", { roles: item.roles.map((id) => roles.find((r) => r.id === id)?.name ?? id).join(", ") }) : null}
                  {item.permissions.length ? ` ${t("Needs: :permissions", { permissions: item.permissions.join(", ") })}` : null}
                </span>
                <span className="flex gap-1">
                  <button
                    type="button"
                    disabled={i === 0}
                    aria-label={t("Move :name up", { name: item.label })}
                    onClick={() => setItems(swap(menu.items, i, i - 1))}
                    className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    disabled={i === menu.items.length - 1}
                    aria-label={t("Move :name down", { name: item.label })}
                    onClick={() => setItems(swap(menu.items, i, i + 1))}
                    className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })}
                  >
                    ↓
                  </button>
                  <button type="button" onClick={() => setItems(menu.items.filter((it) => it.id !== item.id))} className={buttonClasses({ variant: "text", color: "danger", size: "xs" })}>
                    {t("Remove")}
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {menu ? (
        <button
          type="button"
          onClick={() => setItems([...menu.items, { id: newItemId(menu), label: t("New link"), action: "/", type: "route", target: "_self", roles: [], permissions: [], settings: [] }])}
          className={buttonClasses({ variant: "outlined", color: "neutral", size: "sm" })}
        >
          {t("Add a link")}
        </button>
      ) : null}
      <p className={descriptionClasses}>
        {t("Positions and who sees each link are set on the menus page.")}{" "}
        <a href="/admin/menus" className="text-primary hover:underline">
          {t("Menus")}
        </a>
      </p>
    </>
  );
}

function swap<T>(list: T[], a: number, b: number) {
  const out = [...list];
  [out[a], out[b]] = [out[b], out[a]];
  return out;
}

export function LandingSection({ content, errors, onChange }: { content: LandingContent; errors: Errors; onChange: (content: LandingContent) => void }) {
  const t = useTrans();
  const error = (path: string) => errors[`settings.homepage.appearance.${path}`];
  const set = <K extends keyof LandingContent>(key: K, value: LandingContent[K]) => onChange({ ...content, [key]: value });
  const text = (
    key: "headerTitle" | "headerSubtitle" | "headerImage" | "headerOverlayColor1" | "headerOverlayColor2" | "pricingTitle" | "pricingSubtitle" | "footerTitle" | "footerSubtitle" | "footerImage",
    label: string,
    multiline = false,
  ) => <TextInput id={`landing-${key}`} label={t(label)} value={content[key]} multiline={multiline} error={error(key)} onChange={(v) => set(key, v)} />;
  return (
    <>
      {text("headerTitle", "Header title")}
      {text("headerSubtitle", "Header subtitle", true)}
      {text("headerImage", "Header image")}
      <Field label={t("Header image opacity")} htmlFor="landing-opacity" error={error("headerImageOpacity")}>
        <input id="landing-opacity" type="range" min={0} max={1} step={0.05} value={content.headerImageOpacity} onChange={(e) => set("headerImageOpacity", Number(e.currentTarget.value))} />
      </Field>
      {text("headerOverlayColor1", "Overlay colour 1")}
      {text("headerOverlayColor2", "Overlay colour 2")}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={content.blurHeaderImage} onChange={(e) => set("blurHeaderImage", e.currentTarget.checked)} />
        {t("Blur the header image")}
      </label>
      {(["cta1", "cta2", "cta3"] as const).map((cta, i) => (
        <fieldset key={cta} className="flex flex-col gap-2 rounded-theme border border-divider p-3">
          <legend className="px-1 text-sm font-medium">{t("Call to action :number", { number: i + 1 })}</legend>
          <TextInput
            id={`landing-${cta}-label`}
            label={t("Label")}
            value={content.actions[cta].label}
            error={error(`actions.${cta}.label`)}
            onChange={(v) => set("actions", { ...content.actions, [cta]: { ...content.actions[cta], label: v } })}
          />
          <TextInput
            id={`landing-${cta}-action`}
            label={t("Goes to")}
            value={content.actions[cta].action}
            error={error(`actions.${cta}.action`)}
            onChange={(v) => set("actions", { ...content.actions, [cta]: { ...content.actions[cta], action: v, type: v.startsWith("/") ? "route" : "link" } })}
          />
        </fieldset>
      ))}
      {(["primaryFeatures", "secondaryFeatures"] as const).map((list) => (
        <fieldset key={list} className="flex flex-col gap-2">
          <legend className={labelClasses}>{list === "primaryFeatures" ? t("Feature cards") : t("Feature rows")}</legend>
          {content[list].map((feature, i) => (
            <div key={i} className="flex flex-col gap-2 rounded-theme border border-divider p-3">
              <input
                value={feature.title}
                aria-label={t("Title")}
                onChange={(e) =>
                  set(
                    list,
                    content[list].map((f, j) => (j === i ? { ...f, title: e.currentTarget.value } : f)),
                  )
                }
                className={inputClasses}
              />
              <textarea
                value={feature.description}
                aria-label={t("Description")}
                rows={2}
                onChange={(e) =>
                  set(
                    list,
                    content[list].map((f, j) => (j === i ? { ...f, description: e.currentTarget.value } : f)),
                  )
                }
                className={inputClasses}
              />
              <button
                type="button"
                onClick={() =>
                  set(
                    list,
                    content[list].filter((_, j) => j !== i),
                  )
                }
                className={`${buttonClasses({ variant: "text", color: "danger", size: "xs" })} self-end`}
              >
                {t("Remove")}
              </button>
            </div>
          ))}
          {content[list].length < 12 ? (
            <button
              type="button"
              onClick={() => set(list, [...content[list], { title: t("New feature"), description: "" }])}
              className={buttonClasses({ variant: "outlined", color: "neutral", size: "sm" })}
            >
              {t("Add a feature")}
            </button>
          ) : null}
        </fieldset>
      ))}
      {text("pricingTitle", "Pricing title")}
      {text("pricingSubtitle", "Pricing subtitle")}
      {text("footerTitle", "Footer banner title")}
      {text("footerSubtitle", "Footer banner subtitle")}
      {text("footerImage", "Footer banner image")}
    </>
  );
}
