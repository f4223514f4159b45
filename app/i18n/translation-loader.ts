import type { TableLoader } from "./translation-store";

/**
 * Loads a language's whole table for the translation store, as JSON from
 * `/resources/i18n/<language>?v=<version>` (the browser keeps it for a year:
 * the version names its content). Each table is asked for once; after a
 * failure, again on a later need but not before `retryAfterMs`. An answer for
 * a language the page no longer shows (the visitor switched again) is dropped.
 */
export function createTableLoader({
  fetchLines,
  whenIdle,
  retryAfterMs = 10_000,
}: {
  fetchLines: (url: string) => Promise<Record<string, string>>;
  whenIdle: (work: () => void) => void;
  retryAfterMs?: number;
}): TableLoader {
  const asked = new Set<string>();
  const load: TableLoader = (store, idle) => {
    if (idle) return whenIdle(() => load(store, false));
    const [language, version] = store.shown()!;
    if (version === null) {
      if (store.getSnapshot().lines !== EMPTY) store.set({ lines: EMPTY, complete: true });
      return;
    }
    const url = `/resources/i18n/${encodeURIComponent(language)}?v=${version}`;
    if (asked.has(url)) return;
    asked.add(url);
    fetchLines(url).then(
      (lines) => {
        const shown = store.shown();
        if (shown?.[0] === language && shown[1] === version) store.set({ lines, complete: true });
      },
      () => setTimeout(() => asked.delete(url), retryAfterMs),
    );
  };
  return load;
}

const EMPTY: Record<string, string> = {};

export const loadTable = createTableLoader({
  fetchLines: (url) =>
    fetch(url)
      .then((response) => (response.ok ? (response.json() as Promise<{ lines: Record<string, string> }>) : Promise.reject(new Error(`${url}: ${response.status}`))))
      .then((table) => table.lines),
  whenIdle: (work) => ("requestIdleCallback" in window ? requestIdleCallback(work, { timeout: 4000 }) : setTimeout(work, 1500)),
});
