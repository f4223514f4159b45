import { createContext, useContext } from "react";
import { useTrans } from "~/i18n/translation-context";
import { GENERATED_NOTE } from "~/catalogue/generated";

/** True inside a page about a wholly invented record, which says so once at its top (decision 029). */
const SaidOnce = createContext(false);

/**
 * Wraps a page whose record is wholly invented (an invented series, its
 * seasons and episodes, an invented person): the page shows the label once,
 * at its top (`<GeneratedNote page />`), not beside every field.
 */
export function GeneratedScope({ whole, children }: { whole: boolean; children: React.ReactNode }) {
  return <SaidOnce.Provider value={whole}>{children}</SaidOnce.Provider>;
}

/** The visible label beside content the seed invented (decision 005). */
export function GeneratedNote({ show, className = "", page = false }: { show: boolean; className?: string; page?: boolean }) {
  const t = useTrans();
  const saidOnce = useContext(SaidOnce);
  if (!show || (saidOnce && !page)) return null;
  return (
    <span data-testid="generated-note" className={`inline-flex items-center gap-1 rounded-full border border-warning/40 bg-warning/10 px-2 py-0.5 text-xs font-medium text-foreground/80 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
        <path d="M10 2l1.8 4.7L16.5 8l-4.7 1.8L10 14.5 8.2 9.8 3.5 8l4.7-1.3L10 2zm5 10l.9 2.1L18 15l-2.1.9L15 18l-.9-2.1L12 15l2.1-.9L15 12z" />
      </svg>
      {t(GENERATED_NOTE)}
    </span>
  );
}
