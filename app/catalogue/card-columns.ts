import { titles } from "./tables";

/**
 * The columns a title card shows (poster, name, year, ratings), without the
 * id: for a row whose own id comes first (a list item names the title's id
 * titleId). One selection for every card grid, so each of those statements
 * reads the same columns in the same order.
 */
export const titleCardFields = {
  type: titles.type,
  name: titles.name,
  slug: titles.slug,
  year: titles.year,
  poster: titles.poster,
  rating: titles.rating,
  voteCount: titles.voteCount,
  externalRating: titles.externalRating,
};

/** A title card's columns with the title's id. */
export const titleCardColumns = { id: titles.id, ...titleCardFields };
