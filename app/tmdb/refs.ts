/**
 * What an admin pastes to import something: a TMDB id ("603") or a
 * themoviedb.org address ("https://www.themoviedb.org/tv/1399-some-name",
 * with or without a language path, query or season part).
 */
export type TmdbMediaType = "movie" | "tv" | "person";
export const TMDB_MEDIA_TYPES = ["movie", "tv", "person"] as const;

export interface TmdbRef {
  type: TmdbMediaType;
  id: number;
}

const URL_PATTERN = /^(?:https?:\/\/)?(?:www\.)?themoviedb\.org\/(?:[a-z]{2}(?:-[A-Z]{2})?\/)?(movie|tv|person)\/(\d+)(?:[-/?#].*)?$/i;

/**
 * The TMDB item a text names, or null. A bare id needs `fallbackType`; a URL
 * carries its own type (and wins over the fallback).
 */
export function parseTmdbRef(input: string, fallbackType?: TmdbMediaType): TmdbRef | null {
  const text = input.trim();
  const url = URL_PATTERN.exec(text);
  if (url) {
    const id = Number(url[2]);
    return id > 0 && Number.isSafeInteger(id) ? { type: url[1].toLowerCase() as TmdbMediaType, id } : null;
  }
  if (/^\d{1,10}$/.test(text) && fallbackType) {
    const id = Number(text);
    return id > 0 ? { type: fallbackType, id } : null;
  }
  return null;
}

/** The item's page on themoviedb.org (external link). */
export function tmdbWebUrl(type: TmdbMediaType, id: number) {
  return `https://www.themoviedb.org/${type}/${id}`;
}

export function imdbWebUrl(imdbId: string) {
  return imdbId.startsWith("nm") ? `https://www.imdb.com/name/${imdbId}/` : `https://www.imdb.com/title/${imdbId}/`;
}

/**
 * TMDB image sizes per place (posters w342 on cards and w500 on the title
 * page, backdrops w1280, profiles w185, stills w300, logos w92).
 */
export const TMDB_IMAGE_SIZES = {
  poster: "w500",
  posterCard: "w342",
  backdrop: "w1280",
  profile: "w185",
  still: "w300",
  logo: "w92",
  original: "original",
} as const;
export type TmdbImageSize = (typeof TMDB_IMAGE_SIZES)[keyof typeof TMDB_IMAGE_SIZES];

/** `{image base}/{size}{path}`, e.g. https://image.tmdb.org/t/p/w500/abc.jpg; null without a path. */
export function tmdbImageUrl(base: string, size: TmdbImageSize, path: string | null | undefined): string | null {
  return path ? `${base}/${size}${path}` : null;
}
