import { describe, expect, it } from "vitest";
import { countryName, formatCount, formatDate, formatMoney, languageName } from "./format";

// The formatters are kept per language (decision 026): a kept one must never answer for another language.
describe("catalogue formatting with kept Intl formatters", () => {
  it("formats in each language asked for, the same on every call", () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDate("2020-01-31", "en")).toBe("January 31, 2020");
      expect(formatDate("2020-01-31", "fr")).toBe("31 janvier 2020");
      expect(formatMoney(1500000, "en")).toBe("$1,500,000");
      expect(formatCount(12345, "en")).toBe("12.3K");
      expect(languageName("fr", "en")).toBe("French");
      expect(languageName("fr", "de")).toBe("Französisch");
      expect(countryName("DE", "en")).toBe("Germany");
      expect(countryName("DE", "fr")).toBe("Allemagne");
    }
  });

  it("falls back to English for a language Intl refuses, and still formats good ones after it", () => {
    expect(formatDate("2020-01-31", "not a language!")).toBe("January 31, 2020");
    expect(countryName("DE", "not a language!")).toBe("DE");
    expect(formatDate("2020-01-31", "en")).toBe("January 31, 2020");
  });
});
