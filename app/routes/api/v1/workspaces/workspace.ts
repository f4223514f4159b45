import type { Route } from "./+types/workspace";
import { apiAction, apiLoader, on } from "~/json-api/handler.server";
import { deleteWorkspaceEndpoint, getWorkspaceEndpoint, renameWorkspaceEndpoint } from "~/workspaces/api-contract";
import { asApi } from "~/json-api/domain-error.server";
import { deleteWorkspace, renameWorkspace, workspaceDetails } from "~/workspaces/workspaces.server";

/** GET api/v1/workspaces/{id} → {workspace} with members (and pending invites for owners and admins). */
export const loader = apiLoader(getWorkspaceEndpoint, async ({ app, params }) => ({
  workspace: await asApi(app.t, () => workspaceDetails(app.db, app.user!.id, Number(params.workspaceId))),
})) satisfies (args: Route.LoaderArgs) => Promise<Response>;

/** PUT api/v1/workspaces/{id} {name}; DELETE api/v1/workspaces/{id}. */
export const action = apiAction(
  on(renameWorkspaceEndpoint, async ({ app, params, body }) => {
    const id = Number(params.workspaceId);
    await asApi(app.t, () => renameWorkspace(app.db, app.user!.id, id, body.name));
    return { workspace: await asApi(app.t, () => workspaceDetails(app.db, app.user!.id, id)) };
  }),
  on(deleteWorkspaceEndpoint, async ({ app, params }) => {
    await asApi(app.t, () => deleteWorkspace(app.db, app.user!.id, Number(params.workspaceId)));
    return { message: app.t("Deleted workspace") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
