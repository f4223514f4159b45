/**
 * TMDB's genre names, for generated data (the scale seed) and the UI kit's
 * demo selects. Real titles carry the genres their own data names; the
 * honest-data test keeps its own list on purpose.
 */
export const GENRE_NAMES = [
  "Action",
  "Adventure",
  "Animation",
  "Comedy",
  "Crime",
  "Documentary",
  "Drama",
  "Family",
  "Fantasy",
  "History",
  "Horror",
  "Music",
  "Musical",
  "Mystery",
  "Romance",
  "Science Fiction",
  "Thriller",
  "War",
  "Western",
];
