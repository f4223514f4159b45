import { useRouteLoaderData } from "react-router";
import { useAppearancePreview, withPreviewValues } from "~/appearance/preview/preview-store";
import { LineRecorderContext } from "~/i18n/page-lines";
import { translate, type Translate } from "~/i18n/translate";
import { translationStore } from "~/i18n/translation-store";
import type { loader as rootLoader } from "~/root";
import { useContext, useEffect, useMemo, useSyncExternalStore } from "react";

/**
 * The root loader's data: bootstrap data, theme and flashed toast. Inside
 * the appearance editor's frame, the settings it previews are laid over it.
 */
export function useRootData() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useRootData used outside the root route");
  const preview = useAppearancePreview();
  return useMemo(() => {
    if (!preview || Object.keys(preview.settings).length === 0) return data;
    return { ...data, bootstrap: { ...data.bootstrap, settings: withPreviewValues(data.bootstrap.settings, preview.settings) } };
  }, [data, preview]);
}

export function useBootstrap() {
  return useRootData().bootstrap;
}

export function useSettings() {
  return useBootstrap().settings;
}

/**
 * The translation function for the visitor's language. On the server it
 * translates with the whole table and records the key (the page ships only
 * the lines it rendered, app/i18n/page-lines.tsx); in the browser it reads
 * the translation store, and a line not in yet makes the store load the
 * whole table (its readers re-render when it arrives).
 */
export function useTrans(): Translate {
  // The server build records (entry.server's recorder); the browser build drops this branch (fixed per build: hooks keep their order).
  const recorder = import.meta.env.SSR ? useContext(LineRecorderContext) : null;
  const { lines, complete } = useSyncExternalStore(translationStore.subscribe, translationStore.getSnapshot, translationStore.getSnapshot);
  return useMemo<Translate>(
    () =>
      recorder?.t ??
      ((key, values) => {
        if (!complete && !Object.hasOwn(lines, key)) translationStore.missing();
        return translate(lines, key, values);
      }),
    [recorder, lines, complete],
  );
}

/** Keeps the translation store on the language the root data shows (called once, by the root layout). */
export function useTranslationLines(language: string | undefined, version: string | null | undefined) {
  useEffect(() => {
    if (language !== undefined) translationStore.use(language, version ?? null);
  }, [language, version]);
}
