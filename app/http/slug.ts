/**
 * URL slugs: lowercase, transliterate characters, remove a
 * set of punctuation; when nothing Latin is left (a name written only in
 * Japanese, say), fall back to the lowercased text with spaces replaced by
 * hyphens. Used for titles, people, genres, keywords and user profile links.
 */

/** Letters that Unicode decomposition does not reduce to ASCII. */
const TRANSLITERATION: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  å: "a",
  Å: "a",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  þ: "th",
  Þ: "th",
  ł: "l",
  Ł: "l",
  ı: "i",
  ħ: "h",
  Ħ: "h",
  ŋ: "ng",
  Ŋ: "ng",
  ĸ: "k",
  ŀ: "l",
  Ŀ: "l",
  ſ: "s",
  ƒ: "f",
  // Cyrillic (Russian, Ukrainian, Belarusian, Serbian, Bulgarian common letters).
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "yo",
  є: "ye",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "yi",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ў: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  ђ: "dj",
  ј: "j",
  љ: "lj",
  њ: "nj",
  ћ: "c",
  џ: "dz",
  // Greek.
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
  // Symbols that carry meaning in names.
  "&": " and ",
  "@": " at ",
  "+": " plus ",
};

/** Punctuation removed outright, so "Don't" becomes "dont", not "don-t". */
const REMOVED = /['’‘`´"“”„*~.()!:?¿¡,;[\]{}<>^|\\#$%=]/gu;

const MAX_SLUG_LENGTH = 80;

function mapLetters(text: string): string {
  let out = "";
  for (const char of text) out += TRANSLITERATION[char] ?? TRANSLITERATION[char.toLowerCase()] ?? char;
  return out;
}

function transliterate(text: string): string {
  // Map first (so "й" and "ё" keep their own spelling), then drop accents
  // ("é" -> "e", "ά" -> "α"), then map what the accents were hiding.
  return mapLetters(
    mapLetters(text)
      .normalize("NFKD")
      .replace(/\p{M}+/gu, ""),
  );
}

function truncate(slug: string): string {
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > MAX_SLUG_LENGTH / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}

/**
 * "Amélie" -> "amelie", "Don't Look Up" -> "dont-look-up",
 * "Fast & Furious 6" -> "fast-and-furious-6", "千と千尋の神隠し" -> "千と千尋の神隠し",
 * "Битва за Севастополь" -> "bitva-za-sevastopol". Never empty: text with no
 * letters or digits at all becomes `fallback` ("untitled").
 */
export function slugify(text: string, fallback = "untitled"): string {
  const ascii = transliterate(String(text ?? ""))
    .toLowerCase()
    .replace(REMOVED, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (ascii) return truncate(ascii);
  // Nothing Latin survived: keep the original letters, hyphens for spaces.
  const unicode = String(text ?? "")
    .normalize("NFC")
    .toLowerCase()
    .replace(REMOVED, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return unicode ? truncate(unicode) : fallback;
}

/** Canonical path of a title page. */
export function titlePath(title: { id: number; slug: string }): string {
  return `/titles/${title.id}/${encodeURIComponent(title.slug)}`;
}

/** Canonical path of a person page. */
export function personPath(person: { id: number; slug: string }): string {
  return `/people/${person.id}/${encodeURIComponent(person.slug)}`;
}
