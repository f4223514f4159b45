import type { Route } from "./+types/leave";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { leaveWorkspaceEndpoint } from "~/workspaces/api-contract";
import { asApi } from "~/json-api/domain-error.server";
import { leaveWorkspace } from "~/workspaces/workspaces.server";

/** POST api/v1/workspaces/{id}/leave. */
export const action = apiAction(
  on(leaveWorkspaceEndpoint, async ({ app, params }) => {
    await asApi(app.t, () => leaveWorkspace(app.db, app.user!.id, Number(params.workspaceId)));
    return { message: app.t("Left workspace") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("POST");
