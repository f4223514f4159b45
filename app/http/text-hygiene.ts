/**
 * Text hygiene for every request body, applied once in the Worker entry
 * before any action or API handler reads it (decision 021):
 *
 * - every string is normalised to NFC;
 * - a lone surrogate (possible in JSON as "\ud800") becomes U+FFFD, so
 *   nothing stores invalid UTF-8;
 * - NUL and the other C0/C1 control characters are removed (tab, line feed
 *   and carriage return stay in free text);
 * - in name-like fields (name, title, label, first_name, token_name,
 *   tokenName...) every control character and the bidirectional controls
 *   (right-to-left override and its kin) are removed too: a name is one line
 *   and must read the way it is stored;
 * - in all other free text (review headlines and bodies, comments, list
 *   names and notes, bios...) the bidirectional overrides, embeddings and
 *   isolates (U+202A-U+202E, U+2066-U+2069) are removed as well, so a text
 *   cannot display differently from what it holds (decision 021); the
 *   plain direction marks (LRM, RLM, ALM) stay there for right-to-left text.
 *
 * Passwords are left exactly as typed (changing them would lock people out).
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0 controls except \t \n \r, DEL and C1 controls.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const CONTROL_IN_NAME = /[\u0000-\u001F\u007F-\u009F]/g;
// Bidirectional formatting: LRE RLE PDF LRO RLO, LRI RLI FSI PDI, LRM RLM ALM.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
// The ones that reorder what follows them: embeddings, overrides and isolates.
export const BIDI_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/g;

/** Free text without bidirectional overrides (for text that reaches the app other than as a request body, e.g. imports). */
export function withoutBidiOverrides(text: string): string {
  return text.replace(BIDI_OVERRIDES, "");
}

const NAME_LIKE_KEY = /(^|[_.:\-[\]])(name|title|label|nickname|username|tagline|slug|subject)\]?$|[a-z](Name|Title|Label)$/;
const UNTOUCHED_KEY = /password/i;

export function isNameLikeKey(key: string): boolean {
  return NAME_LIKE_KEY.test(key);
}

/** The cleaned value of one field (unchanged strings are returned as they are). */
export function cleanText(value: string, key: string): string {
  if (UNTOUCHED_KEY.test(key)) return value;
  let out = value.replace(LONE_SURROGATE, "\uFFFD");
  out = out.replace(isNameLikeKey(key) ? CONTROL_IN_NAME : CONTROL_IN_TEXT, "");
  out = out.replace(isNameLikeKey(key) ? BIDI_CONTROLS : BIDI_OVERRIDES, "");
  return out.normalize("NFC");
}

/** A JSON value with every string cleaned (object keys name their values). */
export function cleanJson(value: unknown, key = ""): unknown {
  if (typeof value === "string") return cleanText(value, key);
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, key));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[cleanText(k, "")] = cleanJson(v, k);
    return out;
  }
  return value;
}

/** Paths whose exact bytes matter (signed webhooks) or that are never text. */
const RAW_BODY_PATHS = [/^\/api\/v1\/billing\/stripe\/webhook$/];

/**
 * The request with its form or JSON body cleaned, or the same request when
 * nothing needed it. Call after the size and parse checks (the body is then
 * small and well formed).
 */
export async function withCleanText(request: Request, pathname: string): Promise<Request> {
  if (!request.body || RAW_BODY_PATHS.some((re) => re.test(pathname))) return request;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) {
    const text = await request.clone().text();
    if (text.trim() === "") return request;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return request;
    }
    const cleaned = JSON.stringify(cleanJson(parsed));
    if (cleaned === JSON.stringify(parsed)) return request;
    return rebuilt(request, cleaned, "application/json");
  }
  const urlEncoded = type.startsWith("application/x-www-form-urlencoded");
  if (!urlEncoded && !type.startsWith("multipart/form-data")) return request;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return request;
  }
  let changed = false;
  const out = new FormData();
  for (const [key, value] of form) {
    const cleanKey = cleanText(key, "");
    if (typeof value === "string") {
      const cleanValue = cleanText(value, key);
      if (cleanValue !== value || cleanKey !== key) changed = true;
      out.append(cleanKey, cleanValue);
    } else {
      if (cleanKey !== key) changed = true;
      out.append(cleanKey, value);
    }
  }
  if (!changed) return request;
  if (urlEncoded) {
    const params = new URLSearchParams();
    for (const [key, value] of out) params.append(key, value as string);
    return rebuilt(request, params.toString(), "application/x-www-form-urlencoded");
  }
  return rebuilt(request, out, null);
}

function rebuilt(request: Request, body: BodyInit, type: string | null) {
  const headers = new Headers(request.headers);
  headers.delete("Content-Length");
  // A multipart body gets a new boundary from the runtime.
  if (type) headers.set("Content-Type", type);
  else headers.delete("Content-Type");
  return new Request(request, { headers, body });
}
