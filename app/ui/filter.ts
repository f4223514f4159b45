/**
 * The list filter every select and combobox uses:
 * a case-insensitive substring match. An empty query matches everything.
 */
export function matchesQuery(text: string, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === "") return true;
  return text.toLocaleLowerCase().includes(needle);
}

/** The items of `items` whose text matches `query`, in their original order. */
export function filterByQuery<T>(items: Iterable<T>, query: string, textOf: (item: T) => string): T[] {
  const result: T[] = [];
  for (const item of items) if (matchesQuery(textOf(item), query)) result.push(item);
  return result;
}
