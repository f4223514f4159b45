import { describe, expect, it } from "vitest";
import { parseAcceptLanguage, pickLanguage, translate } from "./translate";

describe("translate", () => {
  it("falls back to the English key and fills placeholders", () => {
    expect(translate({}, "Enabled :service account", { service: "Google" })).toBe("Enabled Google account");
  });

  it("uses a language's line when there is one", () => {
    expect(translate({ "Take me there!": "¡Llévame allí!" }, "Take me there!")).toBe("¡Llévame allí!");
  });

  it("replaces longer placeholder names first", () => {
    expect(translate({}, ":counter of :count", { count: 2, counter: 1 })).toBe("1 of 2");
  });

  it("picks the singular or plural choice by count", () => {
    const key = ":count vendor [one frame|other frames]";
    expect(translate({}, key, { count: 1 })).toBe("1 vendor frame");
    expect(translate({}, key, { count: 4 })).toBe("4 vendor frames");
  });
});

describe("pickLanguage", () => {
  const available = ["en", "es", "fr"];
  it("prefers the user, then the cookie, then Accept-Language, then the default", () => {
    expect(pickLanguage(available, { user: "fr", cookie: "es", fallback: "en" })).toBe("fr");
    expect(pickLanguage(available, { cookie: "es", acceptLanguage: "fr", fallback: "en" })).toBe("es");
    expect(pickLanguage(available, { acceptLanguage: "de-DE,fr-CA;q=0.8", fallback: "en" })).toBe("fr");
    expect(pickLanguage(available, { acceptLanguage: "de", fallback: "en" })).toBe("en");
  });

  it("ignores unknown or malformed codes", () => {
    expect(pickLanguage(available, { cookie: "xx", acceptLanguage: "<script>;q=x", fallback: "es" })).toBe("es");
    expect(parseAcceptLanguage("en;q=0, es")).toEqual(["es"]);
  });
});
