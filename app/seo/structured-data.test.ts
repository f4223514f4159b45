import { describe, expect, it } from "vitest";
import type { TitlePage } from "~/catalogue/title-page.server";
import { reviewsJsonLd } from "~/community/reviews.server";
import type { ReviewView } from "~/community/reviews.server";
import { titleJsonLd } from "./structured-data";

/**
 * Decision 025: JSON-LD `AggregateRating` and `Review` come only from this site's
 * own users. The IMDb rating a title carries is another site's and must
 * never be presented as ours, with or without site reviews.
 */

const origin = "https://reelbase.test";

function page(title: Partial<TitlePage["title"]>): TitlePage {
  return {
    title: {
      id: 7,
      type: "movie",
      name: "The Lantern Keeper",
      slug: "the-lantern-keeper",
      poster: null,
      certification: null,
      language: null,
      plot: null,
      originalName: null,
      releaseDate: null,
      runtime: null,
      rating: null,
      voteCount: 0,
      externalRating: 8.1,
      externalVotes: 120_000,
      generatedFields: [],
      ...title,
    },
    cast: [],
    keyCrew: [],
    videos: [],
    genres: [],
    keywords: [],
  } as unknown as TitlePage;
}

const review = {
  id: 3,
  headline: "A quiet lighthouse story",
  score: 9,
  createdAt: "2026-11-01T10:00:00.000Z",
  author: { id: 1, name: "Robin", avatar: null },
} as unknown as ReviewView;

describe("title JSON-LD ratings", () => {
  it("has no AggregateRating from the IMDb rating when the site has no ratings or reviews", () => {
    const base = titleJsonLd(page({}), origin);
    const data = reviewsJsonLd(base, { stats: { reviewCount: 0, average: null }, reviews: [] }, origin, { id: 7, slug: "the-lantern-keeper" });
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("review");
    expect(JSON.stringify(data)).not.toContain("8.1");
  });

  it("uses the site's own users' ratings when there are some", () => {
    const data = titleJsonLd(page({ rating: 6.5, voteCount: 4 }), origin);
    expect(data.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 6.5, bestRating: 10, worstRating: 1, ratingCount: 4 });
  });

  it("replaces it with the site's reviews when there are published reviews", () => {
    const base = titleJsonLd(page({ rating: 6.5, voteCount: 4 }), origin);
    const data = reviewsJsonLd(base, { stats: { reviewCount: 1, average: 9 }, reviews: [review] }, origin, { id: 7, slug: "the-lantern-keeper" });
    expect(data.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 9, bestRating: 10, worstRating: 1, reviewCount: 1 });
    expect(data.review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        name: "A quiet lighthouse story",
        url: `${origin}/titles/7/the-lantern-keeper/reviews/3`,
        reviewRating: expect.objectContaining({ ratingValue: 9 }),
      }),
    ]);
  });
});
