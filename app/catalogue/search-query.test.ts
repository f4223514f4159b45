import { describe, expect, it } from "vitest";
import { buildMatchExpression, buildStartsWithExpression, normalizedQuery, searchTokens } from "./search-query";
import { mediaKeyFromPath, mediaUrl } from "./media";

describe("buildMatchExpression", () => {
  it("quotes every word and adds a prefix star", () => {
    expect(buildMatchExpression("star wars")).toBe('"star"* "wars"*');
    expect(buildMatchExpression("Amélie")).toBe('"amélie"*');
  });

  it("turns FTS syntax into plain words or drops it", () => {
    expect(buildMatchExpression('"unbalanced')).toBe('"unbalanced"*');
    expect(buildMatchExpression("matrix*")).toBe('"matrix"*');
    expect(buildMatchExpression("NEAR(a b)")).toBe('"near"* "a"* "b"*');
    expect(buildMatchExpression("x OR y AND NOT z")).toBe('"x"* "or"* "y"* "and"* "not"* "z"*');
    expect(buildMatchExpression("name:^matrix -reloaded")).toBe('"name"* "matrix"* "reloaded"*');
    expect(buildMatchExpression("((()))")).toBeNull();
    expect(buildMatchExpression("")).toBeNull();
    expect(buildMatchExpression(undefined)).toBeNull();
  });

  it("bounds the number and length of words", () => {
    expect(searchTokens("a b c d e f g h i j k")).toHaveLength(8);
    expect(searchTokens("x".repeat(100))[0]).toHaveLength(40);
    expect(searchTokens("the the THE")).toEqual(["the"]);
    expect(normalizedQuery("  Star   WARS! ")).toBe("star wars");
  });

  it("builds a starts-with phrase on the name column", () => {
    expect(buildStartsWithExpression("Star Wa")).toBe('name : ^ "star wa"*');
    expect(buildStartsWithExpression('"(NEAR')).toBe('name : ^ "near"*');
    expect(buildStartsWithExpression("!!")).toBeNull();
  });
});

describe("media keys", () => {
  it("maps /media paths to keys under catalogue/ and back", () => {
    expect(mediaKeyFromPath("videos/sample.mp4")).toBe("catalogue/videos/sample.mp4");
    expect(mediaUrl("catalogue/videos/my film.mp4")).toBe("/media/videos/my%20film.mp4");
  });

  it("refuses implausible keys", () => {
    for (const bad of [undefined, "", "../x", "a/../b", "a//b", "a/./b", "/abs", "a\\b", "a\u0000b", "x".repeat(1000)]) {
      expect(mediaKeyFromPath(bad), String(bad)).toBeNull();
    }
  });
});
