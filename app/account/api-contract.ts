import { z } from "zod";
import { defineEndpoint, errorResponses, idParam, messageSchema } from "~/api/contract";
import { ACCESS_TOKEN_NAME_MAX_LENGTH } from "~/constants";
import { PASSWORD_MAX_LENGTH } from "~/auth/schema";
import { PERSON_NAME_MAX_LENGTH, TOKEN_EXPIRATIONS } from "./schema";
import { TOKEN_SCOPES } from "~/api/token-scopes";

/**
 * The account-settings calls under api/v1: account details,
 * language, profile image, account deletion and API tokens. The routes
 * validate with these schemas and call the same domain functions as the
 * /account-settings page (app/account/).
 */
const tag = "Account";

const nameField = z.string().trim().max(PERSON_NAME_MAX_LENGTH).nullable().optional();

const userResponse = z.object({ user: z.object({ id: z.number().int() }).loose() });

export const updateCurrentUser = defineEndpoint({
  method: "put",
  scope: "account",
  path: "/users/me",
  operationId: "updateCurrentUser",
  summary: "Update account details",
  description:
    "Any of first and last name, display name (the profile link's slug follows it), language (one of the site's localizations), country (ISO 3166-1 alpha-2) and time zone (IANA, or `auto` for the browser's). Omitted fields stay as they are; empty names clear them.",
  tag,
  access: "user",
  body: z.object({
    first_name: nameField,
    last_name: nameField,
    display_name: nameField,
    language: z.string().trim().min(1).max(16).optional(),
    country: z.string().trim().max(2).nullable().optional(),
    timezone: z.string().trim().min(1).max(64).optional(),
  }),
  responses: { 200: { description: "The updated user.", schema: userResponse }, ...errorResponses(400, 401, 403, 415, 422, 429) },
});

export const updateCurrentUserLocale = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/users/me/locale",
  operationId: "updateCurrentUserLocale",
  summary: "Change the user's language",
  description: "Answers with the language's translation lines, to merge into the client's i18n.",
  tag,
  access: "user",
  body: z.object({ locale: z.string().trim().min(1).max(16) }),
  responses: {
    200: { description: "The language and its lines.", schema: z.object({ locale: z.string(), lines: z.record(z.string(), z.string()) }) },
    ...errorResponses(400, 401, 403, 415, 422, 429),
  },
});

const userIdParam = z.object({
  id: z
    .string()
    .regex(/^(\d{1,15}|me)$/, "A user id or me.")
    .describe("The user's id, or `me`."),
});

export const uploadAvatar = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/users/{id}/avatar",
  operationId: "uploadAvatar",
  summary: "Upload a profile image",
  description: "multipart/form-data with `file`: a PNG, JPEG, GIF or WebP image of at most 2 MB (checked by its content; SVG is refused). Metadata is removed. Only for yourself.",
  tag,
  access: "user",
  params: userIdParam,
  bodyKind: "multipart",
  body: z.object({ file: z.string().describe("The image (binary part).") }),
  responses: {
    200: { description: "The user with the new avatar URL.", schema: userResponse },
    ...errorResponses(401, 403, 404, 413, 422, 429),
  },
});

export const deleteAvatar = defineEndpoint({
  method: "delete",
  scope: "account",
  path: "/users/{id}/avatar",
  operationId: "deleteAvatar",
  summary: "Remove the profile image",
  tag,
  access: "user",
  params: userIdParam,
  responses: { 200: { description: "The user without an avatar.", schema: userResponse }, ...errorResponses(401, 403, 404, 429) },
});

export const deleteUser = defineEndpoint({
  method: "delete",
  scope: "account",
  path: "/users/{id}",
  operationId: "deleteCurrentUser",
  summary: "Delete your account",
  description:
    "With `deleteCurrentUser=1`, deletes the caller's own account and everything stored about it (subscriptions are cancelled first). Needs the password in the body unless it was confirmed in the last 9000 seconds. Deleting other users belongs to the admin area.",
  tag,
  access: "user",
  // Your own numeric id: /users/me is another route (GET, PUT), so `me` is not offered here (decision 036).
  params: idParam("id", "Your own user id (`id` of GET /users/me)."),
  query: z.object({ deleteCurrentUser: z.enum(["1", "true"]).describe("Must be set: deleting is only for yourself.") }),
  body: z.object({ password: z.string().max(PASSWORD_MAX_LENGTH).optional() }),
  responses: {
    200: { description: "Deleted; the session is ended.", schema: messageSchema },
    ...errorResponses(401, 403, 404, 422, 423, 429),
    502: { description: "A subscription could not be cancelled at the payment provider: nothing was deleted.", schema: messageSchema },
  },
});

const tokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the token, to tell tokens apart."),
  abilities: z.array(z.string()).describe("The token's scopes."),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});

export const createAccessTokenEndpoint = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/access-tokens",
  operationId: "createAccessToken",
  summary: "Create an API token",
  description: "The plain token is in this answer only; the site keeps a hash. Use it as `Authorization: Bearer <token>`. Only from the site itself (a token cannot create tokens).",
  tag,
  access: "session",
  permission: "api.access",
  body: z.object({
    tokenName: z.string().trim().min(1).max(ACCESS_TOKEN_NAME_MAX_LENGTH),
    expiration: z.enum(TOKEN_EXPIRATIONS).default("never").describe("Days until it expires, or never."),
    scopes: z.array(z.enum(TOKEN_SCOPES)).min(1).default(["read"]).describe("What the token may do: read, catalogue:write, lists:write, moderation, account, uploads, admin (admins only)."),
  }),
  responses: {
    201: { description: "The new token, with its plain text this once.", schema: z.object({ plainTextToken: z.string(), token: tokenSchema }) },
    ...errorResponses(400, 401, 403, 415, 422, 429),
  },
});

export const deleteAccessTokenEndpoint = defineEndpoint({
  method: "delete",
  scope: "account",
  path: "/access-tokens/{id}",
  operationId: "deleteAccessToken",
  summary: "Delete an API token",
  tag,
  access: "user",
  permission: "api.access",
  params: idParam("id", "The token's id."),
  responses: { 200: { description: "Deleted.", schema: messageSchema }, ...errorResponses(401, 403, 404, 429) },
});

export const accountSettingsEndpoints = [updateCurrentUser, updateCurrentUserLocale, uploadAvatar, deleteAvatar, deleteUser, createAccessTokenEndpoint, deleteAccessTokenEndpoint];
