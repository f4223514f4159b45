/**
 * Lookups the account forms need (spec section 3: localizations; time zones
 * grouped by region with value and text; countries with code and name),
 * served by GET api/v1/value-lists/{names}. Names come from the runtime's
 * ICU data in the requested language, so nothing here needs translating.
 */

/** ISO 3166-1 alpha-2 codes of every country and territory. */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

export interface Country {
  code: string;
  name: string;
}

export function countries(language: string): Country[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, "en"], { type: "region" });
  } catch {
    names = null;
  }
  return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, language));
}

export interface TimezoneOption {
  value: string;
  text: string;
}

/** "GMT+05:30" for a zone now ("GMT" for UTC itself). */
function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? "GMT";
  } catch {
    return "GMT";
  }
}

/** Every IANA zone, grouped by region ("Europe", "America", ...; UTC under "UTC"). */
export function timezones(at = new Date()): Record<string, TimezoneOption[]> {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];
  const groups: Record<string, TimezoneOption[]> = {};
  for (const zone of zones.includes("UTC") ? zones : ["UTC", ...zones]) {
    const region = zone.includes("/") ? zone.slice(0, zone.indexOf("/")) : "UTC";
    const offset = offsetOf(zone, at).replace(/^GMT$/, "GMT+00:00").replace("GMT", "UTC");
    (groups[region] ??= []).push({ value: zone, text: `(${offset}) ${zone.replace(/_/g, " ")}` });
  }
  return groups;
}
