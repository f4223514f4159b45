import type { Route } from "./+types/join";
import { apiAction, apiLoader, ApiError, json, on, type ApiCall } from "~/json-api/handler.server";
import { activeWorkspaceCookie } from "~/workspaces/active-workspace.server";
import { joinWorkspaceEndpoint, joinWorkspacePostEndpoint } from "~/workspaces/api-contract";
import { acceptInvite } from "~/workspaces/invitations.server";
import { asApi } from "~/json-api/domain-error.server";

/**
 * GET (as the spec has it) or POST api/v1/workspace/join/{inviteId}: accepts
 * the caller's invitation and makes the workspace the active one. A GET that
 * changes something must not be triggerable by another site (an <img>, a
 * link): browsers say where a request comes from in Sec-Fetch-Site.
 */
async function join({ app, params, request }: ApiCall<typeof joinWorkspaceEndpoint>) {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") {
    throw new ApiError(403, app.t("This request came from another site and was refused."));
  }
  const workspace = await asApi(app.t, () => acceptInvite(app.db, app.user!, params.inviteId));
  return json({ message: app.t("Joined workspace"), workspace }, 200, { "Set-Cookie": activeWorkspaceCookie(request, workspace.id) });
}

export const loader = apiLoader(joinWorkspaceEndpoint, join) satisfies (args: Route.LoaderArgs) => Promise<Response>;
export const action = apiAction(on(joinWorkspacePostEndpoint, join)) satisfies (args: Route.ActionArgs) => Promise<Response>;
