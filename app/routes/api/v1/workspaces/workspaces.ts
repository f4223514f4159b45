import type { Route } from "./+types/workspaces";
import { apiAction, apiLoader, json, on } from "~/json-api/handler.server";
import { activeWorkspace, workspacesOfViewer } from "~/workspaces/active-workspace.server";
import { createWorkspaceEndpoint, listWorkspacesEndpoint } from "~/workspaces/api-contract";
import { asApi } from "~/json-api/domain-error.server";
import { createWorkspace } from "~/workspaces/workspaces.server";

/** GET api/v1/workspaces → {workspaces, activeWorkspaceId}. */
export const loader = apiLoader(listWorkspacesEndpoint, async ({ app, context, request }) => {
  const [workspaces, active] = await Promise.all([workspacesOfViewer(app), activeWorkspace(context, request)]);
  return { workspaces, activeWorkspaceId: active?.id ?? 0 };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

/** POST api/v1/workspaces {name} → 201 {workspace}. */
export const action = apiAction(
  on(createWorkspaceEndpoint, async ({ app, body }) => {
    const workspace = await asApi(app.t, () => createWorkspace(app.db, app.viewer, body.name));
    return json({ workspace }, 201);
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
