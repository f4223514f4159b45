import type { Route } from "./+types/invite";
import { apiAction, json, on, writeOnlyLoader } from "~/json-api/handler.server";
import { inviteMembersEndpoint } from "~/workspaces/api-contract";
import { inviteToWorkspace } from "~/workspaces/invitations.server";
import { asApi } from "~/json-api/domain-error.server";
import { inviteActor, inviteDeps } from "~/workspaces/services.server";

/** POST api/v1/workspaces/{id}/invite {emails: [...], role} → 201 {invites}. */
export const action = apiAction(
  on(inviteMembersEndpoint, async ({ app, params, body, context, request }) => {
    const deps = await inviteDeps(context, request);
    const invites = await asApi(app.t, () => inviteToWorkspace(deps, inviteActor(app), Number(params.workspaceId), body));
    return json({ invites: invites.map((i) => ({ id: i.id, email: i.email, role: i.role, expires_at: i.expiresAt.toISOString() })) }, 201);
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("POST");
