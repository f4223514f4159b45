import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import { useHasPermission } from "~/auth/ui/use-has-permission";
import { useTrans } from "~/bootstrap/use-bootstrap";
import { SearchIcon } from "~/ui/icons";
import { Spinner } from "~/ui/spinner";
import { useClientQuery } from "~/ui/use-client-query";
import { useHydrated } from "~/ui/use-hydrated";
import { SUGGEST_MIN_QUERY_LENGTH, SUGGEST_DEBOUNCE_MS } from "~/constants";

const SuggestionList = lazy(() => import("./suggestion-list").then((module) => ({ default: module.SuggestionList })));

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

/**
 * The navbar search box. Without JavaScript it is a plain GET form to
 * /search. With it, it becomes an ARIA 1.2 combobox: suggestions (titles
 * and people, with images) appear as you type, arrows move through them,
 * Enter opens the highlighted one or, with none highlighted, submits the
 * search. Built on a native input rather than the shared ComboBox so the
 * form keeps submitting on Enter and public pages stay light.
 * Viewers without titles.view (who would be refused by /search) get no box.
 */
export function NavbarSearch({ className = "" }: { className?: string }) {
  if (!useHasPermission("titles.view")) return null;
  return <SearchCombobox className={className} />;
}

function SearchCombobox({ className }: { className: string }) {
  const t = useTrans();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(() => params.get("query") ?? "");
  const [debounced, setDebounced] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const wanted = open && debounced.length >= SUGGEST_MIN_QUERY_LENGTH ? debounced : null;
  const { data, isLoading } = useClientQuery<{ results: Suggestion[] }>(
    wanted ? `search-suggest:${wanted.toLowerCase()}` : null,
    `/search/suggest?query=${encodeURIComponent(wanted ?? "")}`,
  );
  const results = wanted ? (data?.results ?? []) : [];
  const expanded = hydrated && open && !!wanted && (results.length > 0 || !isLoading);

  useEffect(() => setActive(-1), [debounced]);

  function choose(suggestion: Suggestion) {
    setOpen(false);
    inputRef.current?.blur();
    navigate(suggestion.url);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (results.length === 0 ? -1 : (i + 1) % results.length));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (results.length === 0 ? -1 : i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === "Enter" && expanded && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active]);
    }
  }

  const [everWanted, setEverWanted] = useState(false);
  useEffect(() => {
    if (wanted) setEverWanted(true);
  }, [wanted]);
  const emptyList = <ul id={`${listId}-list`} role="listbox" aria-label={t("Suggestions")} hidden data-testid="navbar-search-suggestions" />;
  const optionId = (index: number) => suggestionOptionId(listId, index);
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className={`relative ${className}`}
      onSubmit={() => {
        setOpen(false);
        inputRef.current?.blur();
      }}
    >
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
          placeholder={t("Search titles and people")}
          data-testid="navbar-search-input"
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": expanded,
                "aria-controls": `${listId}-list`,
                "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
              }
            : {})}
          className="h-10 w-full rounded-full border border-divider bg-background pl-9 pr-9 text-sm text-foreground placeholder:text-muted focus:border-primary focus:outline-none"
        />
        {hydrated && open && isLoading && wanted ? (
          <Spinner className="absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted" label={t("Loading")} />
        ) : null}
        <button type="submit" className="sr-only">
          {t("Search")}
        </button>
      </div>
      {hydrated ? (
        // The list's code loads with the first query (most visitors never type here).
        <Suspense fallback={emptyList}>
          {everWanted ? (
            <SuggestionList
              listId={listId}
              results={results}
              active={active}
              expanded={expanded}
              isLoading={isLoading}
              query={debounced}
              onChoose={choose}
              onActivate={setActive}
            />
          ) : (
            emptyList
          )}
        </Suspense>
      ) : null}
    </Form>
  );
}
