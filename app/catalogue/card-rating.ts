/**
 * Which rating a title card shows (decision 029): this site's members'
 * average only once enough members voted (the `ratings.site_min_votes`
 * setting), otherwise IMDb's, otherwise TMDB's, always naming its source. A
 * list sorted by one source shows that source on every card, so the order
 * reads as sorted.
 */

export type RatingSource = "site" | "imdb" | "tmdb";

export interface CardRatings {
  /** The site's average and its number of votes. */
  rating: number | null;
  voteCount?: number | null;
  /** IMDb's rating. */
  externalRating: number | null;
  tmdbRating?: number | null;
}

export interface ChosenRating {
  value: number;
  source: RatingSource;
}

/** The rating to show, or null for none. `only` pins the source (a list sorted by it). */
export function cardRating(ratings: CardRatings, minVotes: number, only?: RatingSource | null): ChosenRating | null {
  const site = ratings.rating !== null && (ratings.voteCount ?? 0) >= minVotes ? ratings.rating : null;
  const values: Record<RatingSource, number | null> = { site, imdb: ratings.externalRating, tmdb: ratings.tmdbRating ?? null };
  const order: RatingSource[] = only ? [only] : ["site", "imdb", "tmdb"];
  for (const source of order) {
    const value = values[source];
    if (value !== null && value !== undefined) return { value, source };
  }
  return null;
}

/** The source a title list's sort names ("rating-desc" is IMDb's rating), or null for sorts by something else. */
export function sortRatingSource(sort: string | null | undefined): RatingSource | null {
  if (!sort) return null;
  if (/^tmdb_rating(-|$)/.test(sort)) return "tmdb";
  if (/^rating(-|$)/.test(sort)) return "imdb";
  return null;
}
