import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useTrans } from "~/i18n/translation-context";
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_QUERY_LENGTH } from "~/constants";
import { Spinner } from "~/ui/spinner";
import { useClientQuery } from "~/ui/use-client-query";
import { suggestionOptionId, type Suggestion, type TypeAheadState } from "./navbar-search";
import { SuggestionList } from "./suggestion-list";

/**
 * The navbar search box's type-ahead (see NavbarSearch, which renders the
 * input and loads this when the visitor first focuses or types in it):
 * debounced suggestion queries, arrow keys through the suggestions, Enter
 * and click to open one, Escape to close, the loading spinner and the list.
 * It drives the input through `onStateChange` (its ARIA state) and
 * `keyHandler` (its key handler).
 */
export default function NavbarTypeAhead({
  listId,
  query,
  open,
  onOpenChange,
  onClose,
  onStateChange,
  keyHandler,
  emptyList,
}: {
  listId: string;
  /** What the input holds. */
  query: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Close the list and leave the input (a suggestion was chosen). */
  onClose: () => void;
  onStateChange: (state: TypeAheadState) => void;
  keyHandler: React.RefObject<((event: React.KeyboardEvent<HTMLInputElement>) => void) | null>;
  /** The list's placeholder until the first query. */
  emptyList: React.ReactNode;
}) {
  const t = useTrans();
  const navigate = useNavigate();
  const [debounced, setDebounced] = useState(query);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const wanted = open && debounced.length >= SUGGEST_MIN_QUERY_LENGTH ? debounced : null;
  // Only this query's answer is ever shown: no previous query's rows while the
  // visitor types on (debounce) or while the new answer is on its way (defect 34).
  const { data, isLoading } = useClientQuery<{ results: Suggestion[] }>(wanted ? `search-suggest:${wanted.toLowerCase()}` : null, `/search/suggest?query=${encodeURIComponent(wanted ?? "")}`, {
    keepPreviousData: false,
  });
  const typing = query.trim() !== debounced;
  const pending = !!wanted && (typing || isLoading);
  const results = wanted && !pending ? (data?.results ?? []) : [];
  const expanded = open && !!wanted;
  const activeId = expanded && active >= 0 ? suggestionOptionId(listId, active) : undefined;

  useEffect(() => setActive(-1), [debounced]);
  useEffect(() => onStateChange({ expanded, activeId }), [expanded, activeId, onStateChange]);

  function choose(suggestion: Suggestion) {
    onClose();
    navigate(suggestion.url);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      onOpenChange(true);
      setActive((i) => (results.length === 0 ? -1 : (i + 1) % results.length));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (results.length === 0 ? -1 : i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        onOpenChange(false);
        setActive(-1);
      }
    } else if (event.key === "Enter" && expanded && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active]);
    }
  }
  // The input calls the handler of the latest render.
  useEffect(() => {
    keyHandler.current = onKeyDown;
  });
  useEffect(
    () => () => {
      keyHandler.current = null;
    },
    [keyHandler],
  );

  // The list's code loaded with this module; it shows from the first query on.
  const [everWanted, setEverWanted] = useState(false);
  useEffect(() => {
    if (wanted) setEverWanted(true);
  }, [wanted]);
  return (
    <>
      {open && pending ? <Spinner className="absolute right-3 top-5 size-4 -translate-y-1/2 text-muted" label={t("Loading")} /> : null}
      {everWanted ? <SuggestionList listId={listId} results={results} active={active} expanded={expanded} isLoading={pending} query={debounced} onChoose={choose} onActivate={setActive} /> : emptyList}
    </>
  );
}
