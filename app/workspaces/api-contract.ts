import { z } from "zod";
import { defineEndpoint, errorResponses, idParam, messageSchema } from "~/api/contract";
import { WORKSPACE_ROLES } from "./tables";
import { inviteSchema, memberRoleSchema, workspaceNameSchema } from "./schema";

/**
 * Workspaces over api/v1: listing and managing workspaces
 * and members, invitations, and answering an invitation.
 */

const tag = "Workspaces";

const summarySchema = z
  .object({
    id: z.number().int().describe("0 is the personal default workspace."),
    name: z.string(),
    default: z.boolean(),
    members_count: z.number().int(),
    role: z.enum(WORKSPACE_ROLES).describe("The caller's role in it."),
    owner_id: z.number().int(),
  })
  .meta({ title: "Workspace" });

const detailsSchema = summarySchema
  .extend({
    created_at: z.string(),
    members: z.array(
      z.object({
        id: z.number().int(),
        display_name: z.string(),
        email: z.string(),
        avatar: z.string().nullable(),
        role: z.enum(WORKSPACE_ROLES),
        joined_at: z.string(),
      }),
    ),
    invites: z
      .array(z.object({ id: z.string(), email: z.string(), role: z.enum(["admin", "member"]), created_at: z.string(), expires_at: z.string() }))
      .describe("Pending invitations (owners and admins only; empty for members)."),
  })
  .meta({ title: "WorkspaceDetails" });

const workspaceId = idParam("workspaceId", "Workspace id (not 0: the personal workspace cannot be managed).");
const memberParams = z.object({
  workspaceId: z
    .string()
    .regex(/^\d{1,15}$/)
    .describe("Workspace id."),
  userId: z
    .string()
    .regex(/^\d{1,15}$/)
    .describe("The member's user id."),
});
const inviteParam = z.object({
  inviteId: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .describe("The invitation's id (inviteId in its notification)."),
});

export const listWorkspacesEndpoint = defineEndpoint({
  method: "get",
  path: "/workspaces",
  operationId: "listWorkspaces",
  summary: "The caller's workspaces",
  description: "The personal default workspace (id 0) first, then the others by name.",
  tag,
  access: "user",
  responses: {
    200: { description: "Workspaces and the active one (activeWorkspaceId cookie).", schema: z.object({ workspaces: z.array(summarySchema), activeWorkspaceId: z.number().int() }) },
    ...errorResponses(401, 403, 429),
  },
});

export const createWorkspaceEndpoint = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/workspaces",
  operationId: "createWorkspace",
  summary: "Create a workspace",
  description: "Needs workspaces.create; its `count` restriction caps how many one may own.",
  tag,
  access: "user",
  body: workspaceNameSchema,
  responses: { 201: { description: "The workspace, owned by the caller.", schema: z.object({ workspace: summarySchema }) }, ...errorResponses(401, 403, 422, 429) },
});

export const getWorkspaceEndpoint = defineEndpoint({
  method: "get",
  path: "/workspaces/{workspaceId}",
  operationId: "getWorkspace",
  summary: "A workspace with its members",
  description: "Members only: anyone else gets 403, whether or not it exists.",
  tag,
  access: "user",
  params: workspaceId,
  responses: { 200: { description: "The workspace.", schema: z.object({ workspace: detailsSchema }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const renameWorkspaceEndpoint = defineEndpoint({
  method: "put",
  scope: "account",
  path: "/workspaces/{workspaceId}",
  operationId: "renameWorkspace",
  summary: "Rename a workspace (owner or admin)",
  tag,
  access: "user",
  params: workspaceId,
  body: workspaceNameSchema,
  responses: { 200: { description: "The renamed workspace.", schema: z.object({ workspace: detailsSchema }) }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const deleteWorkspaceEndpoint = defineEndpoint({
  method: "delete",
  scope: "account",
  path: "/workspaces/{workspaceId}",
  operationId: "deleteWorkspace",
  summary: "Delete a workspace (owner)",
  description: "Members and invitations go with it; its files return to their uploaders' personal workspaces.",
  tag,
  access: "user",
  params: workspaceId,
  responses: { 200: { description: "Deleted.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const inviteMembersEndpoint = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/workspaces/{workspaceId}/invite",
  operationId: "inviteWorkspaceMembers",
  summary: "Invite people by e-mail (owner or admin)",
  description:
    "Each address gets an e-mail with a link; people with an account also get a workspace invitation notification. All or nothing: an invalid address, an existing member, a full workspace or the rate limit (30 addresses a minute per inviter) refuses the whole request. Inviting a pending address sends the invitation again.",
  tag,
  access: "user",
  params: workspaceId,
  body: inviteSchema,
  responses: {
    201: {
      description: "The invitations.",
      schema: z.object({ invites: z.array(z.object({ id: z.string(), email: z.string(), role: z.enum(["admin", "member"]), expires_at: z.string() })) }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const leaveWorkspaceEndpoint = defineEndpoint({
  method: "post",
  scope: "account",
  path: "/workspaces/{workspaceId}/leave",
  operationId: "leaveWorkspace",
  summary: "Leave a workspace",
  description: "Anyone but the owner, who deletes the workspace instead.",
  tag,
  access: "user",
  params: workspaceId,
  responses: { 200: { description: "Left.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const changeMemberRoleEndpoint = defineEndpoint({
  method: "put",
  scope: "account",
  path: "/workspaces/{workspaceId}/members/{userId}",
  operationId: "changeWorkspaceMemberRole",
  summary: "Change a member's role (owner)",
  tag,
  access: "user",
  params: memberParams,
  body: memberRoleSchema,
  responses: { 200: { description: "Changed.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

export const removeMemberEndpoint = defineEndpoint({
  method: "delete",
  scope: "account",
  path: "/workspaces/{workspaceId}/members/{userId}",
  operationId: "removeWorkspaceMember",
  summary: "Remove a member (owner, or an admin removing a member)",
  tag,
  access: "user",
  params: memberParams,
  responses: { 200: { description: "Removed.", schema: messageSchema }, ...errorResponses(401, 403, 404, 422, 429) },
});

const joined = z.object({ message: z.string(), workspace: z.object({ id: z.number().int(), name: z.string() }) });

export const joinWorkspaceEndpoint = defineEndpoint({
  method: "get",
  path: "/workspace/join/{inviteId}",
  operationId: "joinWorkspace",
  summary: "Accept an invitation",
  description:
    "The invitation must have been sent to the caller's e-mail address. Makes the workspace the active one (activeWorkspaceId cookie). A GET as the spec has it; cross-site requests (Sec-Fetch-Site) are refused. 404: “This invite is no longer valid”.",
  tag,
  access: "user",
  params: inviteParam,
  responses: { 200: { description: "“Joined workspace”.", schema: joined }, ...errorResponses(401, 403, 404, 429) },
});

export const joinWorkspacePostEndpoint = defineEndpoint({
  ...joinWorkspaceEndpoint,
  method: "post",
  scope: "account",
  operationId: "joinWorkspaceWithPost",
  summary: "Accept an invitation (POST)",
  description: "The same as the GET, for clients that prefer a POST for a change.",
});

export const deleteInviteEndpoint = defineEndpoint({
  method: "delete",
  scope: "account",
  path: "/workspace/invite/{inviteId}",
  operationId: "deleteWorkspaceInvite",
  summary: "Decline an invitation (invitee) or revoke it (owner or admin)",
  description: "404: “This invite is no longer valid”.",
  tag,
  access: "user",
  params: inviteParam,
  responses: { 200: { description: "“Declined workspace invitation” or “Invitation revoked”.", schema: messageSchema }, ...errorResponses(401, 403, 404, 429) },
});

export const workspaceEndpoints = [
  listWorkspacesEndpoint,
  createWorkspaceEndpoint,
  getWorkspaceEndpoint,
  renameWorkspaceEndpoint,
  deleteWorkspaceEndpoint,
  inviteMembersEndpoint,
  leaveWorkspaceEndpoint,
  changeMemberRoleEndpoint,
  removeMemberEndpoint,
  joinWorkspaceEndpoint,
  joinWorkspacePostEndpoint,
  deleteInviteEndpoint,
];
