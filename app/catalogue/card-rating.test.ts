import { describe, expect, it } from "vitest";
import { SITE_RATING_MIN_VOTES } from "~/constants";
import { cardRating, sortRatingSource } from "./card-rating";

describe("the rating a title card shows", () => {
  const film = { rating: 10, externalRating: 8.3, tmdbRating: 7.9 };

  it("shows the site's average only from the minimum number of votes", () => {
    expect(SITE_RATING_MIN_VOTES).toBe(10);
    expect(cardRating({ ...film, voteCount: 1 }, 10)).toEqual({ value: 8.3, source: "imdb" });
    expect(cardRating({ ...film, voteCount: 9 }, 10)).toEqual({ value: 8.3, source: "imdb" });
    expect(cardRating({ ...film, voteCount: 10 }, 10)).toEqual({ value: 10, source: "site" });
    expect(cardRating({ ...film, voteCount: 11 }, 10)).toEqual({ value: 10, source: "site" });
    expect(cardRating({ ...film, voteCount: 3 }, 3)).toEqual({ value: 10, source: "site" });
  });

  it("falls back from IMDb to TMDB, and shows nothing rather than a few votes' average", () => {
    expect(cardRating({ rating: 7, voteCount: 2, externalRating: null, tmdbRating: 6.4 }, 10)).toEqual({ value: 6.4, source: "tmdb" });
    expect(cardRating({ rating: 7, voteCount: 2, externalRating: null, tmdbRating: null }, 10)).toBeNull();
    expect(cardRating({ rating: null, externalRating: null }, 10)).toBeNull();
  });

  it("shows the sorted source on every card of a list sorted by it", () => {
    expect(cardRating({ ...film, voteCount: 500 }, 10, "imdb")).toEqual({ value: 8.3, source: "imdb" });
    expect(cardRating({ ...film, voteCount: 500 }, 10, "tmdb")).toEqual({ value: 7.9, source: "tmdb" });
    // A title without that source shows no other one in its place.
    expect(cardRating({ ...film, externalRating: null, voteCount: 500 }, 10, "imdb")).toBeNull();
    expect(sortRatingSource("rating-desc")).toBe("imdb");
    expect(sortRatingSource("rating-asc")).toBe("imdb");
    expect(sortRatingSource("tmdb_rating-desc")).toBe("tmdb");
    expect(sortRatingSource("popularity-desc")).toBeNull();
    expect(sortRatingSource(undefined)).toBeNull();
  });
});
