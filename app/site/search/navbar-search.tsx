import { lazy, Suspense, useId, useRef, useState } from "react";
import { Form, useSearchParams } from "react-router";
import { useHasPermission } from "~/auth/ui/use-has-permission";
import { useTrans } from "~/i18n/translation-context";
import { SearchIcon } from "~/ui/icons";
import { useHydrated } from "~/ui/use-hydrated";

/** The type-ahead's code (queries, keyboard, the list): loaded when the visitor first goes to the box. */
const TypeAhead = lazy(() => import("./navbar-type-ahead"));

export interface Suggestion {
  kind: "title" | "person";
  id: number;
  name: string;
  /** "2019 · Movie", "Acting", ... */
  description: string;
  image: string | null;
  url: string;
}

/** The DOM id of a suggestion (the input's aria-activedescendant points at it). */
export function suggestionOptionId(listId: string, index: number) {
  return `${listId}-option-${index}`;
}

/** What the type-ahead tells the input it drives (its ARIA state); closed until its code has loaded. */
export interface TypeAheadState {
  expanded: boolean;
  activeId: string | undefined;
}

const CLOSED: TypeAheadState = { expanded: false, activeId: undefined };

/**
 * The navbar search box. Without JavaScript it is a plain GET form to
 * /search. With it, it becomes an ARIA 1.2 combobox: suggestions (titles
 * and people, with images) appear as you type, arrows move through them,
 * Enter opens the highlighted one or, with none highlighted, submits the
 * search. Built on a native input rather than the shared ComboBox so the
 * form keeps submitting on Enter and public pages stay light.
 * Viewers without titles.view (who would be refused by /search) get no box.
 *
 * The box itself (input, value, form) is in every page's shell; the
 * type-ahead behind it (./navbar-type-ahead: debounced queries through the
 * query client, arrow keys, the suggestion list) loads when the visitor
 * first focuses or types in the box, which most visitors never do (the public-page
 * JavaScript budget, decision 006). Until then Enter submits the form.
 */
export function NavbarSearch({ className = "" }: { className?: string }) {
  if (!useHasPermission("titles.view")) return null;
  return <SearchCombobox className={className} />;
}

function SearchCombobox({ className }: { className: string }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(() => params.get("query") ?? "");
  const [open, setOpen] = useState(false);
  const [engaged, setEngaged] = useState(false);
  const [typeAhead, setTypeAhead] = useState<TypeAheadState>(CLOSED);
  // The loaded type-ahead puts its key handler here.
  const keyHandler = useRef<((event: React.KeyboardEvent<HTMLInputElement>) => void) | null>(null);

  function close() {
    setOpen(false);
    inputRef.current?.blur();
  }

  const emptyList = <ul id={`${listId}-list`} role="listbox" aria-label={t("Suggestions")} hidden data-testid="navbar-search-suggestions" />;
  return (
    <Form method="get" action="/search" role="search" aria-label={t("Site search")} className={`relative ${className}`} onSubmit={close}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        {t("Search titles and people")}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
        <input
          ref={inputRef}
          id={`${listId}-input`}
          type="search"
          name="query"
          value={value}
          maxLength={200}
          autoComplete="off"
          // Short enough for a phone's navbar; the label gives the full name.
          placeholder={t("Search")}
          data-testid="navbar-search-input"
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setEngaged(true);
          }}
          onFocus={() => {
            setOpen(true);
            setEngaged(true);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => keyHandler.current?.(event)}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": typeAhead.expanded,
                "aria-controls": `${listId}-list`,
                "aria-activedescendant": typeAhead.activeId,
              }
            : {})}
          className="h-10 w-full rounded-full border border-divider bg-background pl-9 pr-9 text-sm text-foreground placeholder:text-muted focus:border-primary focus:outline-none"
        />
        <button type="submit" className="sr-only">
          {t("Search")}
        </button>
      </div>
      {hydrated ? (
        <Suspense fallback={emptyList}>
          {engaged ? (
            <TypeAhead listId={listId} query={value} open={open} onOpenChange={setOpen} onClose={close} onStateChange={setTypeAhead} keyHandler={keyHandler} emptyList={emptyList} />
          ) : (
            emptyList
          )}
        </Suspense>
      ) : null}
    </Form>
  );
}
