/**
 * Every UI string goes through here. Keys are the English text; a language's
 * lines override them. `:name` placeholders are replaced from `values`, and a
 * choice such as "[one frame|other frames]" picks by the `count` value.
 */
export type TranslationValues = Record<string, string | number>;
export type Translate = (key: string, values?: TranslationValues) => string;

const CHOICE = /\[one ([^|\]]*)\|other ([^\]]*)\]/g;

export function translate(lines: Readonly<Record<string, string>>, key: string, values?: TranslationValues) {
  let text = Object.hasOwn(lines, key) ? lines[key] : key;
  if (values && typeof values.count === "number") {
    const count = values.count;
    text = text.replace(CHOICE, (_, one: string, other: string) => (count === 1 ? one : other));
  }
  if (values) {
    // Longest names first, so ":counter" is not broken by ":count".
    const names = Object.keys(values).sort((a, b) => b.length - a.length);
    for (const name of names) text = text.split(`:${name}`).join(String(values[name]));
  }
  return text;
}

export function createTranslate(lines: Readonly<Record<string, string>>): Translate {
  return (key, values) => translate(lines, key, values);
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
export function pickLanguage(
  available: readonly string[],
  candidates: { user?: string | null; cookie?: string | null; acceptLanguage?: string | null; fallback: string },
): string {
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
