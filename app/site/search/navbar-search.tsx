import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import { useHasPermission } from "~/auth/ui/use-has-permission";
import { useTrans } from "~/bootstrap/use-bootstrap";
import { SearchIcon } from "~/ui/icons";
import { Spinner } from "~/ui/spinner";
import { useClientQuery } from "~/ui/use-client-query";
import { useHydrated } from "~/ui/use-hydrated";
import { SUGGEST_MIN_QUERY_LENGTH, SUGGEST_DEBOUNCE_MS } from "~/constants";

export interface Suggestion {
  kind: "title" | "person";
  id: number;
  name: string;
  /** "2019 · Movie", "Acting", ... */
  description: string;
  image: string | null;
  url: string;
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

  const optionId = (index: number) => `${listId}-option-${index}`;
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
        <ul
          id={`${listId}-list`}
          role="listbox"
          aria-label={t("Suggestions")}
          hidden={!expanded}
          data-testid="navbar-search-suggestions"
          className="absolute left-0 right-0 top-full z-40 mt-2 max-h-[70vh] overflow-auto rounded-theme border border-divider bg-elevated p-1 shadow-xl sm:min-w-80"
        >
          {results.map((result, index) => (
            <li
              key={`${result.kind}-${result.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keep focus in the input so the click lands before blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(result)}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-center gap-3 rounded-md p-2 ${index === active ? "bg-primary-light" : ""}`}
            >
              {result.image ? (
                <img src={result.image} alt="" width={32} height={48} loading="lazy" className="h-12 w-8 shrink-0 rounded bg-paper object-cover" />
              ) : (
                <span aria-hidden="true" className="h-12 w-8 shrink-0 rounded bg-paper" />
              )}
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-foreground">{result.name}</span>
                <span className="block truncate text-xs text-muted">{result.description}</span>
              </span>
            </li>
          ))}
          {results.length === 0 && !isLoading ? (
            <li role="presentation" className="p-3 text-sm text-muted">
              {t("No results for “:query”", { query: debounced })}
            </li>
          ) : null}
          {results.length > 0 ? (
            <li role="presentation" className="border-t border-divider p-2 text-center text-sm">
              <button type="submit" className="font-medium text-primary hover:underline" onMouseDown={(event) => event.preventDefault()}>
                {t("See all results")}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </Form>
  );
}
