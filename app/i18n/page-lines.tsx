import { createContext, useContext, type ReactNode } from "react";
import { hash53 } from "~/hash53";
import { translate, type Translate } from "./translate";

/**
 * The lines a page ships (the public-page JavaScript budget, decision 006). The
 * server renders with the language's whole table but records every key the
 * page translates; entry.server then writes only those lines into the
 * document (an inline script setting PAGE_LINES_GLOBAL to them, key -> line),
 * so hydration finds every line it renders. The browser loads the rest as
 * JSON once the page is interactive (translation-store.ts).
 */

/** The global the inline script sets; translation-store.ts reads it once. */
export const PAGE_LINES_GLOBAL = "__beLines";

/** Records the keys a server render translates, translating with the whole table. */
export interface LineRecorder {
  t: Translate;
  /** The same translation without recording (LinesFromTable). */
  quiet: Translate;
  /** Every key translated so far, in first-use order. */
  readonly used: ReadonlySet<string>;
  /** The recorded keys the language has its own lines for, key -> line. */
  usedLines(): Record<string, string>;
}

export function createLineRecorder(lines: Readonly<Record<string, string>>, language = "en"): LineRecorder {
  const used = new Set<string>();
  return {
    used,
    t(key, values) {
      used.add(key);
      return translate(lines, key, values, language);
    },
    quiet: (key, values) => translate(lines, key, values, language),
    usedLines() {
      const shipped: Record<string, string> = {};
      // A line equal to its key renders the same without it.
      for (const key of used) if (Object.hasOwn(lines, key) && lines[key] !== key) shipped[key] = lines[key];
      return shipped;
    },
  };
}

/**
 * Provided by entry.server around the whole render. Only server code reads it
 * (`import.meta.env.SSR` branches), so the browser build drops it.
 */
export const LineRecorderContext = /* @__PURE__ */ createContext<LineRecorder | null>(null);

/**
 * Around a lazy component that hydrates only after its chunk and the whole
 * table are in (its loader waits for `translationStore.complete()`): the
 * server renders it translated but ships none of its lines inline.
 */
export function LinesFromTable({ children }: { children: ReactNode }) {
  // Fixed per build (hooks keep their order): the browser build keeps only this line.
  if (!import.meta.env.SSR) return children;
  const recorder = useContext(LineRecorderContext);
  return recorder ? <LineRecorderContext.Provider value={{ ...recorder, t: recorder.quiet }}>{children}</LineRecorderContext.Provider> : children;
}

/**
 * The version of a language's table: a hash of its lines, so the JSON's URL
 * changes whenever a line does and the browser may keep it for a year.
 * Computed once per loaded table (the tables are per-isolate copies).
 */
const versions = new WeakMap<object, string | null>();

export function linesVersion(lines: Readonly<Record<string, string>>): string | null {
  const known = versions.get(lines);
  if (known !== undefined) return known;
  const keys = Object.keys(lines);
  // An empty table (English, whose keys are the text) needs nothing shipped or loaded.
  const version = keys.length === 0 ? null : hash53(JSON.stringify(keys.sort().map((key) => [key, lines[key]])));
  versions.set(lines, version);
  return version;
}
