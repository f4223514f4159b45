import { useTrans } from "~/i18n/translation-context";
import { suggestionOptionId, type Suggestion } from "./navbar-search";

/** The navbar type-ahead's list of suggestions (see NavbarSearch and ./navbar-type-ahead). */
export function SuggestionList({
  listId,
  results,
  active,
  expanded,
  isLoading,
  query,
  onChoose,
  onActivate,
}: {
  listId: string;
  results: Suggestion[];
  active: number;
  expanded: boolean;
  isLoading: boolean;
  query: string;
  onChoose: (suggestion: Suggestion) => void;
  onActivate: (index: number) => void;
}) {
  const t = useTrans();
  return (
    <ul
      id={`${listId}-list`}
      role="listbox"
      aria-label={t("Suggestions")}
      hidden={!expanded}
      data-testid="navbar-search-suggestions"
      className="fixed inset-x-4 top-16 z-40 max-h-[70vh] overflow-auto sm:absolute sm:inset-x-0 sm:top-full sm:mt-2 rounded-theme border border-divider bg-elevated p-1 shadow-xl sm:min-w-80"
    >
      {results.map((result, index) => (
        <li
          key={`${result.kind}-${result.id}`}
          id={suggestionOptionId(listId, index)}
          role="option"
          aria-selected={index === active}
          // Keep focus in the input so the click lands before blur closes the list.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(result)}
          onMouseMove={() => onActivate(index)}
          className={`flex cursor-pointer items-center gap-3 rounded-md p-2 ${index === active ? "bg-primary-light" : ""}`}
        >
          {result.image ? (
            <img src={result.image} alt="" width={32} height={48} loading="lazy" className="h-12 w-8 shrink-0 rounded bg-paper object-cover" />
          ) : (
            <span aria-hidden="true" className="h-12 w-8 shrink-0 rounded bg-paper" />
          )}
          <span className="min-w-0">
            {/* Two lines each: a phone's list is narrow, and "also known as" names are long. */}
            <span className="line-clamp-2 break-words text-sm font-medium text-foreground">{result.name}</span>
            <span className="line-clamp-2 break-words text-xs text-muted">{result.description}</span>
          </span>
        </li>
      ))}
      {results.length === 0 && isLoading ? (
        <li role="presentation" className="p-3 text-sm text-muted" data-testid="navbar-search-pending">
          {t("Searching…")}
        </li>
      ) : null}
      {results.length === 0 && !isLoading ? (
        <li role="presentation" className="p-3 text-sm text-muted">
          {t("No results for “:query”", { query })}
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
  );
}
