/**
 * Every UI string goes through here. Keys are the English text; a language's
 * lines override them. `:name` placeholders are replaced from `values`, and a
 * choice such as "[one frame|other frames]" picks by the `count` value with
 * the language's CLDR plural rules (Intl.PluralRules): a choice may name any
 * of zero, one, two, few, many and other, and "other" is the fallback
 * (decision 031). French 0 is "one", Spanish 0 is "other", Polish has "few"
 * and "many", and an admin-added language writes the forms it needs.
 */
export type TranslationValues = Record<string, string | number>;
export type Translate = (key: string, values?: TranslationValues) => string;

export const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/** A choice: "[" then category-text alternatives separated by "|", then "]". */
const CHOICE = /\[((?:zero|one|two|few|many|other) [^|\]]*(?:\|(?:zero|one|two|few|many|other) [^|\]]*)*)\]/g;
const FORM = /^(zero|one|two|few|many|other) ([\s\S]*)$/;

const rulesCache = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `count` in `language` (English rules for an unknown code). */
export function pluralCategory(language: string, count: number): PluralCategory {
  let rules = rulesCache.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules("en");
    }
    rulesCache.set(language, rules);
  }
  return rules.select(count) as PluralCategory;
}

/** The forms of one choice, category -> text. */
export function parseChoice(body: string): Partial<Record<PluralCategory, string>> {
  const forms: Partial<Record<PluralCategory, string>> = {};
  for (const part of body.split("|")) {
    const match = FORM.exec(part);
    if (match) forms[match[1] as PluralCategory] = match[2];
  }
  return forms;
}

/** The plural choices of a line, each as its forms (the admin editor shows one field per form). */
export function choicesOf(text: string): Partial<Record<PluralCategory, string>>[] {
  return [...text.matchAll(CHOICE)].map((match) => parseChoice(match[1]));
}

export function translate(lines: Readonly<Record<string, string>>, key: string, values?: TranslationValues, language = "en") {
  let text = Object.hasOwn(lines, key) ? lines[key] : key;
  if (values && typeof values.count === "number") {
    const count = values.count;
    const category = pluralCategory(language, count);
    text = text.replace(CHOICE, (_, body: string) => {
      const forms = parseChoice(body);
      return forms[category] ?? forms.other ?? forms.one ?? "";
    });
  }
  if (values) {
    // Longest names first, so ":counter" is not broken by ":count".
    const names = Object.keys(values).sort((a, b) => b.length - a.length);
    for (const name of names) text = text.split(`:${name}`).join(String(values[name]));
  }
  return text;
}

export function createTranslate(lines: Readonly<Record<string, string>>, language = "en"): Translate {
  return (key, values) => translate(lines, key, values, language);
}

/** Parses Accept-Language into language codes, best first. */
export function parseAcceptLanguage(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      const quality = q ? Number(q.trim().slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter((entry) => /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(entry.tag) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality)
    .map((entry) => entry.tag);
}

/**
 * The language to show: the user's own, else the cookie's, else the best
 * match from Accept-Language (exact, then by primary subtag), else the default.
 */
export function pickLanguage(available: readonly string[], candidates: { user?: string | null; cookie?: string | null; acceptLanguage?: string | null; fallback: string }): string {
  const has = (code: string | null | undefined) => !!code && available.includes(code);
  if (has(candidates.user)) return candidates.user!;
  if (has(candidates.cookie)) return candidates.cookie!;
  for (const tag of parseAcceptLanguage(candidates.acceptLanguage ?? null)) {
    if (has(tag)) return tag;
    const primary = tag.split("-")[0];
    if (has(primary)) return primary;
  }
  if (has(candidates.fallback)) return candidates.fallback;
  return available[0] ?? "en";
}

/** The plural forms `language` distinguishes (CLDR), in the usual order: what a translator writes. */
export function pluralCategoriesOf(language: string): PluralCategory[] {
  let categories: string[];
  try {
    categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  } catch {
    categories = ["one", "other"];
  }
  return PLURAL_CATEGORIES.filter((category) => categories.includes(category));
}

/**
 * Why a translated line's plural choices do not fit its key, or null: as many
 * choices as the key, each with an "other" form (the fallback for any count).
 * An empty line is "not translated" and fits.
 */
export function pluralLineProblem(key: string, value: string): string | null {
  if (!value) return null;
  const wanted = choicesOf(key).length;
  if (wanted === 0) return null;
  const choices = choicesOf(value);
  if (choices.length !== wanted || choices.some((forms) => forms.other === undefined)) {
    return "Each plural choice needs its forms in brackets, ending with other: [one …|other …].";
  }
  return null;
}
