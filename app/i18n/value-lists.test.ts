import { describe, expect, it } from "vitest";
import { formatInZone } from "./dates";
import { COUNTRY_CODES, countries, effectiveTimeZone, isCountryCode, isValidTimeZone, timeZoneGroups, timezones, utcOffset } from "./value-lists";

describe("time zones", () => {
  it("groups every zone by region with its offset, and 'Other' last", () => {
    const groups = timeZoneGroups(new Date(Date.UTC(2026, 0, 15)));
    const regions = groups.map((g) => g.region);
    expect(regions).toEqual(expect.arrayContaining(["Africa", "America", "Asia", "Europe", "Pacific", "Other"]));
    expect(regions.at(-1)).toBe("Other");
    const europe = groups.find((g) => g.region === "Europe")!;
    expect(europe.zones).toContainEqual({ value: "Europe/Paris", text: "(UTC+01:00) Paris" });
    expect(groups.find((g) => g.region === "America")!.zones).toContainEqual({ value: "America/Buenos_Aires", text: "(UTC-03:00) Buenos Aires" });
    expect(groups.find((g) => g.region === "America")!.zones.find((z) => z.value.split("/").length === 3)?.text).toMatch(/ - /);
    expect(groups.find((g) => g.region === "Other")!.zones.map((z) => z.value)).toContain("UTC");
    const total = groups.reduce((n, g) => n + g.zones.length, 0);
    expect(total).toBeGreaterThan(300);
    // Sorted by offset within a region.
    const offsets = europe.zones.map((z) => z.text.slice(4, 10));
    expect(offsets).toEqual([...offsets].sort((a, b) => Number(a.replace(":", "")) - Number(b.replace(":", ""))));
  });

  it("keeps the list for the hour and follows daylight saving time", () => {
    const winter = new Date("2026-01-15T12:00:00Z");
    expect(timeZoneGroups(winter)).toBe(timeZoneGroups(new Date("2026-01-15T12:59:00Z")));
    const summer = timezones(new Date("2026-07-15T12:00:00Z"));
    expect(summer.Europe).toContainEqual({ value: "Europe/Paris", text: "(UTC+02:00) Paris" });
    expect(timezones(winter).America).toContainEqual({ value: "America/New_York", text: "(UTC-05:00) New York" });
    expect(timezones(winter).Other).toContainEqual({ value: "UTC", text: "(UTC+00:00) UTC" });
  });

  it("validates zones and picks the zone to show", () => {
    expect(isValidTimeZone("Europe/Lisbon")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("auto")).toBe(false);
    expect(isValidTimeZone("x".repeat(100))).toBe(false);
    expect(utcOffset("Asia/Kolkata", new Date())).toBe("+05:30");
    expect(effectiveTimeZone({ chosen: "Asia/Tokyo", browser: "Europe/Paris", fallback: "UTC" })).toBe("Asia/Tokyo");
    expect(effectiveTimeZone({ chosen: "auto", browser: "Europe/Paris", fallback: "UTC" })).toBe("Europe/Paris");
    expect(effectiveTimeZone({ chosen: null, browser: "nonsense", fallback: "America/New_York" })).toBe("America/New_York");
    expect(effectiveTimeZone({})).toBe("UTC");
  });

  it("formats in a zone", () => {
    const at = Date.UTC(2026, 6, 1, 23, 30);
    expect(formatInZone(at, { language: "en", timeZone: "UTC", style: "date" })).toBe("July 1, 2026");
    expect(formatInZone(at, { language: "en", timeZone: "Asia/Tokyo", style: "date" })).toBe("July 2, 2026");
    expect(formatInZone(null, { language: "en", timeZone: "UTC" })).toBe("");
  });
});

describe("countries", () => {
  it("lists the 249 ISO codes once, named in the language, sorted by name, kept per language", () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    const en = countries("en");
    expect(en).toHaveLength(249);
    expect(en.find((c) => c.code === "DE")?.name).toBe("Germany");
    expect(countries("es").find((c) => c.code === "DE")?.name).toBe("Alemania");
    expect(countries("fr")).toContainEqual({ code: "DE", name: "Allemagne" });
    expect(en[0].name <= en[1].name).toBe(true);
    expect(countries("en")).toBe(en);
    expect(isCountryCode("PT")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("pt")).toBe(false);
  });
});
