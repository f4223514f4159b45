import { z } from "zod";
import { defineEndpoint, errorResponses, messageSchema } from "~/api/contract";
import { addItemApiSchema, createListApiSchema, itemNoteSchema, reorderApiSchema, updateListSchema } from "./schema";

/**
 * Lists over api/v1 (decision 024): the caller's lists, one list with its items,
 * creating, editing and deleting lists, adding, annotating, removing and
 * reordering items, and likes. The bodies are the schemas the pages' forms
 * use (./schema.ts).
 */

const tag = "Lists";

const summarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string().describe("The list page is /lists/{id}/{slug}."),
    description: z.string(),
    public: z.boolean(),
    items_count: z.number().int(),
    likes_count: z.number().int(),
    workspace_id: z.number().int().describe("0: the creator's own list; otherwise every member of that workspace edits it."),
    workspace_name: z.string().nullable(),
    user_id: z.number().int().describe("The creator (their lists.create quota counts it)."),
    updated_at: z.string(),
  })
  .meta({ title: "List" });

const itemSchema = z
  .object({
    id: z.number().int().describe("The item's id (not the title's)."),
    position: z.number().int(),
    note: z.string(),
    title: z.object({
      id: z.number().int(),
      type: z.enum(["movie", "series"]),
      name: z.string(),
      slug: z.string(),
      year: z.number().int().nullable(),
      poster: z.string().nullable(),
      rating: z.number().nullable(),
      vote_count: z.number().int().describe("Members' votes behind `rating`."),
      external_rating: z.number().nullable(),
      voteCount: z.number().int().meta({ deprecated: true }).describe("Deprecated: the same as vote_count (sent until the next release)."),
      externalRating: z.number().nullable().meta({ deprecated: true }).describe("Deprecated: the same as external_rating (sent until the next release)."),
    }),
  })
  .meta({ title: "ListItem" });

const detailsSchema = summarySchema
  .extend({
    owner: z.object({ id: z.number().int(), name: z.string().nullable().describe("The creator's public name (null when they gave none).") }),
    items: z.array(itemSchema).describe("In the list's order."),
    liked: z.boolean().describe("The caller likes it."),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
    created_at: z.string(),
  })
  .meta({ title: "ListDetails" });

const listParam = z.object({
  listId: z
    .string()
    .regex(/^\d{1,15}$/)
    .describe("List id."),
});
const itemParams = z.object({
  listId: z
    .string()
    .regex(/^\d{1,15}$/)
    .describe("List id."),
  itemId: z
    .string()
    .regex(/^\d{1,15}$/)
    .describe("Item id (ListItem.id)."),
});

export const listListsEndpoint = defineEndpoint({
  method: "get",
  path: "/lists",
  operationId: "listLists",
  summary: "The caller's lists",
  description: "Their own lists and those of every workspace they belong to, newest change first. With workspace_id: only that workspace's lists (0: only their own).",
  tag,
  access: "user",
  query: z.object({
    workspace_id: z
      .string()
      .regex(/^\d{1,15}$/)
      .optional()
      .describe("Only this workspace's lists (membership checked)."),
    workspaceId: z
      .string()
      .regex(/^\d{1,15}$/)
      .optional()
      .meta({ deprecated: true })
      .describe("Deprecated: use workspace_id (accepted until the next release)."),
  }),
  responses: { 200: { description: "Lists.", schema: z.object({ lists: z.array(summarySchema) }) }, ...errorResponses(401, 403, 422, 429) },
});

export const createListEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/lists",
  operationId: "createList",
  summary: "Create a list",
  description:
    "Needs lists.create; its `count` restriction caps how many lists the caller owns (403 with a message when reached, and no list is made). workspace_id makes a list every member of that workspace edits.",
  tag,
  access: "user",
  permission: "lists.create",
  body: createListApiSchema,
  responses: { 201: { description: "The new list.", schema: z.object({ list: summarySchema }) }, ...errorResponses(401, 403, 422, 429) },
});

export const getListEndpoint = defineEndpoint({
  method: "get",
  path: "/lists/{listId}",
  operationId: "getList",
  summary: "A list with its items",
  description: "Public lists for anyone; a private one for its creator (or its workspace's members). Anything else is a 404.",
  tag,
  access: "public",
  params: listParam,
  responses: { 200: { description: "The list.", schema: z.object({ list: detailsSchema }) }, ...errorResponses(401, 404, 429) },
});

export const updateListEndpoint = defineEndpoint({
  method: "put",
  scope: "lists:write",
  path: "/lists/{listId}",
  operationId: "updateList",
  summary: "Rename, describe, make public or private",
  tag,
  access: "user",
  params: listParam,
  body: updateListSchema,
  responses: { 200: { description: "The list.", schema: z.object({ list: detailsSchema }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const deleteListEndpoint = defineEndpoint({
  method: "delete",
  scope: "lists:write",
  path: "/lists/{listId}",
  operationId: "deleteList",
  summary: "Delete a list",
  description: "Its creator; for a workspace list also the workspace's owner and admins.",
  tag,
  access: "user",
  params: listParam,
  responses: { 200: { description: "Deleted.", schema: messageSchema }, ...errorResponses(401, 403, 404, 429) },
});

export const addListItemEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/lists/{listId}/items",
  operationId: "addListItem",
  summary: "Add a title at the end of a list",
  description: "A title is in a list once: adding it again answers 200 with the existing item and changes nothing.",
  tag,
  access: "user",
  params: listParam,
  body: addItemApiSchema,
  responses: {
    200: { description: "Already in the list.", schema: z.object({ item_id: z.number().int(), added: z.literal(false) }) },
    201: { description: "Added.", schema: z.object({ item_id: z.number().int(), added: z.literal(true) }) },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const updateListItemEndpoint = defineEndpoint({
  method: "put",
  scope: "lists:write",
  path: "/lists/{listId}/items/{itemId}",
  operationId: "updateListItem",
  summary: "Change an item's note",
  tag,
  access: "user",
  params: itemParams,
  body: itemNoteSchema,
  responses: { 200: { description: "Saved.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const removeListItemEndpoint = defineEndpoint({
  method: "delete",
  scope: "lists:write",
  path: "/lists/{listId}/items/{itemId}",
  operationId: "removeListItem",
  summary: "Remove an item",
  tag,
  access: "user",
  params: itemParams,
  responses: { 200: { description: "Removed.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const reorderListEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/lists/{listId}/reorder",
  operationId: "reorderList",
  summary: "Put a list's items in a new order",
  description:
    "item_ids first to last. An id that is not an item of this list (or appears twice) is a 422 and nothing changes; items left out (added meanwhile by someone else) follow in their old order. All positions are written in one statement.",
  tag,
  access: "user",
  params: listParam,
  body: reorderApiSchema,
  responses: {
    200: {
      description: "The order now stored.",
      schema: z.object({
        item_ids: z.array(z.number().int()),
        itemIds: z.array(z.number().int()).meta({ deprecated: true }).describe("Deprecated: the same as item_ids (sent until the next release)."),
      }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

const likeResponse = z.object({ liked: z.boolean(), likes_count: z.number().int() });

export const likeListEndpoint = defineEndpoint({
  method: "post",
  scope: "lists:write",
  path: "/lists/{listId}/like",
  operationId: "likeList",
  summary: "Like a list",
  description: "Once per user; liking again changes nothing.",
  tag,
  access: "user",
  params: listParam,
  responses: { 200: { description: "Liked, with the list's like count.", schema: likeResponse }, ...errorResponses(401, 403, 404, 429) },
});

export const unlikeListEndpoint = defineEndpoint({
  method: "delete",
  scope: "lists:write",
  path: "/lists/{listId}/like",
  operationId: "unlikeList",
  summary: "Take back a like",
  tag,
  access: "user",
  params: listParam,
  responses: { 200: { description: "Not liked, with the list's like count.", schema: likeResponse }, ...errorResponses(401, 403, 404, 429) },
});

export const listEndpoints = [
  listListsEndpoint,
  createListEndpoint,
  getListEndpoint,
  updateListEndpoint,
  deleteListEndpoint,
  addListItemEndpoint,
  updateListItemEndpoint,
  removeListItemEndpoint,
  reorderListEndpoint,
  likeListEndpoint,
  unlikeListEndpoint,
];
