import { describe, expect, it } from "vitest";
import { choicesOf, parseAcceptLanguage, pickLanguage, pluralCategoriesOf, pluralCategory, pluralLineProblem, translate } from "./translate";

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

describe("plural forms by the language's CLDR rules", () => {
  const key = ":count [one star|other stars]";
  const fr = { [key]: ":count [one étoile|many d’étoiles|other étoiles]" };
  const es = { [key]: ":count [one estrella|other estrellas]" };

  it("French 0 and 1 take the singular, 2 the plural", () => {
    expect(translate(fr, key, { count: 0 }, "fr")).toBe("0 étoile");
    expect(translate(fr, key, { count: 1 }, "fr")).toBe("1 étoile");
    expect(translate(fr, key, { count: 2 }, "fr")).toBe("2 étoiles");
    expect(translate(fr, key, { count: 1_000_000 }, "fr")).toBe("1000000 d’étoiles");
  });

  it("Spanish and English 0 take the plural", () => {
    expect(translate(es, key, { count: 0 }, "es")).toBe("0 estrellas");
    expect(translate(es, key, { count: 1 }, "es")).toBe("1 estrella");
    expect(translate({}, key, { count: 0 })).toBe("0 stars");
    expect(translate({}, key, { count: 1 })).toBe("1 star");
  });

  it("a language with more forms (an admin-added Polish) picks few and many", () => {
    const pl = { [key]: ":count [one gwiazdka|few gwiazdki|many gwiazdek|other gwiazdki]" };
    expect(translate(pl, key, { count: 1 }, "pl")).toBe("1 gwiazdka");
    expect(translate(pl, key, { count: 3 }, "pl")).toBe("3 gwiazdki");
    expect(translate(pl, key, { count: 5 }, "pl")).toBe("5 gwiazdek");
    expect(translate(pl, key, { count: 22 }, "pl")).toBe("22 gwiazdki");
  });

  it("falls back to other when the line lacks the form, and to English rules for an unknown code", () => {
    const ar = { [key]: ":count [one نجمة|other نجوم]" };
    expect(pluralCategory("ar", 2)).toBe("two");
    expect(translate(ar, key, { count: 2 }, "ar")).toBe("2 نجوم");
    expect(pluralCategory("not a language!", 1)).toBe("one");
  });

  it("lists a line's choices with their forms", () => {
    expect(choicesOf("[one a|few b|other c] and [one d|other e]")).toEqual([
      { one: "a", few: "b", other: "c" },
      { one: "d", other: "e" },
    ]);
  });
});

describe("plural lines in the localization editor", () => {
  it("names the forms each language needs", () => {
    expect(pluralCategoriesOf("fr")).toEqual(["one", "many", "other"]);
    expect(pluralCategoriesOf("pl")).toEqual(["one", "few", "many", "other"]);
    expect(pluralCategoriesOf("ja")).toEqual(["other"]);
  });

  it("refuses a translation that drops a choice or its other form", () => {
    const key = ":count [one title|other titles]";
    expect(pluralLineProblem(key, ":count [one titre|other titres]")).toBeNull();
    expect(pluralLineProblem(key, ":count [one tytuł|few tytuły|many tytułów|other tytułu]")).toBeNull();
    expect(pluralLineProblem(key, "")).toBeNull();
    expect(pluralLineProblem(key, ":count titres")).not.toBeNull();
    expect(pluralLineProblem(key, ":count [one titre|many titres]")).not.toBeNull();
    expect(pluralLineProblem("Hello", "Bonjour")).toBeNull();
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
