import { PAGE_LINES_GLOBAL } from "./page-lines";

/**
 * The browser's translation lines: a tiny external store that useTrans reads
 * (useSyncExternalStore), re-rendering its readers when lines arrive.
 *
 * It starts with the lines the server rendered (the page's inline script,
 * page-lines.tsx): exactly what hydration needs. Client navigations, lazy
 * components, toasts and dialogs need the rest: the language's whole table,
 * which translation-loader.ts loads once the page is hydrated and the
 * browser idle, at once when a line is missing after hydration or when the
 * visitor switches language. A language without lines (English) loads
 * nothing. This part is in every page's shell chunk (the public-page JavaScript budget of decision 006), so it
 * is kept small; the loader is its own chunk, fetched with the first load.
 *
 * Hydration reads the current lines too (getServerSnapshot): the whole table
 * has every line the server rendered, with the same text, so a part of the
 * page that hydrates late (a lazy component) may hydrate with it; a lazy
 * component can even wait for it (`complete()`) and ship none of its lines
 * inline (page-lines.tsx, LinesFromTable).
 */
export interface TranslationSnapshot {
  lines: Readonly<Record<string, string>>;
  /** False while only the lines the server rendered are in. */
  complete: boolean;
}

/** Loads the table of the language the store shows, now or when the browser is idle. */
export type TableLoader = (store: TranslationStore, whenIdle: boolean) => void;

/**
 * `readInitial` is asked at the first read, not when the store is made: React
 * Router's module script is async, so with its chunks cached it can run before
 * the parser reaches the lines at the end of the body (entry.client.tsx also
 * waits for the whole document before hydrating).
 */
export function createTranslationStore(readInitial: () => Record<string, string> | undefined, loadTable: TableLoader) {
  let current: TranslationSnapshot | null = null;
  let partial = false;
  const snapshot = (): TranslationSnapshot => {
    if (!current) {
      const initial = readInitial();
      current = { lines: initial ?? {}, complete: !initial };
      partial = !current.complete;
    }
    return current;
  };
  /** A lazy component waits for the whole table: load it as soon as hydration is done, not when idle. */
  let eager = false;
  /** The language and version the root data shows (null until the root layout's first effect). */
  let shown: [language: string, version: string | null] | null = null;
  const listeners = new Set<() => void>();

  const store = {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: snapshot,
    shown: () => shown,
    set(next: TranslationSnapshot) {
      current = next;
      for (const listener of listeners) listener();
    },
    /**
     * The language the root data shows. The first call is the page's own
     * language (its lines are in): the rest loads when the browser is idle.
     * A later one is a switch: load now.
     */
    use(language: string, version: string | null) {
      const firstCall = !shown;
      snapshot();
      shown = [language, version];
      if (!firstCall || partial) loadTable(store, firstCall && !eager);
    },
    /** Resolves once the whole table of the language shown is in (at once without lines to load). */
    complete() {
      return new Promise<void>((resolve) => {
        if (snapshot().complete) return resolve();
        eager = true;
        const stop = store.subscribe(() => {
          if (snapshot().complete) {
            stop();
            resolve();
          }
        });
        if (shown) loadTable(store, false);
      });
    },
    /** A line is not in yet. Before the first `use` (hydrating), a miss is a line the server rendered untranslated. */
    missing() {
      if (shown) loadTable(store, false);
    },
  };
  return store;
}

export type TranslationStore = ReturnType<typeof createTranslationStore>;

declare global {
  interface Window {
    [PAGE_LINES_GLOBAL]?: Record<string, string>;
  }
}

/**
 * The page's store. On the server it stays empty and unused: each render
 * translates through its own recorder (entry.server).
 */
export const translationStore = createTranslationStore(
  () => (typeof window === "undefined" ? undefined : window[PAGE_LINES_GLOBAL]),
  (store, whenIdle) => void import("./translation-loader").then((loader) => loader.loadTable(store, whenIdle)),
);
