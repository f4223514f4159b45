import { describe, expect, it } from "vitest";
import { parseTmdbRef, tmdbImageUrl } from "./refs";

describe("parseTmdbRef", () => {
  it("reads themoviedb.org addresses with their own type, language part, slug and query", () => {
    expect(parseTmdbRef("https://www.themoviedb.org/movie/603-the-matrix")).toEqual({ type: "movie", id: 603 });
    expect(parseTmdbRef("https://www.themoviedb.org/tv/1399?language=de-DE", "movie")).toEqual({ type: "tv", id: 1399 });
    expect(parseTmdbRef("themoviedb.org/de-DE/person/287-name")).toEqual({ type: "person", id: 287 });
    expect(parseTmdbRef("https://www.themoviedb.org/tv/1399/season/2")).toEqual({ type: "tv", id: 1399 });
  });

  it("reads a bare id only with a type, and refuses anything else", () => {
    expect(parseTmdbRef(" 550 ", "movie")).toEqual({ type: "movie", id: 550 });
    expect(parseTmdbRef("550")).toBeNull();
    expect(parseTmdbRef("0", "movie")).toBeNull();
    expect(parseTmdbRef("https://example.com/movie/550", "movie")).toBeNull();
    expect(parseTmdbRef("abc", "movie")).toBeNull();
  });
});

it("builds image URLs from the configured base, size and path", () => {
  expect(tmdbImageUrl("http://127.0.0.1:9/t/p", "w500", "/a.jpg")).toBe("http://127.0.0.1:9/t/p/w500/a.jpg");
  expect(tmdbImageUrl("https://image.tmdb.org/t/p", "w185", null)).toBeNull();
});
