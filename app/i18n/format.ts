import { formatCalendarDate } from "~/i18n/dates";
/**
 * Formatting for catalogue facts. Dates are formatted in UTC so the server
 * and the browser render the same text (no hydration mismatch).
 *
 * The Intl formatters are made once per language and kept (per isolate on
 * the server, per page load in the browser): making one costs 50-250 us,
 * using it a few; the browse page's filter fields alone named 40 languages
 * and countries per render (decision 026, render cost).
 */
const formatters = new Map<string, unknown>();

/** The formatter of `kind` for `language`, made on first use (a constructor that throws is retried, not kept). */
function made<T>(kind: string, language: string, make: () => T): T {
  const key = `${kind}|${language}`;
  let value = formatters.get(key) as T | undefined;
  if (!value) {
    value = make();
    // Languages come from the site's localizations; the bound only guards against surprises.
    if (formatters.size > 200) formatters.clear();
    formatters.set(key, value);
  }
  return value;
}

export function formatRuntime(minutes: number | null | undefined): string | null {
  if (!minutes || minutes <= 0) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? (m > 0 ? `${h}h ${m}m` : `${h}h`) : `${m}m`;
}

/** "PT2H15M", the ISO 8601 duration schema.org expects. */
export function isoDuration(minutes: number | null | undefined): string | undefined {
  if (!minutes || minutes <= 0) return undefined;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}`;
}

export function isoSeconds(seconds: number | null | undefined): string | undefined {
  if (!seconds || seconds <= 0) return undefined;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `PT${m ? `${m}M` : ""}${s ? `${s}S` : ""}`;
}

// A video's length ("2:05"): its own module, which the video card's chunk carries without the Intl formatters.

/** A calendar date, in the one format dates have across the site (app/i18n/dates.ts). */
export function formatDate(iso: string | null | undefined, language: string): string | null {
  return formatCalendarDate(iso, language);
}

export function formatMoney(amount: number | null | undefined, language: string): string | null {
  if (!amount || amount <= 0) return null;
  try {
    return made("money", language, () => new Intl.NumberFormat(language, { style: "currency", currency: "USD", maximumFractionDigits: 0 })).format(amount);
  } catch {
    return `$${amount}`;
  }
}

export function formatCount(count: number | null | undefined, language: string): string {
  try {
    return made("count", language, () => new Intl.NumberFormat(language, { notation: "compact", maximumFractionDigits: 1 })).format(count ?? 0);
  } catch {
    return String(count ?? 0);
  }
}

export function languageName(code: string | null | undefined, language: string): string | null {
  if (!code) return null;
  return displayName("language", code, language);
}

export function countryName(code: string, language: string): string {
  return displayName("region", code, language);
}

/** Names already looked up: the browse filters name the same 40 languages and countries on every render. */
const names = new Map<string, string>();

function displayName(type: "language" | "region", code: string, language: string): string {
  const key = `${type}|${language}|${code}`;
  let name = names.get(key);
  if (name === undefined) {
    try {
      name = made(type, language, () => new Intl.DisplayNames([language], { type })).of(code) ?? code;
    } catch {
      name = code;
    }
    if (names.size > 5000) names.clear();
    names.set(key, name);
  }
  return name;
}

/** Age in whole years at `until` (or today), from ISO dates. */
export function ageInYears(birth: string | null | undefined, until?: string | null): number | null {
  if (!birth || !/^\d{4}-\d{2}-\d{2}$/.test(birth)) return null;
  const end = until && /^\d{4}-\d{2}-\d{2}$/.test(until) ? new Date(`${until}T00:00:00Z`) : new Date();
  const start = new Date(`${birth}T00:00:00Z`);
  let age = end.getUTCFullYear() - start.getUTCFullYear();
  const beforeBirthday = end.getUTCMonth() < start.getUTCMonth() || (end.getUTCMonth() === start.getUTCMonth() && end.getUTCDate() < start.getUTCDate());
  if (beforeBirthday) age--;
  return age >= 0 && age < 150 ? age : null;
}

/** A title's years for its heading: "2008"; a series "2003–2007", "2003–" while airing, "2003" when it ran one year (decision 029). */
export function titleYears(title: { type: "movie" | "series"; year: number | null; endYear?: number | null }): string | null {
  if (!title.year) return null;
  if (title.type !== "series" || title.endYear === title.year) return String(title.year);
  return `${title.year}–${title.endYear ?? ""}`;
}
