import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useRootData } from "~/ui/use-bootstrap";
import { useTrans } from "~/i18n/translation-context";
import type { Translate } from "~/i18n/translate";
import { MENU_POSITIONS, menuAt, type Menu } from "~/menus/menu";
import { FONT_VARIABLE } from "~/themes/theme-variables";
import { isValidThemeValue } from "~/ui/themes";
import { APPEARANCE_EDITOR_PARAM, APPEARANCE_SOURCE, isFromSameHost, parseEditorMessage, withEditorFlag, withoutEditorFlag, type EditorMessage, type PreviewMessage } from "../protocol";
import { appearancePreview } from "../../ui/preview-store";

/**
 * The preview side of the appearance editor, loaded only in its frame
 * (root.tsx, when the page is in appearance editor mode). It applies the
 * editor's messages live and without saving anything: setting values,
 * theme variables and fonts, custom CSS and HTML go to the preview store
 * (which the root layout and useRootData read); navigate moves the frame. Links
 * followed inside the frame keep the editor flag, so the server keeps the
 * editor's rules (guest-only pages shown, logout refused).
 */
export default function AppearancePreviewHost() {
  const navigate = useNavigate();
  const location = useLocation();
  const { bootstrap } = useRootData();
  const t = useTrans();
  // The page embeds only the settings its components read; menu conditions may name any setting.
  const allSettings = useRef<Record<string, unknown> | null>(null);
  const latest = useRef({ navigate, bootstrap, t });
  latest.current = { navigate, bootstrap, t };

  useEffect(() => {
    let live = true;
    fetch("/api/v1/bootstrap-data", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ data?: { settings?: Record<string, unknown> } }>) : null))
      .then((body) => {
        if (live && body?.data?.settings) allSettings.current = body.data.settings;
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const themeNow = () => {
      const current = appearancePreview.get()?.theme;
      if (current) return current;
      const { themes } = latest.current.bootstrap;
      const active = themes.all.find((theme) => theme.id === themes.selectedThemeId);
      return { id: active?.id ?? null, isDark: active?.is_dark ?? null, values: active?.values ?? {} };
    };
    const setThemeValue = (name: string, value: string | null) => {
      if (value !== null && !isValidThemeValue(name, value)) {
        console.warn(`Appearance editor: ignored the invalid theme value ${name}: ${value}`);
        return;
      }
      const theme = themeNow();
      const values = { ...theme.values };
      if (value === null) delete values[name];
      else values[name] = value;
      appearancePreview.update((state) => ({ ...state, theme: { ...theme, values } }));
    };

    const handlers: { [K in EditorMessage["type"]]: (message: Extract<EditorMessage, { type: K }>) => void } = {
      navigate: (message) => latest.current.navigate(withEditorFlag(message.path)),
      setValues: (message) => {
        const values = previewValues(message.values, latest.current.bootstrap, allSettings.current, latest.current.t);
        appearancePreview.update((state) => ({ ...state, settings: { ...state.settings, ...values } }));
      },
      setThemeValue: (message) => setThemeValue(message.name, message.value),
      setThemeFont: (message) => setThemeValue(FONT_VARIABLE, message.family),
      setActiveTheme: (message) => {
        const values = Object.fromEntries(Object.entries(message.values).filter(([name, value]) => isValidThemeValue(name, value)));
        appearancePreview.update((state) => ({ ...state, theme: { id: message.themeId, isDark: message.isDark, values } }));
      },
      // Shown, not run: the layout renders previewed HTML as markup, and markup set that way never runs scripts.
      setCustomCode: (message) => appearancePreview.update((state) => (message.mode === "css" ? { ...state, customCss: message.value } : { ...state, customHtml: message.value })),
    };

    const onMessage = (event: MessageEvent) => {
      if (!isFromSameHost(event)) {
        if (event.data?.source === APPEARANCE_SOURCE) console.warn(`Appearance editor: ignored a message from ${event.origin || "an unknown origin"} (not this site).`);
        return;
      }
      const message = parseEditorMessage(event.data);
      if (!message) return;
      (handlers[message.type] as (m: EditorMessage) => void)(message);
    };
    window.addEventListener("message", onMessage);

    // Links followed inside the frame keep the editor flag.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.searchParams.has(APPEARANCE_EDITOR_PARAM)) return;
      if (url.pathname.startsWith("/admin")) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current.navigate(withEditorFlag(url.pathname + url.search + url.hash));
    };
    window.addEventListener("click", onClick, true);

    // GET forms (search) keep it too.
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement | null;
      if (form?.method.toLowerCase() !== "get" || form.querySelector(`input[name="${APPEARANCE_EDITOR_PARAM}"]`)) return;
      const flag = document.createElement("input");
      flag.type = "hidden";
      flag.name = APPEARANCE_EDITOR_PARAM;
      flag.value = "true";
      form.appendChild(flag);
    };
    window.addEventListener("submit", onSubmit, true);

    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("submit", onSubmit, true);
    };
  }, []);

  // Tell the editor where the frame is (first load, then every navigation).
  const announced = useRef(false);
  useEffect(() => {
    const path = withoutEditorFlag(location.pathname + location.search + location.hash);
    const message: PreviewMessage = { source: APPEARANCE_SOURCE, type: announced.current ? "previewNavigated" : "previewReady", path };
    announced.current = true;
    window.parent.postMessage(message, window.location.origin);
  }, [location.pathname, location.search, location.hash]);

  return null;
}

/**
 * Menus arrive as the editor holds them (every item); the preview shows
 * what this viewer would see, like the server's bootstrap data does: only
 * the visible items, their labels in the viewer's language.
 */
function previewValues(values: Record<string, unknown>, bootstrap: ReturnType<typeof useRootData>["bootstrap"], allSettings: Record<string, unknown> | null, t: Translate) {
  if (!Array.isArray(values.menus)) return values;
  const user = bootstrap.user;
  const permissions = new Set((user?.permissions ?? bootstrap.guest_role.permissions).map((p) => p.name));
  const viewer = {
    roleIds: user?.roles.map((r) => r.id) ?? [],
    hasPermission: (name: string) => permissions.has("admin") || permissions.has(name),
    isSubscribed: user?.subscriptions.some((s) => s.valid) ?? false,
    setting: (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], allSettings ?? bootstrap.settings),
  };
  const menus = values.menus as Menu[];
  const visible: Menu[] = [];
  for (const position of MENU_POSITIONS) {
    const menu = menuAt(menus, position, viewer);
    if (menu && !visible.some((m) => m.id === menu.id)) visible.push({ ...menu, items: menu.items.map((item) => ({ ...item, label: t(item.label) })) });
  }
  return { ...values, menus: visible };
}
