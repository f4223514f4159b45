import { describe, expect, it } from "vitest";
import { personPath, slugify, titlePath } from "./slug";

describe("slugify", () => {
  it("lowercases and joins words with hyphens", () => {
    expect(slugify("The Matrix Reloaded")).toBe("the-matrix-reloaded");
    expect(slugify("  Star   Wars  ")).toBe("star-wars");
    expect(slugify("2001: A Space Odyssey")).toBe("2001-a-space-odyssey");
  });

  it("transliterates accented and special letters", () => {
    expect(slugify("Amélie")).toBe("amelie");
    expect(slugify("Crouching Tiger, Hidden Dragon – Wò Hǔ Cáng Lóng")).toBe("crouching-tiger-hidden-dragon-wo-hu-cang-long");
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("Ærø Øst")).toBe("aero-ost");
    expect(slugify("Łódź")).toBe("lodz");
    expect(slugify("Битва за Севастополь")).toBe("bitva-za-sevastopol");
    expect(slugify("Ζορμπάς")).toBe("zormpas");
  });

  it("removes punctuation instead of splitting on it", () => {
    expect(slugify("Don't Look Up")).toBe("dont-look-up");
    expect(slugify("Who's Afraid of Virginia Woolf?")).toBe("whos-afraid-of-virginia-woolf");
    expect(slugify("E.T. the Extra-Terrestrial")).toBe("et-the-extra-terrestrial");
    expect(slugify('"Crocodile" Dundee (1986)')).toBe("crocodile-dundee-1986");
    expect(slugify("Fast & Furious 6")).toBe("fast-and-furious-6");
  });

  it("falls back to the original letters with hyphens for spaces", () => {
    expect(slugify("千と千尋の神隠し")).toBe("千と千尋の神隠し");
    expect(slugify("기생충 2")).toBe("2"); // Latin digits survive transliteration
    expect(slugify("올드 보이")).toBe("올드-보이");
  });

  it("is never empty and never too long", () => {
    expect(slugify("")).toBe("untitled");
    expect(slugify("!!! ???")).toBe("untitled");
    expect(slugify("🎬", "person")).toBe("person");
    const long = slugify("word ".repeat(50));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith("-")).toBe(false);
  });

  it("builds canonical paths", () => {
    expect(titlePath({ id: 12, slug: "the-matrix" })).toBe("/titles/12/the-matrix");
    expect(personPath({ id: 3, slug: "올드-보이" })).toBe("/people/3/%EC%98%AC%EB%93%9C-%EB%B3%B4%EC%9D%B4");
  });
});
