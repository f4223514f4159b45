/**
 * "a few seconds ago", "5 minutes ago", "3 weeks ago", "in 2 days": how long
 * ago (or until) a moment is, in the visitor's language.
 * Under a minute is "a few seconds"; then whole minutes, hours, days, weeks,
 * months and years. Numbers and units come from Intl.RelativeTimeFormat, so
 * every language gets correct plural forms without translation lines.
 */
export type RelativeUnit = "second" | "minute" | "hour" | "day" | "week" | "month" | "year";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** Average Gregorian month and year, so "months ago" does not drift over a year. */
const MONTH = 30.436875 * DAY;
const YEAR = 365.2425 * DAY;

/** The unit and whole count a distance of `seconds` is shown in (sign kept). */
export function relativeParts(seconds: number): { unit: RelativeUnit; value: number } {
  const abs = Math.abs(seconds);
  const sign = seconds < 0 ? -1 : 1;
  const whole = (size: number) => sign * Math.max(1, Math.floor(abs / size));
  if (abs < MINUTE) return { unit: "second", value: sign * Math.floor(abs) };
  if (abs < HOUR) return { unit: "minute", value: whole(MINUTE) };
  if (abs < DAY) return { unit: "hour", value: whole(HOUR) };
  if (abs < WEEK) return { unit: "day", value: whole(DAY) };
  if (abs < MONTH) return { unit: "week", value: whole(WEEK) };
  if (abs < YEAR) return { unit: "month", value: whole(MONTH) };
  return { unit: "year", value: whole(YEAR) };
}

export function formatRelativeTime(date: Date | string | number, options: { now: number; language: string; t: (key: string) => string }): string {
  const time = date instanceof Date ? date.getTime() : typeof date === "number" ? date : Date.parse(date);
  if (!Number.isFinite(time)) return "";
  const seconds = (time - options.now) / 1000;
  const { unit, value } = relativeParts(seconds);
  if (unit === "second") return seconds <= 0 ? options.t("a few seconds ago") : options.t("in a few seconds");
  return relativeFormatter(options.language).format(value, unit);
}

const formatters = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormatter(language: string) {
  let formatter = formatters.get(language);
  if (!formatter) {
    try {
      formatter = new Intl.RelativeTimeFormat(language, { numeric: "always", style: "long" });
    } catch {
      formatter = new Intl.RelativeTimeFormat("en", { numeric: "always", style: "long" });
    }
    formatters.set(language, formatter);
  }
  return formatter;
}
