import { z } from "zod";
import { defineEndpoint, errorResponses, paginationSchema } from "~/api/contract";
import { optionalWholeNumber, paginationQuery } from "~/api/query";
import { API_DEFAULT_PER_PAGE, API_MAX_PAGE, API_MAX_PER_PAGE, CHANNEL_MAX_PAGE } from "~/constants";
import { CHANNEL_LAYOUTS, CHANNEL_SOURCES } from "./tables";

/** Channels over api/v1 (decision 022): public channels and their stored items, nested one level deep. */

const titleRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const channelItemSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("title"),
    id: z.number().int(),
    type: z.enum(["movie", "series"]),
    name: z.string(),
    slug: z.string(),
    year: z.number().int().nullable(),
    poster: z.string().nullable(),
    backdrop: z.string().nullable(),
    rating: z.number().nullable().describe("This site's users' rating."),
    external_rating: z.number().nullable().describe("IMDb rating."),
    release_date: z.string().nullable(),
  }),
  z.object({ kind: z.literal("person"), id: z.number().int(), name: z.string(), slug: z.string(), profile: z.string().nullable(), known_for: z.string().nullable() }),
  z.object({
    kind: z.literal("episode"),
    id: z.number().int(),
    name: z.string(),
    season_number: z.number().int(),
    episode_number: z.number().int(),
    still: z.string().nullable(),
    air_date: z.string().nullable(),
    title: titleRef,
  }),
  z.object({ kind: z.literal("video"), id: z.number().int(), name: z.string(), category: z.string(), thumbnail: z.string().nullable(), duration: z.number().int().nullable(), title: titleRef }),
  z.object({ kind: z.literal("channel"), id: z.number().int(), name: z.string(), slug: z.string(), layout: z.enum(CHANNEL_LAYOUTS), public: z.boolean() }),
]);

export const channelSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  layout: z.enum(CHANNEL_LAYOUTS),
  source: z.enum(CHANNEL_SOURCES).describe("manual, automatic (a rule, refreshed on a schedule) or nested (its items are channels)."),
  per_page: z.number().int(),
  updated_at: z.string(),
});

export const listChannels = defineEndpoint({
  method: "get",
  path: "/channels",
  operationId: "listChannels",
  summary: "List channels",
  description: "Public channels, by name.",
  tag: "Channels",
  access: "public",
  permission: "titles.view",
  query: paginationQuery({ perPage: API_DEFAULT_PER_PAGE, maxPerPage: API_MAX_PER_PAGE, maxPage: API_MAX_PAGE }),
  responses: { 200: { description: "A page of channels.", schema: paginationSchema(channelSummarySchema) }, ...errorResponses(401, 403, 422, 429) },
});

export const getChannel = defineEndpoint({
  method: "get",
  path: "/channels/{idOrSlug}",
  operationId: "getChannel",
  summary: "Get a channel",
  description:
    "A public channel and a page of its stored items (the channel's per_page a page). A nested channel's items are channels, each with its first items (one level deep). `genre` picks a genre's list on channels that take one.",
  tag: "Channels",
  access: "public",
  permission: "titles.view",
  params: z.object({
    idOrSlug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$|^\d{1,15}$/)
      .max(100)
      .describe("The channel id, or its slug."),
  }),
  query: z.object({
    page: optionalWholeNumber("page", 1, CHANNEL_MAX_PAGE).describe("Page number, from 1."),
    genre: z
      .string()
      .regex(/^[a-z0-9-]{1,80}$/, "Use a genre slug, e.g. drama.")
      .optional()
      .describe("Genre slug, for channels that take their genre from the address."),
  }),
  responses: {
    200: {
      description: "The channel and a page of its items.",
      schema: z.object({
        channel: channelSummarySchema.extend({ genre: z.object({ name: z.string(), slug: z.string() }).nullable() }),
        items: z.object({
          data: z.array(channelItemSchema.and(z.object({ items: z.array(channelItemSchema).optional().describe("Nested channels: the row's first items.") }))),
          current_page: z.number().int(),
          per_page: z.number().int(),
          has_next: z.boolean(),
        }),
      }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const channelEndpoints = [listChannels, getChannel];
