import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { LineRecorderContext } from "./page-lines";
import { translate, type Translate } from "./translate";
import { translationStore, type TranslationStore } from "./translation-store";

/**
 * Translation's own context: the store of the visitor's lines, provided by
 * the root layout (TranslationProvider). The UI primitives translate through
 * it and so depend on i18n alone, never on the root loader's data. Outside a
 * provider (a component rendered on its own, in a test) it falls back to the
 * page's store, which shows English until lines are set.
 */
export const TranslationContext = /* @__PURE__ */ createContext<TranslationStore>(translationStore);

/**
 * Provides the store and keeps it on the language the root data shows: the
 * first call is the page's own language (its lines are inline), a later one a
 * switch (app/i18n/translation-store.ts).
 */
export function TranslationProvider({ language, version, children }: { language: string | undefined; version: string | null | undefined; children: ReactNode }) {
  useEffect(() => {
    if (language !== undefined) translationStore.use(language, version ?? null);
  }, [language, version]);
  return <TranslationContext.Provider value={translationStore}>{children}</TranslationContext.Provider>;
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
  const store = useContext(TranslationContext);
  const { lines, complete } = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo<Translate>(
    () =>
      recorder?.t ??
      ((key, values) => {
        if (!complete && !Object.hasOwn(lines, key)) store.missing();
        // The language whose plural rules apply: the one shown, else (hydrating) the page's own.
        const language = store.shown()?.[0] ?? (typeof document === "undefined" ? "en" : document.documentElement.lang || "en");
        return translate(lines, key, values, language);
      }),
    [recorder, store, lines, complete],
  );
}
