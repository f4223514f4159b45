import { useSyncExternalStore } from "react";

/**
 * What the appearance editor previews in its frame, unsaved: setting values
 * by dotted key (setValues), the theme shown with its variables
 * (setActiveTheme, setThemeValue, setThemeFont) and custom CSS and HTML
 * (setCustomCode). The root layout and useRootData lay it over the server's
 * data, so every component shows it at once and it survives navigations in
 * the frame. Null outside the editor; deliberately tiny, because every page
 * loads it.
 */
export interface AppearancePreviewState {
  settings: Readonly<Record<string, unknown>>;
  theme: { id: number | null; isDark: boolean | null; values: Readonly<Record<string, string>> } | null;
  customCss: string | null;
  customHtml: string | null;
}

type Listener = () => void;
let state: AppearancePreviewState | null = null;
const listeners = new Set<Listener>();

const empty = (): AppearancePreviewState => ({ settings: {}, theme: null, customCss: null, customHtml: null });

export const appearancePreview = {
  get: () => state,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  update(change: (current: AppearancePreviewState) => AppearancePreviewState) {
    state = change(state ?? empty());
    for (const listener of listeners) listener();
  },
};

const serverSnapshot = () => null;

/** The current preview (null when nothing is previewed). */
export function useAppearancePreview(): AppearancePreviewState | null {
  return useSyncExternalStore(appearancePreview.subscribe, appearancePreview.get, serverSnapshot);
}

/** `settings` with the previewed values set at their dotted paths (a copy; the original is untouched). */
export function withPreviewValues<T extends object>(settings: T, preview: Readonly<Record<string, unknown>>): T {
  const out = { ...settings } as Record<string, unknown>;
  for (const [key, value] of Object.entries(preview)) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const child = node[part];
      node[part] = typeof child === "object" && child !== null ? { ...(child as object) } : {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = value;
  }
  return out as T;
}
