import { describe, expect, it } from "vitest";
import { allowedTypos, analyseQuery, deletionVariants, editDistance, ftsString, fold, numberForms, prefixDistance, words } from "./search-text";

describe("editDistance (Damerau–Levenshtein, optimal string alignment)", () => {
  it("counts a swapped pair of letters as one typo", () => {
    expect(editDistance("godfahter", "godfather")).toBe(1);
    expect(editDistance("godfathr", "godfather")).toBe(1);
    expect(editDistance("shawshenk", "shawshank")).toBe(1);
    expect(editDistance("cristopher", "christopher")).toBe(1);
    expect(editDistance("inglorious", "inglourious")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("stops early past the allowance", () => {
    expect(editDistance("abcdefgh", "zyxwvuts", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });

  it("measures the last word against the best prefix", () => {
    expect(prefixDistance("shawsh", "shawshank", 1)).toBe(0);
    expect(prefixDistance("shawsj", "shawshank", 1)).toBe(1);
    expect(prefixDistance("zzzzz", "shawshank", 1)).toBe(2);
  });
});

describe("thresholds and the typo index", () => {
  it("forgives one typo from five letters and two from nine", () => {
    expect([3, 4, 5, 8, 9, 12].map(allowedTypos)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it("keeps deletion variants of the first seven letters only", () => {
    expect(deletionVariants("dog", 0)).toEqual(["dog"]);
    // "shawsha" (the first seven letters) and each string with one of its letters deleted.
    expect(deletionVariants("shawshank", 1).sort()).toEqual(["shawsha", "hawsha", "sawsha", "shwsha", "shasha", "shawha", "shawsa", "shawsh"].sort());
    // A typo and its word share a variant.
    const typo = new Set(deletionVariants("shawshenk", 2));
    expect(deletionVariants("shawshank", 2).some((v) => typo.has(v))).toBe(true);
  });
});

describe("folding and words", () => {
  it("folds case and diacritics both ways and treats punctuation as a separator", () => {
    expect(fold("Amélie")).toBe("amelie");
    expect(words("Le Fabuleux destin d'Amélie Poulain")).toEqual(["le", "fabuleux", "destin", "d", "amelie", "poulain"]);
    expect(words("Mission: Impossible")).toEqual(["mission", "impossible"]);
    expect(words("WALL-E")).toEqual(["wall", "e"]);
    expect(words("Straße")).toEqual(["strasse"]);
  });

  it("drops lone surrogates", () => {
    expect(words("ab\uD800cd \uDC00x")).toEqual(["abcd", "x"]);
    expect(words("🎬")).toEqual([]);
  });

  it("knows numerals, number words and Roman numerals as one", () => {
    expect(numberForms("2")).toEqual(["two", "ii"]);
    expect(numberForms("twelve")).toEqual(["12", "xii"]);
    expect(numberForms("iii")).toEqual(["3", "three"]);
    expect(numberForms("x")).toEqual([]);
    expect(numberForms("matrix")).toEqual([]);
  });
});

describe("analyseQuery", () => {
  it("cuts letters from digits, marks articles and years optional and the last word a prefix", () => {
    const q = analyseQuery("the toy story3 1995");
    expect(q.slots.map((s) => s.word)).toEqual(["the", "toy", "story", "3", "1995"]);
    expect(q.slots.map((s) => s.optional)).toEqual([true, false, false, false, true]);
    expect(q.year).toBe(1995);
    expect(q.slots.at(-1)!.prefix).toBe(true);
    expect(analyseQuery("matrix ").slots[0].prefix).toBe(false);
  });

  it("is safe on any input", () => {
    for (const input of ["", "!!!", '"*"', "NEAR(a b)", "a".repeat(10_000), "\uD800\uDC00\uD800", null, 42, {}]) {
      const q = analyseQuery(input);
      expect(q.slots.length).toBeLessThanOrEqual(8);
      for (const slot of q.slots) expect(slot.word).toMatch(/^[\p{L}\p{N}]+$/u);
    }
    expect(analyseQuery("a".repeat(10_000)).slots[0].word.length).toBe(40);
  });

  it("quotes FTS strings that can hold nothing but letters, digits and spaces", () => {
    expect(ftsString('"; DROP *')).toBe('"drop"');
    expect(ftsString("wall e", true)).toBe('"wall e"*');
    expect(ftsString("***")).toBe("");
  });
});
