/**
 * Dates and times as pages show them: in the visitor's language and time
 * zone (see time-zones.ts for which zone). Bad input gives "" rather than
 * an exception, so a stray value never breaks a page.
 */
export type DateStyle = "date" | "datetime" | "time" | "month" | "weekday-date" | "day-month" | "month-short" | "day" | "weekday";

// One date format across the site (decision 031): "July 18, 2008", also in reviews, comments and history.
// The others are parts of it: a diary's day ("18", "Fri"), a calendar's day heading, a chart's axis.
const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "long" },
  datetime: { dateStyle: "long", timeStyle: "short" },
  time: { timeStyle: "short" },
  month: { month: "long", year: "numeric" },
  "weekday-date": { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  "day-month": { month: "short", day: "numeric" },
  "month-short": { month: "short" },
  day: { day: "numeric" },
  weekday: { weekday: "short" },
};

/**
 * Formatters by language, zone and style, made on first use: making one costs
 * 45-55 us, using it under 1 us, and a diary page names two parts of each
 * entry's date (decision 047). Kept per isolate on the server, per page load
 * in the browser; the bound only guards against surprises.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, timeZone: string, style: DateStyle) {
  const key = `${language}|${timeZone}|${style}`;
  let value = cache.get(key);
  if (!value) {
    try {
      value = new Intl.DateTimeFormat(language, { ...OPTIONS[style], timeZone });
    } catch {
      value = new Intl.DateTimeFormat("en", { ...OPTIONS[style], timeZone: "UTC" });
    }
    if (cache.size > 200) cache.clear();
    cache.set(key, value);
  }
  return value;
}

export function toTime(date: Date | string | number | null | undefined): number | null {
  if (date === null || date === undefined) return null;
  const time = date instanceof Date ? date.getTime() : typeof date === "number" ? date : Date.parse(date);
  return Number.isFinite(time) ? time : null;
}

export function formatInZone(date: Date | string | number | null | undefined, { language, timeZone, style = "datetime" }: { language: string; timeZone: string; style?: DateStyle }): string {
  const time = toTime(date);
  if (time === null) return "";
  return formatter(language, timeZone, style).format(time);
}

/**
 * A calendar date ("2026-11-28": a release date, the day something was
 * watched) in the same format as every other date, or `style`'s part of it.
 * It names a day, not an instant, so no time zone moves it; anything else is
 * returned as it came.
 */
export function formatCalendarDate(iso: string | null | undefined, language: string, style: DateStyle = "date"): string | null {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso ?? null;
  const time = Date.parse(`${iso}T00:00:00Z`);
  if (!Number.isFinite(time)) return iso;
  return formatter(language, "UTC", style).format(time);
}
