/**
 * The one home of the location lookups: countries with code
 * and name, time zones grouped by region with value and text, and the rules
 * for which zone a date is shown in. Used by the account and admin forms and
 * served by GET api/v1/value-lists/{names}. Names come from the runtime's ICU
 * data in the requested language, so nothing here needs translating.
 */

/** ISO 3166-1 alpha-2 codes of every country and territory (all 249 assigned ones). */
export const COUNTRY_CODES = [
  "AD",
  "AE",
  "AF",
  "AG",
  "AI",
  "AL",
  "AM",
  "AO",
  "AQ",
  "AR",
  "AS",
  "AT",
  "AU",
  "AW",
  "AX",
  "AZ",
  "BA",
  "BB",
  "BD",
  "BE",
  "BF",
  "BG",
  "BH",
  "BI",
  "BJ",
  "BL",
  "BM",
  "BN",
  "BO",
  "BQ",
  "BR",
  "BS",
  "BT",
  "BV",
  "BW",
  "BY",
  "BZ",
  "CA",
  "CC",
  "CD",
  "CF",
  "CG",
  "CH",
  "CI",
  "CK",
  "CL",
  "CM",
  "CN",
  "CO",
  "CR",
  "CU",
  "CV",
  "CW",
  "CX",
  "CY",
  "CZ",
  "DE",
  "DJ",
  "DK",
  "DM",
  "DO",
  "DZ",
  "EC",
  "EE",
  "EG",
  "EH",
  "ER",
  "ES",
  "ET",
  "FI",
  "FJ",
  "FK",
  "FM",
  "FO",
  "FR",
  "GA",
  "GB",
  "GD",
  "GE",
  "GF",
  "GG",
  "GH",
  "GI",
  "GL",
  "GM",
  "GN",
  "GP",
  "GQ",
  "GR",
  "GS",
  "GT",
  "GU",
  "GW",
  "GY",
  "HK",
  "HM",
  "HN",
  "HR",
  "HT",
  "HU",
  "ID",
  "IE",
  "IL",
  "IM",
  "IN",
  "IO",
  "IQ",
  "IR",
  "IS",
  "IT",
  "JE",
  "JM",
  "JO",
  "JP",
  "KE",
  "KG",
  "KH",
  "KI",
  "KM",
  "KN",
  "KP",
  "KR",
  "KW",
  "KY",
  "KZ",
  "LA",
  "LB",
  "LC",
  "LI",
  "LK",
  "LR",
  "LS",
  "LT",
  "LU",
  "LV",
  "LY",
  "MA",
  "MC",
  "MD",
  "ME",
  "MF",
  "MG",
  "MH",
  "MK",
  "ML",
  "MM",
  "MN",
  "MO",
  "MP",
  "MQ",
  "MR",
  "MS",
  "MT",
  "MU",
  "MV",
  "MW",
  "MX",
  "MY",
  "MZ",
  "NA",
  "NC",
  "NE",
  "NF",
  "NG",
  "NI",
  "NL",
  "NO",
  "NP",
  "NR",
  "NU",
  "NZ",
  "OM",
  "PA",
  "PE",
  "PF",
  "PG",
  "PH",
  "PK",
  "PL",
  "PM",
  "PN",
  "PR",
  "PS",
  "PT",
  "PW",
  "PY",
  "QA",
  "RE",
  "RO",
  "RS",
  "RU",
  "RW",
  "SA",
  "SB",
  "SC",
  "SD",
  "SE",
  "SG",
  "SH",
  "SI",
  "SJ",
  "SK",
  "SL",
  "SM",
  "SN",
  "SO",
  "SR",
  "SS",
  "ST",
  "SV",
  "SX",
  "SY",
  "SZ",
  "TC",
  "TD",
  "TF",
  "TG",
  "TH",
  "TJ",
  "TK",
  "TL",
  "TM",
  "TN",
  "TO",
  "TR",
  "TT",
  "TV",
  "TW",
  "TZ",
  "UA",
  "UG",
  "UM",
  "US",
  "UY",
  "UZ",
  "VA",
  "VC",
  "VE",
  "VG",
  "VI",
  "VN",
  "VU",
  "WF",
  "WS",
  "YE",
  "YT",
  "ZA",
  "ZM",
  "ZW",
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

const knownCountries = new Set<string>(COUNTRY_CODES);

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && knownCountries.has(value);
}

export interface Country {
  code: CountryCode;
  name: string;
}

const countriesByLanguage = new Map<string, Country[]>();

/** Every country named and sorted in `language` (kept per isolate: the names never change while it runs). */
export function countries(language: string): Country[] {
  const cached = countriesByLanguage.get(language);
  if (cached) return cached;
  const list = namedCountries(language);
  // Only languages ICU knows end up here (the Intl constructors refuse others), so the map stays small.
  countriesByLanguage.set(language, list);
  return list;
}

function namedCountries(language: string): Country[] {
  let names: Intl.DisplayNames;
  let collator: Intl.Collator;
  try {
    names = new Intl.DisplayNames([language, "en"], { type: "region" });
    collator = new Intl.Collator(language);
  } catch {
    names = new Intl.DisplayNames(["en"], { type: "region" });
    collator = new Intl.Collator("en");
  }
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

/** A user's zone may be "auto": the browser's own. */
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

const checkedTimeZones = new Map<string, boolean>();

/** True for a zone Intl can format in (any accepted alias too), never for "auto". */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64 || zone === AUTO_TIME_ZONE) return false;
  // Every request checks its zone: building a DateTimeFormat each time is costly, the answer never changes.
  const known = checkedTimeZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    valid = true;
  } catch {
    valid = false;
  }
  if (checkedTimeZones.size >= 1000) checkedTimeZones.clear();
  checkedTimeZones.set(zone, valid);
  return valid;
}

/** "+01:00" for a zone at `at` (offsets change with daylight saving time). */
export function utcOffset(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
    const offset = part?.replace(/^GMT/, "") ?? "";
    return offset === "" ? "+00:00" : offset;
  } catch {
    return "+00:00";
  }
}

let timeZoneCache: { hour: number; groups: TimeZoneGroup[] } | null = null;

/**
 * Every zone grouped by its region ("Europe", "America", ...; UTC and the
 * Etc zones under "Other", last), each labelled with its current offset,
 * sorted by offset then name within a region. Formatting ~400 offsets costs a
 * few hundred milliseconds, so the list is kept per isolate for the hour
 * (offsets change only at daylight-saving transitions, on the hour).
 */
export function timeZoneGroups(at: Date = new Date()): TimeZoneGroup[] {
  const hour = Math.floor(at.getTime() / 3_600_000);
  if (timeZoneCache?.hour !== hour) timeZoneCache = { hour, groups: groupTimeZones(at) };
  return timeZoneCache.groups;
}

/** The same groups keyed by region, the shape of GET api/v1/value-lists/timezones. */
export function timezones(at: Date = new Date()): Record<string, TimeZoneOption[]> {
  return Object.fromEntries(timeZoneGroups(at).map((g) => [g.region, g.zones]));
}

function groupTimeZones(at: Date): TimeZoneGroup[] {
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
      zones: zones.sort((a, b) => a.minutes - b.minutes || a.text.localeCompare(b.text)).map(({ value, text }) => ({ value, text })),
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
