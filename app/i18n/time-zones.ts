/**
 * Time zones for the "Location and language" section (spec section 3:
 * grouped by region, value and text) and the rules for which zone a date is
 * shown in. A user's zone may be "auto": the browser's own (spec section 4).
 */
export const AUTO_TIME_ZONE = "auto";

export interface TimeZoneOption {
  value: string;
  /** "(UTC+01:00) Paris" */
  text: string;
}

export interface TimeZoneGroup {
  region: string;
  zones: TimeZoneOption[];
}

/** Zones this runtime knows (IANA canonical names), plus UTC. */
export function supportedTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("UTC") ? zones : [...zones, "UTC"];
}

/** True for a zone Intl can format in (any accepted alias too), never for "auto". */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64 || zone === AUTO_TIME_ZONE) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "+01:00" for a zone at `at` (offsets change with daylight saving time). */
export function utcOffset(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    const offset = part?.replace(/^GMT/, "") ?? "";
    return offset === "" ? "+00:00" : offset;
  } catch {
    return "+00:00";
  }
}

/**
 * Every zone grouped by its region ("Europe", "America", ...; UTC and the
 * Etc zones under "Other"), each labelled with its current offset, sorted by
 * offset then name within a region.
 */
export function timeZoneGroups(at: Date = new Date()): TimeZoneGroup[] {
  const groups = new Map<string, { value: string; text: string; minutes: number }[]>();
  for (const zone of supportedTimeZones()) {
    const slash = zone.indexOf("/");
    const region = slash > 0 && !zone.startsWith("Etc/") ? zone.slice(0, slash) : "Other";
    const offset = utcOffset(zone, at);
    const city = (slash > 0 ? zone.slice(slash + 1) : zone).replace(/_/g, " ").replace(/\//g, " - ");
    const list = groups.get(region) ?? [];
    list.push({ value: zone, text: `(UTC${offset}) ${city}`, minutes: offsetMinutes(offset) });
    groups.set(region, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === "Other" ? 1 : b === "Other" ? -1 : a.localeCompare(b)))
    .map(([region, zones]) => ({
      region,
      zones: zones
        .sort((a, b) => a.minutes - b.minutes || a.text.localeCompare(b.text))
        .map(({ value, text }) => ({ value, text })),
    }));
}

function offsetMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/**
 * The zone to show dates in. A chosen zone wins; "auto" or none means the
 * browser's: in the browser that is known, on the server it comes from the
 * hint cookie the browser sets (TIME_ZONE_HINT_COOKIE), else the site default.
 */
export function effectiveTimeZone(input: { chosen?: string | null; browser?: string | null; fallback?: string | null }): string {
  if (input.chosen && input.chosen !== AUTO_TIME_ZONE && isValidTimeZone(input.chosen)) return input.chosen;
  if (input.browser && isValidTimeZone(input.browser)) return input.browser;
  if (input.fallback && isValidTimeZone(input.fallback)) return input.fallback;
  return "UTC";
}
