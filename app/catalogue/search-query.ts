/**
 * Turning what a visitor types into a safe FTS5 MATCH expression. Nothing
 * the visitor types is ever FTS syntax: the text is cut into words (letters
 * and digits only), each word becomes a quoted string with a prefix star,
 * and the words are ANDed. So `"`, `*`, `NEAR`, `AND`/`OR`/`NOT`, `(`, `)`,
 * `^`, `:` and `-` are either dropped or searched as plain words.
 */

/** More words than this add nothing to a title search and only cost time. */
export const MAX_SEARCH_TOKENS = 8;
/** Longer "words" are not words; cut them so the expression stays small. */
export const MAX_TOKEN_LENGTH = 40;
/** Queries longer than this are cut before tokenising. */
export const MAX_QUERY_LENGTH = 200;

/** The words of a query, lowercased, in order, without duplicates. */
export function searchTokens(query: unknown): string[] {
  if (typeof query !== "string") return [];
  const words =
    query
      .slice(0, MAX_QUERY_LENGTH)
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const tokens: string[] = [];
  for (const word of words) {
    const token = word.slice(0, MAX_TOKEN_LENGTH);
    if (!tokens.includes(token)) tokens.push(token);
    if (tokens.length === MAX_SEARCH_TOKENS) break;
  }
  return tokens;
}

/**
 * The MATCH expression for `query`, or null when there is nothing to search
 * for. `"star"* "wars"*`: every word must appear as a word prefix in a
 * searched column. Tokens contain only letters and digits, so quoting them
 * needs no escaping at all.
 */
export function buildMatchExpression(query: unknown): string | null {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return null;
  return tokens.map((token) => `"${token}"*`).join(" ");
}

/**
 * The MATCH expression for names that start with the query's words, in
 * order, the last one as a prefix: `name : ^ "star wa"*`. Null when there is
 * nothing to search for. `column` is the FTS column holding the name.
 */
export function buildStartsWithExpression(query: unknown, column = "name"): string | null {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return null;
  return `${column} : ^ "${tokens.join(" ")}"*`;
}

/** The query as plain text for exact / starts-with ranking ("Star  Wars!" -> "star wars"). */
export function normalizedQuery(query: unknown): string {
  return searchTokens(query).join(" ");
}
