import { z } from "zod";

/**
 * Zod schemas of the TMDB v3 answers the importer reads: only the fields we
 * use, nullable where TMDB leaves them empty (decision 019). An answer that
 * does not match is refused as a whole (TmdbError "malformed"), so nothing is
 * written from it. Unknown fields are ignored (zod's default strip).
 */

/** TMDB sends "" for unknown dates. */
const date = z
  .string()
  .nullish()
  .transform((value) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null));
const text = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));
const path = z
  .string()
  .nullish()
  .transform((value) => (value?.startsWith("/") ? value : null));
const count = z.number().int().nonnegative().nullish();

export const genreSchema = z.object({ id: z.number().int(), name: z.string().min(1) });

export const castSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  gender: z.number().int().nullish(),
  known_for_department: text,
  profile_path: path,
  popularity: z.number().nullish(),
  character: text,
  order: z.number().int().nullish(),
});
export type TmdbCast = z.infer<typeof castSchema>;

export const crewSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  gender: z.number().int().nullish(),
  known_for_department: text,
  profile_path: path,
  popularity: z.number().nullish(),
  department: z.string().min(1),
  job: z.string().min(1),
});
export type TmdbCrew = z.infer<typeof crewSchema>;

const creditsSchema = z.object({ cast: z.array(castSchema).default([]), crew: z.array(crewSchema).default([]) });

export const imageSchema = z.object({
  file_path: z.string().startsWith("/"),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  iso_639_1: z.string().nullish(),
  vote_average: z.number().nullish(),
});
export type TmdbImage = z.infer<typeof imageSchema>;

export const videoSchema = z.object({
  key: z.string().min(1),
  site: z.string(),
  type: z.string(),
  name: z.string(),
  iso_639_1: z.string().nullish(),
  official: z.boolean().nullish(),
  published_at: z.string().nullish(),
});
export type TmdbVideo = z.infer<typeof videoSchema>;

const providerSchema = z.object({
  provider_id: z.number().int(),
  provider_name: z.string().min(1),
  logo_path: path,
  display_priority: z.number().int().nullish(),
});

export const regionProvidersSchema = z.object({
  link: z.string().nullish(),
  flatrate: z.array(providerSchema).optional(),
  free: z.array(providerSchema).optional(),
  ads: z.array(providerSchema).optional(),
  rent: z.array(providerSchema).optional(),
  buy: z.array(providerSchema).optional(),
});
export type TmdbRegionProviders = z.infer<typeof regionProvidersSchema>;

const watchProvidersSchema = z.object({ results: z.record(z.string(), regionProvidersSchema).default({}) });
const keywordSchema = z.object({ id: z.number().int(), name: z.string().min(1) });
const imagesSchema = z.object({
  posters: z.array(imageSchema).default([]),
  backdrops: z.array(imageSchema).default([]),
});
const externalIdsSchema = z.object({ imdb_id: text });

const common = {
  id: z.number().int().positive(),
  overview: text,
  tagline: text,
  poster_path: path,
  backdrop_path: path,
  genres: z.array(genreSchema).default([]),
  original_language: text,
  popularity: z.number().nullish(),
  vote_average: z.number().nullish(),
  vote_count: count,
  homepage: text,
  status: text,
  credits: creditsSchema.optional(),
  images: imagesSchema.optional(),
  videos: z.object({ results: z.array(videoSchema).default([]) }).optional(),
  external_ids: externalIdsSchema.optional(),
  "watch/providers": watchProvidersSchema.optional(),
};

/** An alternative title (movies: `titles`, series: `results`). */
const alternativeTitleSchema = z.object({ iso_3166_1: z.string().nullish(), title: z.string().nullish() });
/** A translation's title (movies: data.title, series: data.name). */
const translationSchema = z.object({
  iso_3166_1: z.string().nullish(),
  iso_639_1: z.string().nullish(),
  data: z.object({ title: z.string().nullish(), name: z.string().nullish() }).partial().nullish(),
});

export const movieSchema = z.object({
  ...common,
  title: z.string().min(1),
  original_title: text,
  release_date: date,
  runtime: z.number().int().nonnegative().nullish(),
  budget: count,
  revenue: count,
  imdb_id: text,
  production_countries: z.array(z.object({ iso_3166_1: z.string() })).default([]),
  release_dates: z
    .object({
      results: z.array(
        z.object({
          iso_3166_1: z.string(),
          release_dates: z.array(z.object({ certification: z.string().nullish(), type: z.number().int().nullish() })),
        }),
      ),
    })
    .optional(),
  keywords: z.object({ keywords: z.array(keywordSchema).default([]) }).optional(),
  // Other names (decision 032): searchable and shown as "also known as".
  alternative_titles: z.object({ titles: z.array(alternativeTitleSchema).default([]) }).optional(),
  translations: z.object({ translations: z.array(translationSchema).default([]) }).optional(),
});
export type TmdbMovie = z.infer<typeof movieSchema>;

export const seasonSummarySchema = z.object({
  season_number: z.number().int().nonnegative(),
  name: z.string(),
  overview: text,
  air_date: date,
  poster_path: path,
  episode_count: count,
});

export const seriesSchema = z.object({
  ...common,
  name: z.string().min(1),
  original_name: text,
  first_air_date: date,
  last_air_date: date,
  in_production: z.boolean().nullish(),
  episode_run_time: z.array(z.number().int()).default([]),
  origin_country: z.array(z.string()).default([]),
  created_by: z.array(z.object({ id: z.number().int(), name: z.string().min(1), gender: z.number().int().nullish(), profile_path: path })).default([]),
  seasons: z.array(seasonSummarySchema).default([]),
  content_ratings: z.object({ results: z.array(z.object({ iso_3166_1: z.string(), rating: z.string().nullish() })) }).optional(),
  keywords: z.object({ results: z.array(keywordSchema).default([]) }).optional(),
  alternative_titles: z.object({ results: z.array(alternativeTitleSchema).default([]) }).optional(),
  translations: z.object({ translations: z.array(translationSchema).default([]) }).optional(),
});
export type TmdbSeries = z.infer<typeof seriesSchema>;

export const episodeSchema = z.object({
  episode_number: z.number().int().nonnegative(),
  season_number: z.number().int().nonnegative(),
  name: z.string(),
  overview: text,
  air_date: date,
  runtime: z.number().int().nonnegative().nullish(),
  still_path: path,
  vote_average: z.number().nullish(),
  vote_count: count,
  crew: z.array(crewSchema).default([]),
  guest_stars: z.array(castSchema).default([]),
});

export const seasonSchema = z.object({
  season_number: z.number().int().nonnegative(),
  name: z.string(),
  overview: text,
  air_date: date,
  poster_path: path,
  episodes: z.array(episodeSchema).default([]),
});
export type TmdbSeason = z.infer<typeof seasonSchema>;

export const combinedCreditSchema = z.object({
  id: z.number().int(),
  media_type: z.enum(["movie", "tv"]),
  title: z.string().nullish(),
  name: z.string().nullish(),
  character: text,
  department: z.string().nullish(),
  job: z.string().nullish(),
  popularity: z.number().nullish(),
  episode_count: count,
});

export const personSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  biography: text,
  birthday: date,
  deathday: date,
  place_of_birth: text,
  gender: z.number().int().nullish(),
  known_for_department: text,
  profile_path: path,
  popularity: z.number().nullish(),
  homepage: text,
  imdb_id: text,
  combined_credits: z.object({ cast: z.array(combinedCreditSchema).default([]), crew: z.array(combinedCreditSchema).default([]) }).optional(),
  images: z.object({ profiles: z.array(imageSchema).default([]) }).optional(),
});
export type TmdbPerson = z.infer<typeof personSchema>;

/** A search or discover result (movie, tv or person; `media_type` only on search/multi). */
export const listItemSchema = z.object({
  id: z.number().int().positive(),
  media_type: z.string().optional(),
  title: z.string().nullish(),
  name: z.string().nullish(),
  release_date: date,
  first_air_date: date,
  poster_path: path,
  profile_path: path,
  overview: text,
  popularity: z.number().nullish(),
  vote_average: z.number().nullish(),
});

export const pageSchema = z.object({
  page: z.number().int().positive(),
  total_pages: z.number().int().nonnegative(),
  total_results: z.number().int().nonnegative(),
  results: z.array(listItemSchema),
});
export type TmdbPage = z.infer<typeof pageSchema>;

/** TMDB's error body: `{ success: false, status_code, status_message }`. */
export const errorBodySchema = z.object({ status_code: z.number().int(), status_message: z.string().optional() });
