import { z } from "zod";
import { defineEndpoint, errorResponses, idParam } from "~/api/contract";
import { feedQuerySchema } from "./feed";

/**
 * Follows and the activity feed over api/v1 (decision 033): the caller's
 * feed, following and unfollowing a member (a private profile's follow is a
 * request until approved), blocking, and a member's followers and following.
 * A member who blocked the caller answers 404, as one who does not exist.
 */
const tag = "Follows and feed";

const personSchema = z.object({ id: z.number().int(), name: z.string(), path: z.string().describe("Their profile page."), avatar: z.string().nullable() });

const feedItemSchema = z
  .object({
    key: z.string(),
    kind: z.enum(["rating", "watch", "review", "list", "list_like", "review_like"]),
    person: personSchema,
    at: z.string().describe("When it happened (ISO 8601)."),
    titles: z
      .array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          slug: z.string(),
          type: z.enum(["movie", "series"]),
          year: z.number().int().nullable(),
          poster: z.string().nullable(),
          path: z.string(),
          rating: z.number().int().nullable().describe("Their rating, 1-10 (ratings)."),
          watched_on: z.string().nullable().describe("The day they watched it, YYYY-MM-DD (watches)."),
          watchedOn: z.string().nullable().meta({ deprecated: true }).describe("Deprecated: the same as watched_on (sent until the next release)."),
          episode: z.string().nullable().describe("S1E2 for an episode they watched."),
        }),
      )
      .describe("Several when one member did the same thing to several titles close together (grouped)."),
    review: z.object({ id: z.number().int(), headline: z.string(), path: z.string(), score: z.number().int().nullable() }).nullable(),
    list: z.object({ id: z.number().int(), name: z.string(), path: z.string() }).nullable(),
  })
  .meta({ title: "FeedItem" });

const relationSchema = z
  .object({
    following: z.enum(["active", "pending"]).nullable().describe("The caller's follow of this member: active, pending (a request to a private profile), or none."),
    followed_by: z.enum(["active", "pending"]).nullable(),
    blocking: z.boolean().describe("The caller blocked this member."),
  })
  .meta({ title: "FollowRelation" });

const followResult = z.object({ message: z.string(), relation: relationSchema, followers_count: z.number().int() });

const memberPage = z.object({
  members: z.array(z.object({ id: z.number().int(), name: z.string(), path: z.string(), avatar: z.string().nullable(), following: z.enum(["active", "pending"]).nullable() })),
  next: z.string().nullable().describe("Pass as `before` for the next page; null at the end."),
});

export const getFeedEndpoint = defineEndpoint({
  method: "get",
  path: "/feed",
  operationId: "getFeed",
  summary: "The caller's activity feed",
  description:
    "Ratings, logged watches, reviews, lists created or changed and likes by the members the caller follows, newest first. Pass `next_cursor` as `cursor` for older items; anything that is not a cursor from this endpoint is a 422 field error.",
  tag,
  access: "user",
  query: z.object({ cursor: feedQuerySchema.shape.cursor.describe("The `next_cursor` of the previous page.") }),
  responses: { 200: { description: "One page of the feed.", schema: z.object({ items: z.array(feedItemSchema), next_cursor: z.string().nullable() }) }, ...errorResponses(401, 403, 422, 429) },
});

const userParam = idParam("id", "The member's user id.");

const memberBody = z.object({ user_id: z.number({ message: "Choose a member." }).int("Choose a member.").positive("Choose a member.").max(Number.MAX_SAFE_INTEGER, "Choose a member.") });

export const followEndpoint = defineEndpoint({
  method: "post",
  scope: "social:write",
  path: "/follows",
  operationId: "followUser",
  summary: "Follow a member",
  description: "Follows `user_id` at once, or sends a follow request to a private profile. Following oneself or a member one blocked is a 422 field error.",
  tag,
  access: "user",
  body: memberBody,
  responses: { 200: { description: "Followed (or requested).", schema: followResult }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const unfollowEndpoint = defineEndpoint({
  method: "delete",
  scope: "social:write",
  path: "/follows/{id}",
  operationId: "unfollowUser",
  summary: "Stop following a member (or withdraw a request)",
  tag,
  access: "user",
  params: userParam,
  responses: { 200: { description: "Not following.", schema: followResult }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const blockEndpoint = defineEndpoint({
  method: "post",
  scope: "social:write",
  path: "/blocks",
  operationId: "blockUser",
  summary: "Block a member",
  description: "Blocks `user_id` and ends both follows; the member can no longer follow the caller, see their profile or activity, reply to or vote on their posts. They are not told.",
  tag,
  access: "user",
  body: memberBody,
  responses: { 200: { description: "Blocked.", schema: followResult }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const unblockEndpoint = defineEndpoint({
  method: "delete",
  scope: "social:write",
  path: "/blocks/{id}",
  operationId: "unblockUser",
  summary: "Unblock a member",
  tag,
  access: "user",
  params: userParam,
  responses: { 200: { description: "Not blocked.", schema: followResult }, ...errorResponses(401, 403, 404, 422, 429) },
});

const listQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,12}\.\d{1,15}$/, "This is not a page cursor.")
    .optional()
    .describe("The `next` of the previous page."),
});

export const followersEndpoint = defineEndpoint({
  method: "get",
  path: "/users/{id}/followers",
  operationId: "listFollowers",
  summary: "A member's followers",
  description: "Newest first. A private profile's followers are shown to its owner and approved followers only (403 otherwise).",
  tag,
  access: "public",
  params: userParam,
  query: listQuery,
  responses: { 200: { description: "Followers.", schema: memberPage }, ...errorResponses(403, 404, 422, 429) },
});

export const followingEndpoint = defineEndpoint({
  method: "get",
  path: "/users/{id}/following",
  operationId: "listFollowing",
  summary: "The members a member follows",
  description: "Newest first; the same privacy as their followers.",
  tag,
  access: "public",
  params: userParam,
  query: listQuery,
  responses: { 200: { description: "Followed members.", schema: memberPage }, ...errorResponses(403, 404, 422, 429) },
});

export const socialEndpoints = [getFeedEndpoint, followEndpoint, unfollowEndpoint, blockEndpoint, unblockEndpoint, followersEndpoint, followingEndpoint];
