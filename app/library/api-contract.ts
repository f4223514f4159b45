import { z } from "zod";
import { defineEndpoint, errorResponses, idParam, messageSchema } from "~/api/contract";
import { LIBRARY_PAGE_SIZE, RATING_MAX, RATING_MIN } from "~/constants";
import { WATCHLIST_RELEASE, WATCHLIST_SORTS, watchedOnSchema } from "./rules";

/**
 * A member's library over api/v1 (decision 023): ratings, watchlist, watched
 * history, series progress, suggestions and public profiles. Titles and
 * episodes are named by id; ratings are whole numbers 1-10 (five stars with
 * halves on the site).
 */

const tag = "Library";
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });

const titleRef = z.object({ id: z.number().int(), type: z.enum(["movie", "series"]), name: z.string(), slug: z.string(), year: z.number().int().nullable(), poster: z.string().nullable() });
const episodeRef = z.object({ id: z.number().int(), season_number: z.number().int(), episode_number: z.number().int(), name: z.string() }).nullable();
const aggregate = z.object({ rating: z.number().nullable().describe("The site's average (0-10), null without votes."), vote_count: z.number().int() });
const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), page: z.number().int(), per_page: z.number().int(), has_more: z.boolean() });

export const ratingSchema = z.object({ title: titleRef, episode: episodeRef, rating: z.number().int().min(RATING_MIN).max(RATING_MAX), updated_at: z.string() }).meta({ title: "Rating" });

export const listRatingsEndpoint = defineEndpoint({
  method: "get",
  path: "/ratings",
  operationId: "listRatings",
  summary: "My ratings, newest first",
  description: `${LIBRARY_PAGE_SIZE} a page.`,
  tag,
  access: "user",
  query: pageQuery,
  responses: { 200: { description: "A page of ratings.", schema: page(ratingSchema) }, ...errorResponses(401, 403, 422, 429) },
});

export const rateBodySchema = z.object({
  title_id: id,
  episode_id: id.optional().describe("Rate one episode of the series instead of the series."),
  rating: z
    .number({ message: "Choose a rating from 1 to 10." })
    .int({ message: "Choose a rating from 1 to 10." })
    .min(RATING_MIN, { message: "Choose a rating from 1 to 10." })
    .max(RATING_MAX, { message: "Choose a rating from 1 to 10." })
    .describe("1-10, whole numbers (1 = half a star, 10 = five stars)."),
});

export const rateEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/ratings",
  operationId: "rate",
  summary: "Rate a title or an episode (or change my rating)",
  description: "One rating per member and title or episode: rating again replaces it. The site's average and vote count change in the same transaction.",
  tag,
  access: "user",
  permission: "ratings.create",
  body: rateBodySchema,
  responses: {
    200: {
      description: "My rating and the new site average.",
      schema: z.object({ rating: z.number().int(), title_id: z.number().int(), episode_id: z.number().int().nullable(), average: aggregate }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const removeRatingEndpoint = defineEndpoint({
  method: "delete",
  scope: "lists:write",
  path: "/ratings/{titleId}",
  operationId: "removeRating",
  summary: "Remove my rating of a title (or, with episode_id, of an episode)",
  tag,
  access: "user",
  permission: "ratings.create",
  params: idParam("titleId", "The title."),
  query: z.object({ episode_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }),
  responses: { 200: { description: "The site average after removal.", schema: z.object({ message: z.string(), average: aggregate }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

const watchlistItemSchema = titleRef
  .extend({ release_date: z.string().nullable(), rating: z.number().nullable(), external_rating: z.number().nullable(), added_at: z.string() })
  .meta({ title: "WatchlistItem" });

export const listWatchlistEndpoint = defineEndpoint({
  method: "get",
  path: "/watchlist",
  operationId: "listWatchlist",
  summary: "My watchlist",
  tag,
  access: "user",
  permission: "watchlist.use",
  query: pageQuery.extend({
    sort: z.enum(WATCHLIST_SORTS).default("added"),
    type: z.enum(["movie", "series"]).optional(),
    genre: z
      .string()
      .max(100)
      .regex(/^[a-z0-9-]+$/)
      .optional()
      .describe("A genre slug."),
    release: z.enum(WATCHLIST_RELEASE).optional(),
  }),
  responses: { 200: { description: "A page of my watchlist.", schema: page(watchlistItemSchema) }, ...errorResponses(401, 403, 422, 429) },
});

export const addToWatchlistEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/watchlist",
  operationId: "addToWatchlist",
  summary: "Add a title to my watchlist (adding twice keeps one)",
  tag,
  access: "user",
  permission: "watchlist.use",
  body: z.object({ title_id: id }),
  responses: { 200: { description: "Added.", schema: messageSchema.extend({ title_id: z.number().int(), in_watchlist: z.literal(true) }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const removeFromWatchlistEndpoint = defineEndpoint({
  method: "delete",
  scope: "lists:write",
  path: "/watchlist/{titleId}",
  operationId: "removeFromWatchlist",
  summary: "Remove a title from my watchlist",
  tag,
  access: "user",
  permission: "watchlist.use",
  params: idParam("titleId", "The title."),
  responses: { 200: { description: "Removed.", schema: messageSchema.extend({ title_id: z.number().int(), in_watchlist: z.literal(false) }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

const historyItemSchema = z.object({ id: z.number().int(), watched_on: z.string(), title: titleRef, episode: episodeRef }).meta({ title: "HistoryEntry" });

export const listHistoryEndpoint = defineEndpoint({
  method: "get",
  path: "/history",
  operationId: "listHistory",
  summary: "What I watched, newest first (each rewatch is an entry)",
  tag,
  access: "user",
  permission: "watchlist.use",
  query: pageQuery,
  responses: { 200: { description: "A page of my history.", schema: page(historyItemSchema) }, ...errorResponses(401, 403, 422, 429) },
});

export const markWatchedBodySchema = z.object({
  title_id: id,
  scope: z
    .enum(["item", "season", "series"])
    .default("item")
    .describe("item: the movie, or the episode given by season and episode; season: every aired episode of `season` not yet watched; series: every aired episode not yet watched."),
  season: z.number().int().min(0).max(1000).optional(),
  episode: z.number().int().min(0).max(100_000).optional(),
  watched_on: watchedOnSchema.optional().describe("YYYY-MM-DD, not in the future; today when left out."),
});

export const markWatchedEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/history",
  operationId: "markWatched",
  summary: "Mark a movie, an episode, a season or a series watched",
  tag,
  access: "user",
  permission: "watchlist.use",
  body: markWatchedBodySchema,
  responses: { 201: { description: "Recorded.", schema: messageSchema.extend({ title_id: z.number().int(), watched_on: z.string() }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const removeHistoryEntryEndpoint = defineEndpoint({
  method: "delete",
  scope: "lists:write",
  path: "/history/{id}",
  operationId: "removeHistoryEntry",
  summary: "Remove one entry of my history",
  tag,
  access: "user",
  permission: "watchlist.use",
  params: idParam("id", "The history entry."),
  responses: { 200: { description: "Removed.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const listProgressEndpoint = defineEndpoint({
  method: "get",
  path: "/progress",
  operationId: "listProgress",
  summary: "Series I started and have not finished, with the next episode",
  tag,
  access: "user",
  permission: "watchlist.use",
  query: pageQuery,
  responses: {
    200: {
      description: "A page of series in progress, most recently watched first.",
      schema: page(
        z.object({
          title: titleRef.omit({ type: true }),
          watched_episodes: z.number().int(),
          episode_count: z.number().int().nullable(),
          last_watched_on: z.string().nullable(),
          next: z.object({ season_number: z.number().int(), episode_number: z.number().int(), name: z.string() }).nullable(),
        }),
      ),
    },
    ...errorResponses(401, 403, 422, 429),
  },
});

const reasonSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("rated"), name: z.string(), rating: z.number().int() }),
  z.object({ kind: z.literal("watched"), name: z.string() }),
  z.object({ kind: z.literal("watchlist"), name: z.string() }),
]);

export const forYouEndpoint = defineEndpoint({
  method: "get",
  path: "/for-you",
  operationId: "forYou",
  summary: "Suggestions from my ratings, history and watchlist, each with its reason",
  description: "From the catalogue alone: titles sharing genres, keywords and key people with what I rated 7+ or watched or listed; nothing I watched or rated.",
  tag,
  access: "user",
  permission: "watchlist.use",
  responses: { 200: { description: "Suggestions, best first.", schema: z.object({ data: z.array(titleRef.extend({ reason: reasonSchema })) }) }, ...errorResponses(401, 403, 429) },
});

export const getProfileEndpoint = defineEndpoint({
  method: "get",
  path: "/profiles/{id}",
  operationId: "getProfile",
  summary: "A member's public profile",
  description: "A private profile answers 403 to everyone but its owner.",
  tag,
  access: "public",
  params: idParam("id", "The member's user id."),
  responses: {
    200: {
      description: "The profile.",
      schema: z.object({
        profile: z.object({
          id: z.number().int(),
          name: z.string(),
          avatar: z.string().nullable(),
          private: z.boolean(),
          counts: z.object({ ratings: z.number().int(), watchlist: z.number().int(), watched: z.number().int() }),
          recent_ratings: z.array(titleRef.extend({ rating: z.number().int() })),
          recently_watched: z.array(titleRef.extend({ watched_on: z.string() })),
        }),
      }),
    },
    ...errorResponses(403, 404, 422, 429),
  },
});

export const setProfilePrivacyEndpoint = defineEndpoint({
  method: "put",
  scope: "account",
  path: "/users/me/profile-privacy",
  operationId: "setProfilePrivacy",
  summary: "Make my profile public or private",
  tag,
  access: "user",
  body: z.object({ private: z.boolean() }),
  responses: { 200: { description: "Saved.", schema: messageSchema.extend({ private: z.boolean() }) }, ...errorResponses(401, 403, 422, 429) },
});

export const libraryEndpoints = [
  listRatingsEndpoint,
  rateEndpoint,
  removeRatingEndpoint,
  listWatchlistEndpoint,
  addToWatchlistEndpoint,
  removeFromWatchlistEndpoint,
  listHistoryEndpoint,
  markWatchedEndpoint,
  removeHistoryEntryEndpoint,
  listProgressEndpoint,
  forYouEndpoint,
  getProfileEndpoint,
  setProfilePrivacyEndpoint,
];
