import { z } from "zod";
import { cappedPaginationSchema, defineEndpoint, errorResponses, idParam } from "~/api/contract";
import { optionalWholeNumber, paginationQuery, perPageOf, relationList } from "~/api/query";
import { API_DEFAULT_PER_PAGE, API_MAX_PAGE, API_MAX_PER_PAGE } from "~/constants";
import { DIRECTIONS, MAX_BROWSE_PAGE, PERSON_ORDERS, TITLE_ORDERS } from "./browse";
import { CERTIFICATIONS, MAX_YEAR, MIN_YEAR } from "./browse-options";
import { GENDERS, TITLE_TYPES, VIDEO_CATEGORIES, VIDEO_SOURCES } from "./tables";

/**
 * Read access to the catalogue over api/v1: titles with their seasons,
 * episodes, credits and videos; people; search; genres. Field names follow
 * the API's snake_case. Everything needs titles.view (guests have it by default).
 */

const generatedFields = z.array(z.string()).describe("Fields whose content was generated for the demo catalogue (not facts).");

export const titleSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(TITLE_TYPES),
  name: z.string(),
  slug: z.string(),
  year: z.number().int().nullable(),
  poster: z.string().nullable(),
  rating: z.number().nullable().describe("This site's own rating, 0-10."),
  external_rating: z.number().nullable().describe("IMDb rating, 0-10."),
  url: z.string().describe("The title's page on this site."),
});

export const genreSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const creditSchema = z.object({
  id: z.number().int(),
  person: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), profile: z.string().nullable() }),
  character: z.string().nullable(),
  department: z.string(),
  job: z.string(),
  position: z.number().int(),
  generated: z.boolean().describe("The credit was generated for the demo catalogue."),
});

export const videoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(VIDEO_CATEGORIES),
  source: z.enum(VIDEO_SOURCES),
  src: z.string().describe("A file URL (r2, external) or the YouTube/Vimeo video id."),
  mime: z.string().nullable(),
  quality: z.string().nullable(),
  duration: z.number().int().nullable().describe("Seconds."),
  thumbnail: z.string().nullable(),
  url: z.string().describe("The watch page."),
});

export const imageSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const seasonSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  plot: z.string().nullable(),
  air_date: z.string().nullable(),
  poster: z.string().nullable(),
  episode_count: z.number().int(),
  generated_fields: generatedFields,
});

export const episodeSchema = z.object({
  id: z.number().int(),
  season_number: z.number().int(),
  episode_number: z.number().int(),
  name: z.string(),
  plot: z.string().nullable(),
  air_date: z.string().nullable(),
  runtime: z.number().int().nullable(),
  still: z.string().nullable(),
  rating: z.number().nullable(),
  vote_count: z.number().int(),
  generated_fields: generatedFields,
});

export const TITLE_RELATIONS = ["genres", "seasons", "credits", "videos", "images", "keywords"] as const;
export const TITLE_COUNTS = ["seasons", "episodes", "credits", "videos"] as const;

export const titleSchema = titleSummarySchema.extend({
  original_name: z.string().nullable(),
  release_date: z.string().nullable(),
  end_year: z.number().int().nullable(),
  runtime: z.number().int().nullable().describe("Minutes."),
  tagline: z.string().nullable(),
  plot: z.string().nullable(),
  certification: z.string().nullable(),
  language: z.string().nullable(),
  countries: z.array(z.string()),
  budget: z.number().int().nullable(),
  revenue: z.number().int().nullable(),
  popularity: z.number(),
  vote_count: z.number().int(),
  external_votes: z.number().int().nullable(),
  rotten_tomatoes: z.number().int().nullable(),
  backdrop: z.string().nullable(),
  season_count: z.number().int(),
  episode_count: z.number().int(),
  generated_fields: generatedFields,
  updated_at: z.string(),
  genres: z.array(genreSchema).optional(),
  seasons: z.array(seasonSchema).optional(),
  credits: z.object({ cast: z.array(creditSchema), crew: z.array(creditSchema) }).optional(),
  videos: z.array(videoSchema).optional(),
  images: z.array(imageSchema).optional(),
  keywords: z.array(z.object({ name: z.string(), slug: z.string() })).optional(),
  seasons_count: z.number().int().optional(),
  episodes_count: z.number().int().optional(),
  credits_count: z.number().int().optional(),
  videos_count: z.number().int().optional(),
});

export const personSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  profile: z.string().nullable(),
  known_for: z.string().nullable(),
  url: z.string(),
});

export const PERSON_RELATIONS = ["credits", "knownFor"] as const;

export const personSchema = personSummarySchema.extend({
  biography: z.string().nullable(),
  birth_date: z.string().nullable(),
  death_date: z.string().nullable(),
  birth_place: z.string().nullable(),
  gender: z.enum(GENDERS),
  popularity: z.number(),
  generated_fields: generatedFields,
  credits: z
    .array(
      z.object({
        department: z.string(),
        total: z.number().int(),
        credits: z.array(
          z.object({
            title: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), type: z.enum(TITLE_TYPES), year: z.number().int().nullable() }),
            roles: z.array(z.string()),
            episode_count: z.number().int(),
            generated: z.boolean(),
          }),
        ),
      }),
    )
    .optional()
    .describe("Filmography by department, newest first (at most 50 per department; `total` counts them all)."),
  known_for_titles: z.array(titleSummarySchema).optional(),
});

const titleParams = idParam("id", "Title id.");
const seasonParams = titleParams.extend({
  season: z
    .string()
    .regex(/^\d{1,4}$/)
    .describe("Season number (0 holds specials)."),
});
const episodeParams = seasonParams.extend({
  episode: z
    .string()
    .regex(/^\d{1,4}$/)
    .describe("Episode number."),
});

const readErrors = () => errorResponses(401, 403, 404, 422, 429);

export const listTitles = defineEndpoint({
  method: "get",
  path: "/titles",
  operationId: "listTitles",
  summary: "List titles",
  description: `Browse the catalogue with filters and a sort, paginated (no text filter: to find titles by name, use \`GET /api/v1/search?query=…&types=movie,series\`; a \`query\` parameter here is answered with 422, not ignored). The count stops at the deepest page's worth (${MAX_BROWSE_PAGE} pages) and, with a genre, after a fixed number of the genre's titles: \`pagination.total_is_lower_bound\` says when \`total\` is only a lower bound.`,
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  query: z
    .object({
      type: z.enum(TITLE_TYPES).optional().describe("movie or series."),
      genre: z
        .string()
        .regex(/^[a-z0-9-]{1,80}$/, "Use a genre slug, e.g. science-fiction.")
        .optional()
        .describe("Genre slug."),
      year_from: optionalWholeNumber("year_from", MIN_YEAR, MAX_YEAR),
      year_to: optionalWholeNumber("year_to", MIN_YEAR, MAX_YEAR),
      rating: z.coerce.number({ message: "The rating must be a number from 0 to 10." }).min(0).max(10).optional().describe("Lowest IMDb rating."),
      certification: z.enum(CERTIFICATIONS).optional(),
      order: z.enum(TITLE_ORDERS).default("popularity"),
      dir: z.enum(DIRECTIONS).optional().describe("Default: names A-Z, everything else highest or newest first."),
      // A caller who sends a text query here must not get the popular list back as if it matched (decision 032).
      query: z
        .string()
        .optional()
        .refine((v) => v === undefined, "This list has no text filter: search titles by name with GET /api/v1/search?query=…&types=movie,series.")
        .describe("Not accepted: text search is GET /api/v1/search?query=…"),
    })
    .extend(paginationQuery({ perPage: API_DEFAULT_PER_PAGE, maxPerPage: API_MAX_PER_PAGE, maxPage: API_MAX_PAGE }).shape),
  responses: { 200: { description: "A page of titles.", schema: cappedPaginationSchema(titleSummarySchema) }, ...readErrors() },
});

export const getTitle = defineEndpoint({
  method: "get",
  path: "/titles/{id}",
  operationId: "getTitle",
  summary: "Get a title",
  description: "One title; `with` adds relations (cast and crew, seasons, videos...), `loadCount` adds counts.",
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  params: titleParams,
  query: z.object({ with: relationList(TITLE_RELATIONS), load: relationList(TITLE_RELATIONS), loadCount: relationList(TITLE_COUNTS) }),
  responses: { 200: { description: "The title.", schema: z.object({ title: titleSchema }) }, ...readErrors() },
});

export const listSeasons = defineEndpoint({
  method: "get",
  path: "/titles/{id}/seasons",
  operationId: "listSeasons",
  summary: "List a series' seasons",
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  params: titleParams,
  responses: { 200: { description: "Seasons in order.", schema: z.object({ seasons: z.array(seasonSchema) }) }, ...readErrors() },
});

export const getSeason = defineEndpoint({
  method: "get",
  path: "/titles/{id}/seasons/{season}",
  operationId: "getSeason",
  summary: "Get a season with its episodes",
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  params: seasonParams,
  responses: {
    200: { description: "The season.", schema: z.object({ season: seasonSchema.extend({ episodes: z.array(episodeSchema) }) }) },
    ...readErrors(),
  },
});

const episodeNeighbour = z.object({ season_number: z.number().int(), episode_number: z.number().int(), name: z.string() }).nullable();

export const getEpisode = defineEndpoint({
  method: "get",
  path: "/titles/{id}/seasons/{season}/episodes/{episode}",
  operationId: "getEpisode",
  summary: "Get an episode with its credits and videos",
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  params: episodeParams,
  responses: {
    200: {
      description: "The episode, with the previous and next episodes of the series.",
      schema: z.object({
        episode: episodeSchema.extend({
          credits: z.object({ cast: z.array(creditSchema), crew: z.array(creditSchema) }),
          videos: z.array(
            z.object({ id: z.number().int(), name: z.string(), category: z.enum(VIDEO_CATEGORIES), thumbnail: z.string().nullable(), duration: z.number().int().nullable(), url: z.string() }),
          ),
        }),
        previous: episodeNeighbour,
        next: episodeNeighbour,
      }),
    },
    ...readErrors(),
  },
});

export const listTitleCredits = defineEndpoint({
  method: "get",
  path: "/titles/{id}/credits",
  operationId: "listTitleCredits",
  summary: "Full cast and crew of a title",
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  params: titleParams,
  responses: {
    200: { description: "Cast in billing order; crew by department.", schema: z.object({ cast: z.array(creditSchema), crew: z.array(creditSchema) }) },
    ...readErrors(),
  },
});

export const listTitleVideos = defineEndpoint({
  method: "get",
  path: "/titles/{id}/videos",
  operationId: "listTitleVideos",
  summary: "Videos of a title",
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  params: titleParams,
  responses: { 200: { description: "Trailers, clips and other videos in order.", schema: z.object({ videos: z.array(videoSchema) }) }, ...readErrors() },
});

export const listPeople = defineEndpoint({
  method: "get",
  path: "/people",
  operationId: "listPeople",
  summary: "List people",
  description: `Browse people by known-for department and gender, paginated. The count stops at the deepest page's worth (${MAX_BROWSE_PAGE} pages): \`pagination.total_is_lower_bound\` says when \`total\` is only a lower bound.`,
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  query: z
    .object({
      department: z.string().max(40).optional().describe("Known-for department, e.g. Acting, Directing."),
      gender: z.enum(["female", "male", "nonbinary"]).optional(),
      order: z.enum(PERSON_ORDERS).default("popularity"),
      dir: z.enum(DIRECTIONS).optional(),
    })
    .extend(paginationQuery({ perPage: API_DEFAULT_PER_PAGE, maxPerPage: API_MAX_PER_PAGE, maxPage: API_MAX_PAGE }).shape),
  responses: { 200: { description: "A page of people.", schema: cappedPaginationSchema(personSummarySchema) }, ...readErrors() },
});

export const getPerson = defineEndpoint({
  method: "get",
  path: "/people/{id}",
  operationId: "getPerson",
  summary: "Get a person",
  description: "`with=credits` adds the filmography by department, `with=knownFor` their best-known titles.",
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  params: idParam("id", "Person id."),
  query: z.object({ with: relationList(PERSON_RELATIONS), load: relationList(PERSON_RELATIONS) }),
  responses: { 200: { description: "The person.", schema: z.object({ person: personSchema }) }, ...readErrors() },
});

export const SEARCH_TYPES = ["movie", "series", "person"] as const;
/** searchCatalogue pages at most this deep. */
const SEARCH_MAX_OFFSET = 1000;

export const searchCatalogueEndpoint = defineEndpoint({
  method: "get",
  path: "/search",
  operationId: "searchCatalogue",
  summary: "Search titles and people",
  description:
    "Forgiving search (typos, words in any order, missing or extra words, split and joined words, numerals, diacritics, original and alternative titles), best matches first: exact names, then names starting with the query, then fewer typos, then the most popular. `did_you_mean` spells the query as the best match does when the query as typed found nothing without forgiving it.",
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  query: z
    .object({
      // Longer queries are accepted and read up to their first 200 characters.
      query: z.string({ message: "Type something to search for." }).trim().min(1, "Type something to search for.").max(20_000, "Queries are read up to 200 characters; this one is far longer."),
      types: relationList(SEARCH_TYPES),
      page: z.coerce.number().int().min(1).max(50).default(1),
      per_page: z.coerce.number().int().min(1).max(50).default(20),
      perPage: z.coerce.number().int().min(1).max(50).optional().meta({ deprecated: true }).describe("Deprecated: use per_page (accepted until the next release; when sent, it is used)."),
    })
    .refine((q) => q.page * perPageOf(q) <= SEARCH_MAX_OFFSET + perPageOf(q), { message: "Search results go at most 1000 deep.", path: ["page"] }),
  responses: {
    200: {
      description: "Matching titles and people.",
      schema: z.object({
        query: z.string(),
        titles: z.array(
          titleSummarySchema.omit({ rating: true, external_rating: true }).extend({
            also_known_as: z.string().nullable().describe("The other name of the title the query matched (original or alternative title), when it was not the name."),
          }),
        ),
        people: z.array(personSummarySchema),
        more_titles: z.boolean(),
        more_people: z.boolean(),
        did_you_mean: z.string().nullable().describe("The query spelled as the best match spells it, or null."),
      }),
    },
    ...readErrors(),
  },
});

export const listGenres = defineEndpoint({
  method: "get",
  path: "/genres",
  operationId: "listGenres",
  summary: "List genres",
  tag: "Catalogue",
  access: "public",
  permission: "titles.view",
  query: z.object({ loadCount: relationList(["titles"] as const) }),
  responses: {
    200: { description: "Every genre, by name.", schema: z.object({ genres: z.array(genreSchema.extend({ titles_count: z.number().int().optional() })) }) },
    ...readErrors(),
  },
});

export const catalogueEndpoints = [listTitles, getTitle, listSeasons, getSeason, getEpisode, listTitleCredits, listTitleVideos, listPeople, getPerson, searchCatalogueEndpoint, listGenres];
