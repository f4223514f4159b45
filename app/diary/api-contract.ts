import { z } from "zod";
import { defineEndpoint, errorResponses, idParam, messageSchema } from "~/api/contract";
import { DIARY_PAGE_SIZE } from "~/constants";
import { diaryPatchSchema, yearSchema } from "./rules";

/**
 * The diary and the year in review over api/v1 (decision 034). Another
 * member's diary and stats follow their profile's privacy (a private one is
 * 403 to all but its owner); entries are changed only by their owner (someone
 * else's id is 404).
 */

const tag = "Diary";
const titleRef = z.object({ id: z.number().int(), type: z.enum(["movie", "series"]), name: z.string(), slug: z.string(), year: z.number().int().nullable(), poster: z.string().nullable() });
const episodeRef = z.object({ id: z.number().int(), season_number: z.number().int(), episode_number: z.number().int(), name: z.string() }).nullable();
const yearQuery = yearSchema.optional().describe("The year (YYYY); this year when left out.");

export const diaryEntrySchema = z
  .object({
    id: z.number().int(),
    watched_on: z.string(),
    title: titleRef,
    episode: episodeRef,
    rating: z.number().int().nullable().describe("The member's rating (1-10) of the title, or of the episode."),
    rewatch: z.boolean(),
    review_id: z.number().int().nullable(),
  })
  .meta({ title: "DiaryEntry" });

export const getDiaryEndpoint = defineEndpoint({
  method: "get",
  path: "/users/{id}/diary",
  operationId: "getDiary",
  summary: "A member's diary of one year, newest first",
  description: `${DIARY_PAGE_SIZE} entries a page. A private profile's diary answers 403 to everyone but its owner.`,
  tag,
  access: "public",
  params: idParam("id", "The member's user id."),
  query: z.object({ year: yearQuery, page: z.coerce.number().int().min(1).max(1000).default(1) }),
  responses: {
    200: {
      description: "A page of the diary.",
      schema: z.object({ year: z.number().int(), years: z.array(z.number().int()), data: z.array(diaryEntrySchema), page: z.number().int(), per_page: z.number().int(), has_more: z.boolean() }),
    },
    ...errorResponses(403, 404, 422, 429),
  },
});

export const patchDiaryEntryEndpoint = defineEndpoint({
  method: "patch",
  scope: "lists:write",
  path: "/diary/{id}",
  operationId: "updateDiaryEntry",
  summary: "Change the day or the rewatch flag of one of my diary entries",
  tag,
  access: "user",
  permission: "watchlist.use",
  params: idParam("id", "The diary entry."),
  body: diaryPatchSchema,
  responses: { 200: { description: "Saved.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const deleteDiaryEntryEndpoint = defineEndpoint({
  method: "delete",
  scope: "lists:write",
  path: "/diary/{id}",
  operationId: "deleteDiaryEntry",
  summary: "Delete one of my diary entries",
  tag,
  access: "user",
  permission: "watchlist.use",
  params: idParam("id", "The diary entry."),
  responses: { 200: { description: "Deleted.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

const counted = z.object({ count: z.number().int() });

export const getStatsEndpoint = defineEndpoint({
  method: "get",
  path: "/users/{id}/stats",
  operationId: "getYearStats",
  summary: "A member's year in review",
  description:
    "Films and episodes are viewings (rewatches count); minutes sum their runtimes; genres, decades, countries and people count distinct titles watched in the year; highest rated and ratings are the member's ratings of those titles. A private profile answers 403 to everyone but its owner.",
  tag,
  access: "public",
  params: idParam("id", "The member's user id."),
  query: z.object({ year: yearQuery }),
  responses: {
    200: {
      description: "The year's figures.",
      schema: z
        .object({
          year: z.number().int(),
          films: z.number().int(),
          episodes: z.number().int(),
          minutes: z.number().int(),
          titles: z.number().int(),
          months: z.array(z.object({ month: z.string(), films: z.number().int(), episodes: z.number().int(), minutes: z.number().int() })),
          genres: z.array(counted.extend({ name: z.string(), slug: z.string() })),
          decades: z.array(counted.extend({ decade: z.number().int() })),
          countries: z.array(counted.extend({ code: z.string() })),
          directors: z.array(counted.extend({ id: z.number().int(), name: z.string(), slug: z.string() })),
          cast: z.array(counted.extend({ id: z.number().int(), name: z.string(), slug: z.string() })),
          highest_rated: z.array(titleRef.extend({ rating: z.number().int() })),
          ratings: z.array(counted.extend({ rating: z.number().int() })),
        })
        .meta({ title: "YearStats" }),
    },
    ...errorResponses(403, 404, 422, 429),
  },
});

export const diaryEndpoints = [getDiaryEndpoint, patchDiaryEntryEndpoint, deleteDiaryEntryEndpoint, getStatsEndpoint];
