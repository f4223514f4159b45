import { z } from "zod";
import { defineEndpoint, errorResponses, messageSchema } from "~/api/contract";
import { verificationCodeSchema } from "./schema";

/**
 * The account calls under api/v1, described for the OpenAPI
 * document. Request bodies use the schemas the routes validate with.
 */

const userSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    display_name: z.string(),
    username: z.string().nullable().describe("The public handle, 3-20 of [a-z0-9_], unique ignoring case; the profile address is /user/{id}/{username}."),
    email: z.string(),
    avatar: z.string().nullable(),
    email_verified_at: z.string().nullable(),
    language: z.string().nullable(),
    country: z.string().nullable(),
    timezone: z.string().nullable(),
    unread_notifications_count: z.number().int(),
    two_factor_confirmed_at: z.string().nullable(),
    roles: z.array(z.object({ id: z.number().int() })),
    subscriptions: z.array(z.object({ id: z.number().int(), valid: z.boolean() })),
    social_profiles: z.array(z.object({ service_name: z.string(), username: z.string().nullable() })),
    permissions: z.array(z.object({ name: z.string(), restrictions: z.array(z.object({ name: z.string(), value: z.number() })) })),
    tokens: z.array(z.object({ id: z.number().int(), name: z.string(), last_used_at: z.string().nullable() }).loose()).optional(),
  })
  .loose();

export const getCurrentUser = defineEndpoint({
  method: "get",
  path: "/users/me",
  operationId: "getCurrentUser",
  summary: "The signed-in user",
  description: "With roles, social profiles, permissions and API tokens (never their secrets).",
  tag: "Account",
  access: "user",
  responses: { 200: { description: "The user.", schema: z.object({ user: userSchema }) }, ...errorResponses(401, 403, 429) },
});

const sessionSchema = z.object({
  id: z.string(),
  device_type: z.string(),
  platform: z.string().nullable(),
  browser: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  ip_address: z.string().nullable(),
  token: z.string().nullable().describe('"API Token" for a session made by an API token.'),
  last_active: z.string(),
  is_current_device: z.boolean(),
});

export const listUserSessions = defineEndpoint({
  method: "get",
  path: "/user-sessions",
  operationId: "listUserSessions",
  summary: "Active sessions",
  tag: "Account",
  access: "user",
  responses: { 200: { description: "The user's sessions.", schema: z.object({ sessions: z.array(sessionSchema) }) }, ...errorResponses(401, 403, 429) },
});

export const logoutOtherSessions = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/user-sessions/logout-other",
  operationId: "logoutOtherSessions",
  summary: "Log out other sessions",
  description: "Always asks for the password.",
  tag: "Account",
  access: "user",
  body: z.object({ password: z.string().min(1).max(255) }),
  responses: { 200: { description: "“Logged out other sessions.”", schema: messageSchema }, ...errorResponses(401, 403, 422, 429) },
});

export const resendEmailVerification = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/resend-email-verification",
  operationId: "resendEmailVerification",
  summary: "Send the e-mail verification code again",
  tag: "Account",
  access: "user",
  responses: { 200: { description: "“Email sent”.", schema: messageSchema }, ...errorResponses(401, 429) },
});

export const validateEmailVerification = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/validate-email-verification-otp",
  operationId: "validateEmailVerification",
  summary: "Verify the e-mail address with the mailed code",
  tag: "Account",
  access: "user",
  body: verificationCodeSchema,
  responses: { 200: { description: "Verified.", schema: messageSchema }, ...errorResponses(401, 422, 429) },
});

export const verifyHumanCheck = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/recaptcha/verify",
  operationId: "verifyHumanCheck",
  summary: "Check a human-verification token",
  tag: "Site",
  access: "public",
  body: z.object({ token: z.string().min(1).max(2048) }),
  responses: {
    200: { description: "The token is valid.", schema: z.object({ success: z.literal(true) }) },
    422: { description: "The token is not valid.", schema: z.object({ success: z.literal(false) }) },
  },
});

/**
 * POST /auth/register (a site endpoint outside api/v1, so not in the OpenAPI
 * document, whose server is /api/v1): the answer to every accepted
 * registration, whether the address was new or already had an account
 * (decision 021). Always 202, never a session cookie; the mailed link
 * finishes the registration. The route builds its body with this schema.
 */
export const registerAcceptedStatus = 202;

/**
 * POST /auth/register's body (JSON or form-encoded), as the route validates
 * it (`registerSchema` in schema.ts, decision 043). A taken username is a
 * 422 with `errors.username: ["That username is taken"]`.
 */
export const registerRequestDescription = z
  .object({
    email: z.string().describe("The address to register; the link to finish goes there."),
    username: z.string().describe("3-20 of [a-z0-9_] (upper case is lowered), unique ignoring case; the profile address and public name."),
    password: z.string().describe("At least 8 characters, not a common password."),
    password_confirmation: z.string().optional().describe("Optional; when sent, must equal password."),
    first_name: z.string().optional().describe("Stored only when the registration.name_fields setting asks for names."),
    last_name: z.string().optional(),
    accept_policies: z.boolean().optional().describe("Accepts every policy at once (what the form's one checkbox sends)."),
  })
  .catchall(z.boolean().describe("policy_<id>: true accepts that policy; every policy must be accepted, here or by accept_policies."));
export const registerAcceptedSchema = z
  .object({
    status: z.literal("check_email"),
    email: z.string().describe("The address, normalised, as the link was sent to it."),
    message: z.string().describe("“Check your email: we sent a link to :email to finish creating your account.”"),
  })
  .strict();

export const accountEndpoints = [getCurrentUser, listUserSessions, logoutOtherSessions, resendEmailVerification, validateEmailVerification, verifyHumanCheck];
