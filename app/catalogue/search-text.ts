/**
 * The text side of forgiving search (decision 032): how names and queries
 * are cut into words, folded and compared. Pure functions, shared by the
 * search engine (search.server.ts), the vocabulary index
 * (search-index.server.ts) and the seed scripts.
 *
 * Words are cut the way the FTS5 indexes' `unicode61 remove_diacritics 2`
 * tokenizer cuts them (letters and digits; case and diacritics folded), so a
 * word found here is a word the FTS index holds.
 */

/** A query longer than this is cut before it is read (10,000 characters cost no more than 200). */
export const MAX_QUERY_LENGTH = 200;
/** More words than this add nothing to a title search and only cost time. */
export const MAX_SEARCH_TOKENS = 8;
/** Longer "words" are not words; cut them so the statements stay small. */
export const MAX_TOKEN_LENGTH = 40;
/**
 * The typo index keeps deletion variants of a word's first SEARCH_PREFIX
 * letters only (SymSpell's prefix trick): a word's variants stay few, and
 * the full words are compared afterwards.
 */
export const SEARCH_PREFIX = 7;

/** Typos forgiven in a word of this length: 1 from 5 letters, 2 from 9 (Algolia's and Meilisearch's defaults). */
export function allowedTypos(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Deletions the index stores for a vocabulary word: one more length band than
 * the query side's thresholds, so a query word of 9 letters (2 typos) still
 * meets an 8-letter word.
 */
export function indexedDeletes(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** Lower case, no diacritics, compatibility forms kept apart as FTS5 keeps them ("³" stays "³"). */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/ł/g, "l")
    .replace(/đ/g, "d");
}

/** Lone surrogates and other unpaired UTF-16 halves dropped: they are no text. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");
}

/** The words of a name or query, folded, in order (duplicates kept). */
export function words(text: string): string[] {
  return fold(wellFormed(text)).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The vocabulary words of a name: its words, cut to MAX_TOKEN_LENGTH. */
export function nameWords(name: string): string[] {
  return words(name).map((w) => w.slice(0, MAX_TOKEN_LENGTH));
}

// --- Numbers ------------------------------------------------------------------------------

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
];
const ROMAN = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx"];

/**
 * A number's value when `word` spells one: digits, an English number word up
 * to twenty, or a Roman numeral of two letters or more up to XX (single
 * letters are too often plain letters: "I, Robot", "Malcolm X", "Wall-E").
 */
export function numberValue(word: string): number | null {
  if (/^\d{1,4}$/.test(word)) return Number(word);
  const spelled = NUMBER_WORDS.indexOf(word);
  if (spelled >= 0) return spelled;
  if (word.length >= 2) {
    const roman = ROMAN.indexOf(word);
    if (roman > 0) return roman;
  }
  return null;
}

/** Every way the vocabulary may write the number `word` spells ("2" -> 2, two, ii). */
export function numberForms(word: string): string[] {
  const value = numberValue(word);
  if (value === null) return [];
  const forms = [String(value)];
  if (value <= 20) forms.push(NUMBER_WORDS[value]);
  if (value >= 1 && value <= 20) forms.push(ROMAN[value]);
  return forms.filter((f) => f !== word);
}

// --- Words that may be missing, and other spellings ---------------------------------------

/** Articles and joining words: a query need not have them and a name need not either. */
const OPTIONAL = new Set(["the", "a", "an", "of", "and", "le", "la", "les", "l", "el", "los", "las", "der", "die", "das", "il", "lo", "de", "du", "des"]);
export function isOptionalWord(word: string): boolean {
  return OPTIONAL.has(word);
}

/** Short forms titles use ("Star Wars Ep. III", "Dr. No"): either spelling finds the other. */
const SYNONYMS: Record<string, string[]> = {
  episode: ["ep"],
  ep: ["episode"],
  part: ["pt"],
  pt: ["part"],
  doctor: ["dr"],
  dr: ["doctor"],
  mister: ["mr"],
  mr: ["mister"],
  saint: ["st"],
  st: ["saint"],
  versus: ["vs"],
  vs: ["versus"],
  volume: ["vol"],
  vol: ["volume"],
};
export function synonyms(word: string): string[] {
  return SYNONYMS[word] ?? [];
}

/** "dogs" -> "dog", "stories" -> "story": singular forms to try beside the word itself. */
export function singulars(word: string): string[] {
  if (word.length < 4 || /\d/.test(word)) return [];
  if (word.endsWith("ies")) return [`${word.slice(0, -3)}y`];
  if (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) return [];
  if (word.endsWith("s")) return [word.slice(0, -1)];
  return [];
}

/** A year given in a query ("fargo 1996"): a hint for ranking, not a word a name must hold. */
export function yearHint(word: string): number | null {
  if (!/^\d{4}$/.test(word)) return null;
  const year = Number(word);
  return year >= 1870 && year <= 2100 ? year : null;
}

// --- Edit distance ------------------------------------------------------------------------

/**
 * Damerau–Levenshtein distance (optimal string alignment: a swapped pair of
 * neighbouring letters is one edit), stopping early once it exceeds `max`
 * (then it returns max + 1). Compares code points.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  if (s.length === 0) return t.length;
  if (t.length === 0) return s.length;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, prevPrev[j - 2] + 1);
      row.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[t.length];
}

/**
 * The distance from `typed` to the best prefix of `word` (the last query word
 * as it is being typed: "shawsh" is 0 from "shawshank", "shawsj" 1).
 */
export function prefixDistance(typed: string, word: string, max: number): number {
  const t = [...typed];
  const w = [...word];
  let best = max + 1;
  for (let len = Math.max(0, t.length - max); len <= Math.min(w.length, t.length + max); len++) {
    best = Math.min(best, editDistance(typed, w.slice(0, len).join(""), max));
    if (best === 0) break;
  }
  return best;
}

/** Every string made by deleting up to `max` letters from `word`'s first SEARCH_PREFIX letters (`word`'s prefix itself included). */
export function deletionVariants(word: string, max: number): string[] {
  const start = [...word].slice(0, SEARCH_PREFIX).join("");
  const found = new Set<string>([start]);
  let frontier = [start];
  for (let d = 0; d < max; d++) {
    const next: string[] = [];
    for (const w of frontier) {
      const chars = [...w];
      if (chars.length <= 1) continue;
      for (let i = 0; i < chars.length; i++) {
        const v = chars
          .slice(0, i)
          .concat(chars.slice(i + 1))
          .join("");
        if (!found.has(v)) {
          found.add(v);
          next.push(v);
        }
      }
    }
    frontier = next;
  }
  return [...found];
}

// --- Queries ------------------------------------------------------------------------------

export interface QuerySlot {
  /** The word as typed (folded). */
  word: string;
  /** Optional words (articles) and year hints need not match. */
  optional: boolean;
  /** The last word of a query typed without a trailing space is matched as a prefix too. */
  prefix: boolean;
  /** Exact other spellings: number forms, short forms, singulars. */
  forms: string[];
  /** Typos forgiven in this word. */
  typos: number;
}

export interface AnalysedQuery {
  /** The words searched for, joined ("" when there is nothing to search for). */
  text: string;
  slots: QuerySlot[];
  year: number | null;
}

/**
 * What a visitor typed, cut into slots. Any input is safe: anything other
 * than letters and digits is a separator, and the length is capped first.
 */
export function analyseQuery(query: unknown): AnalysedQuery {
  if (typeof query !== "string") return { text: "", slots: [], year: null };
  const cut = query.slice(0, MAX_QUERY_LENGTH);
  const raw: string[] = [];
  for (const word of words(cut)) {
    // "story3" is "story 3", "3d" stays "3d" only if the vocabulary has it (checked as a form).
    const parts = word.match(/\p{L}+|\p{N}+/gu) ?? [word];
    const pieces = parts.length > 1 && parts.length <= 3 ? parts : [word];
    for (const piece of pieces) {
      const token = piece.slice(0, MAX_TOKEN_LENGTH);
      if (!raw.includes(token)) raw.push(token);
    }
    if (raw.length >= MAX_SEARCH_TOKENS) break;
  }
  const tokens = raw.slice(0, MAX_SEARCH_TOKENS);
  const endsInWord = /[\p{L}\p{N}]$/u.test(cut.trimEnd()) && cut === cut.trimEnd();
  let year: number | null = null;
  const slots: QuerySlot[] = tokens.map((word, index) => {
    const hint = tokens.length > 1 ? yearHint(word) : null;
    if (hint !== null && year === null) year = hint;
    const forms = [...new Set([...numberForms(word), ...synonyms(word), ...singulars(word)])];
    return {
      word,
      optional: hint !== null || (isOptionalWord(word) && tokens.length > 1),
      prefix: index === tokens.length - 1 && endsInWord,
      forms,
      typos: /^\d+$/.test(word) ? 0 : allowedTypos([...word].length),
    };
  });
  // A query of only optional words ("the") searches them as words.
  if (slots.length > 0 && slots.every((s) => s.optional)) for (const s of slots) s.optional = false;
  return { text: tokens.join(" "), slots, year };
}

/** An FTS5 string for a word or phrase: words are letters and digits only, so quoting needs no escaping. */
export function ftsString(phrase: string, prefix = false): string {
  const clean = words(phrase).join(" ");
  return clean ? `"${clean}"${prefix ? "*" : ""}` : "";
}
