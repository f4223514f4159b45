import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import type { Menu } from "~/menus/menu";
import type { HomepageType, LandingContent } from "~/settings/definitions";
import { toast } from "~/toasts/toast-store";
import { buttonClasses } from "~/ui/button-styles";
import { ConfirmDialog } from "~/ui/dialog";
import { inputClasses } from "~/ui/field-styles";
import { APPEARANCE_SOURCE, isFromSameHost, parsePreviewMessage, withEditorFlag, type EditorCommand } from "../protocol";
import { CustomCodeSection, GeneralSection, HomepageSection, LandingSection, MenusSection, SeoSection, ThemesSection } from "./sections";

export interface EditorLoaderData {
  settings: {
    "branding.site_name": string;
    "branding.site_description": string;
    "branding.logo_light": string;
    "branding.logo_dark": string;
    "branding.logo_light_mobile": string;
    "branding.logo_dark_mobile": string;
    "branding.favicon": string;
    menus: Menu[];
    "custom_code.css": string;
    "custom_code.html": string;
    "homepage.appearance": LandingContent;
    "themes.default_id": number;
    "homepage.type": HomepageType;
    "homepage.channel": string;
  };
  /** Channels the homepage can show (decision 022). */
  channels: { name: string; slug: string }[];
  allowScripts: boolean;
  themes: ThemeDraft[];
  roles: { id: number; name: string }[];
  permissions: string[];
  canEditMenus: boolean;
  canEditSettings: boolean;
}

export interface ThemeDraft {
  /** Saved themes have their id; new ones a negative key until saved. */
  id: number;
  name: string;
  values: Record<string, string>;
  isDark: boolean;
  defaultLight: boolean;
  defaultDark: boolean;
}

export type SettingsDraft = EditorLoaderData["settings"];
export type SettingKey = keyof SettingsDraft;

interface Draft {
  settings: SettingsDraft;
  themes: ThemeDraft[];
  deletedThemes: number[];
}

const SECTIONS = [
  { id: "general", label: "General and branding", description: "Site name and logos" },
  { id: "themes", label: "Themes", description: "Colours and fonts" },
  { id: "menus", label: "Menus", description: "Navigation links" },
  { id: "custom-code", label: "Custom code", description: "CSS and HTML" },
  { id: "homepage", label: "Homepage", description: "What the site's address shows" },
  { id: "landing", label: "Landing page", description: "Header, features and banners" },
  { id: "seo", label: "SEO", description: "How search engines describe the site" },
] as const;
type SectionId = (typeof SECTIONS)[number]["id"];

/** Where each section shows its changes best. */
const SECTION_PAGES: Partial<Record<SectionId, string>> = { landing: "/", homepage: "/" };

function initialDraft(data: EditorLoaderData): Draft {
  return { settings: structuredClone(data.settings), themes: structuredClone(data.themes), deletedThemes: [] };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The appearance editor (spec sections 1 and 4): sections on the left, the
 * site in a frame on the right. Every edit is sent to the frame at once
 * (postMessage, source marker, this site's origin only) and shown there
 * without saving; Save stores every change in one request, Discard throws
 * them away and reloads the frame.
 */
export function AppearanceEditor({ data }: { data: EditorLoaderData }) {
  const t = useTrans();
  const [saved, setSaved] = useState<Draft>(() => initialDraft(data));
  const [draft, setDraft] = useState<Draft>(() => initialDraft(data));
  const [section, setSection] = useState<SectionId | null>(null);
  const defaultTheme = data.themes.find((th) => th.id === data.settings["themes.default_id"]) ?? data.themes.find((th) => th.defaultLight) ?? data.themes[0];
  const [activeThemeId, setActiveThemeId] = useState<number>(defaultTheme?.id ?? 0);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [framePath, setFramePath] = useState("/");
  const [pathInput, setPathInput] = useState("/");
  /** The frame's preview side is listening (tests wait for it; messages sent earlier would be lost). */
  const [previewReady, setPreviewReady] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const fetcher = useFetcher<{ ok: boolean; message: string; errors: Record<string, string[]> }>();
  const latest = useRef({ draft, activeThemeId });
  latest.current = { draft, activeThemeId };

  const dirty = !same(draft, saved);
  const send = useCallback((message: EditorCommand) => {
    frame.current?.contentWindow?.postMessage({ source: APPEARANCE_SOURCE, ...message }, window.location.origin);
  }, []);

  const sendTheme = useCallback(
    (theme: ThemeDraft | undefined) => {
      if (theme) send({ type: "setActiveTheme", themeId: theme.id, isDark: theme.isDark, values: theme.values });
    },
    [send],
  );

  /** Everything the preview should show, again (a frame that reloaded has forgotten it). */
  const sendAll = useCallback(() => {
    const { draft: current, activeThemeId: themeId } = latest.current;
    const { "custom_code.css": css, "custom_code.html": html, ...values } = current.settings;
    send({ type: "setValues", values });
    send({ type: "setCustomCode", mode: "css", value: css });
    send({ type: "setCustomCode", mode: "html", value: html });
    sendTheme(current.themes.find((th) => th.id === themeId));
  }, [send, sendTheme]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      if (!isFromSameHost(event)) {
        console.warn(`Appearance editor: ignored a message from ${event.origin}.`);
        return;
      }
      const message = parsePreviewMessage(event.data);
      if (!message) return;
      setFramePath(message.path);
      setPathInput(message.path);
      if (message.type === "previewReady") {
        setPreviewReady(true);
        sendAll();
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [sendAll]);

  // The save's answer.
  const answered = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || answered.current === answer || fetcher.state !== "idle") return;
    answered.current = answer;
    if (answer.ok) {
      setSaved(latest.current.draft);
      setErrors({});
      toast(answer.message, { type: "positive" });
    } else {
      setErrors(answer.errors ?? {});
      toast.danger(answer.message);
    }
  }, [fetcher.data, fetcher.state]);

  const setSetting = <K extends SettingKey>(key: K, value: SettingsDraft[K]) => {
    setDraft((current) => ({ ...current, settings: { ...current.settings, [key]: value } }));
    if (key === "custom_code.css" || key === "custom_code.html") send({ type: "setCustomCode", mode: key === "custom_code.css" ? "css" : "html", value: value as string });
    else send({ type: "setValues", values: { [key]: value } });
  };

  const updateTheme = (id: number, change: (theme: ThemeDraft) => ThemeDraft) => {
    setDraft((current) => {
      const themes = current.themes.map((th) => (th.id === id ? change(th) : th));
      return { ...current, themes };
    });
  };

  const save = () => {
    const changed = Object.fromEntries(Object.entries(draft.settings).filter(([key, value]) => !same(value, saved.settings[key as SettingKey])));
    const payload = {
      settings: changed,
      themes: draft.themes.map(({ id, ...theme }) => (id > 0 ? { id, ...theme } : theme)),
      deletedThemes: draft.deletedThemes,
    };
    fetcher.submit(payload, { method: "post", encType: "application/json" });
  };

  const discard = () => {
    setDraft(saved);
    setErrors({});
    if (!saved.themes.some((th) => th.id === activeThemeId)) setActiveThemeId(saved.themes[0]?.id ?? 0);
    // The frame forgets every preview on reload; it then shows what is saved.
    if (frame.current) frame.current.src = withEditorFlag(framePath);
  };

  const open = (id: SectionId) => {
    setSection(id);
    const page = SECTION_PAGES[id];
    if (page && framePath !== page) send({ type: "navigate", path: page });
  };

  const activeTheme = draft.themes.find((th) => th.id === activeThemeId);
  const sectionMeta = SECTIONS.find((s) => s.id === section);
  const frameSrc = useMemo(() => withEditorFlag("/"), []);
  const saving = fetcher.state !== "idle";

  return (
    <div className="flex h-dvh flex-col bg-paper" data-testid="appearance-editor">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-divider bg-elevated px-4">
        <Link to="/admin" className="text-sm text-muted hover:text-foreground">
          ← {t("Admin")}
        </Link>
        <h1 className="font-semibold">{t("Appearance")}</h1>
        <form
          className="ml-4 hidden flex-1 md:flex"
          onSubmit={(event) => {
            event.preventDefault();
            const path = pathInput.startsWith("/") ? pathInput : `/${pathInput}`;
            send({ type: "navigate", path });
          }}
        >
          <input
            value={pathInput}
            onChange={(e) => setPathInput(e.currentTarget.value)}
            aria-label={t("Page shown in the preview")}
            className={`${inputClasses} max-w-md py-1 font-mono text-xs`}
            data-testid="preview-path"
          />
        </form>
        <div className="ml-auto flex items-center gap-2">
          {dirty ? <span className="text-xs text-muted">{t("Unsaved changes")}</span> : null}
          <button type="button" disabled={!dirty || saving} onClick={() => setConfirmDiscard(true)} className={buttonClasses({ variant: "text", color: "neutral", size: "sm" })}>
            {t("Discard")}
          </button>
          <button type="button" disabled={!dirty || saving} onClick={save} className={buttonClasses({ size: "sm" })} data-testid="appearance-save">
            {saving ? t("Saving…") : t("Save")}
          </button>
        </div>
      </header>
      <div className="flex min-h-0 flex-1">
        <aside className="flex w-full max-w-sm shrink-0 flex-col overflow-y-auto border-r border-divider bg-elevated" aria-label={t("Appearance sections")}>
          {section === null ? (
            <nav className="flex flex-col p-2">
              {SECTIONS.filter((s) => s.id !== "menus" || data.canEditMenus).map((s) => (
                <button key={s.id} type="button" onClick={() => open(s.id)} className="flex flex-col items-start rounded-md px-3 py-3 text-left hover:bg-paper" data-testid={`section-${s.id}`}>
                  <span className="font-medium text-foreground">{t(s.label)}</span>
                  <span className="text-xs text-muted">{t(s.description)}</span>
                </button>
              ))}
            </nav>
          ) : (
            <div className="flex flex-col">
              <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-divider bg-elevated px-3 py-2">
                <button type="button" onClick={() => setSection(null)} className={buttonClasses({ variant: "text", color: "neutral", size: "xs" })} aria-label={t("Back to sections")}>
                  ←
                </button>
                <h2 className="font-medium">{t(sectionMeta?.label ?? "")}</h2>
              </div>
              <div className="flex flex-col gap-4 p-4">
                {section === "general" ? <GeneralSection settings={draft.settings} errors={errors} onChange={setSetting} /> : null}
                {section === "themes" ? (
                  <ThemesSection
                    themes={draft.themes}
                    activeThemeId={activeThemeId}
                    defaultThemeId={draft.settings["themes.default_id"]}
                    savedThemeIds={saved.themes.map((th) => th.id)}
                    errors={errors}
                    onSelect={(id) => {
                      setActiveThemeId(id);
                      sendTheme(draft.themes.find((th) => th.id === id));
                    }}
                    onChange={(id, change, message) => {
                      updateTheme(id, change);
                      if (id === activeThemeId && message) send(message);
                    }}
                    onThemeReplaced={(theme) => {
                      if (theme.id === activeThemeId) sendTheme(theme);
                    }}
                    onCreate={() => {
                      const base = activeTheme ?? draft.themes[0];
                      const id = Math.min(0, ...draft.themes.map((th) => th.id)) - 1;
                      const created: ThemeDraft = { id, name: t("New theme"), values: { ...(base?.values ?? {}) }, isDark: base?.isDark ?? false, defaultLight: false, defaultDark: false };
                      setDraft((current) => ({ ...current, themes: [...current.themes, created] }));
                      setActiveThemeId(id);
                      sendTheme(created);
                    }}
                    onDelete={(id) => {
                      setDraft((current) => ({
                        ...current,
                        themes: current.themes.filter((th) => th.id !== id),
                        deletedThemes: id > 0 ? [...current.deletedThemes, id] : current.deletedThemes,
                      }));
                      const next = draft.themes.find((th) => th.id !== id);
                      if (next) {
                        setActiveThemeId(next.id);
                        sendTheme(next);
                      }
                    }}
                    onDefaultChange={(id) => setSetting("themes.default_id", id)}
                  />
                ) : null}
                {section === "menus" ? <MenusSection menus={draft.settings.menus} roles={data.roles} errors={errors} onChange={(menus) => setSetting("menus", menus)} /> : null}
                {section === "custom-code" ? (
                  <CustomCodeSection
                    css={draft.settings["custom_code.css"]}
                    html={draft.settings["custom_code.html"]}
                    allowScripts={data.allowScripts}
                    canEditSettings={data.canEditSettings}
                    errors={errors}
                    onChange={setSetting}
                  />
                ) : null}
                {section === "landing" ? <LandingSection content={draft.settings["homepage.appearance"]} errors={errors} onChange={(content) => setSetting("homepage.appearance", content)} /> : null}
                {section === "homepage" ? <HomepageSection settings={draft.settings} channels={data.channels} errors={errors} onChange={setSetting} /> : null}
                {section === "seo" ? <SeoSection settings={draft.settings} errors={errors} onChange={setSetting} /> : null}
              </div>
            </div>
          )}
        </aside>
        <div className="min-w-0 flex-1 bg-paper p-3">
          <iframe
            ref={frame}
            src={frameSrc}
            title={t("Preview of the site")}
            className="h-full w-full rounded-theme border border-divider bg-background shadow-sm"
            data-testid="appearance-frame"
            data-ready={previewReady ? "true" : undefined}
          />
        </div>
      </div>
      <ConfirmDialog
        isOpen={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={t("Discard changes?")}
        body={t("Everything changed since the last save is lost.")}
        confirmLabel={t("Discard")}
        isDanger
        onConfirm={discard}
      />
    </div>
  );
}
