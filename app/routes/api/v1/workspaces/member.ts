import type { Route } from "./+types/member";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { changeMemberRoleEndpoint, removeMemberEndpoint } from "~/workspaces/api-contract";
import { asApi } from "~/json-api/domain-error.server";
import { changeMemberRole, removeMember } from "~/workspaces/workspaces.server";

/** PUT api/v1/workspaces/{id}/members/{userId} {role}; DELETE the same path removes the member. */
export const action = apiAction(
  on(changeMemberRoleEndpoint, async ({ app, params, body }) => {
    await asApi(app.t, () => changeMemberRole(app.db, app.user!.id, Number(params.workspaceId), Number(params.userId), body.role));
    return { message: app.t("Role changed") };
  }),
  on(removeMemberEndpoint, async ({ app, params }) => {
    await asApi(app.t, () => removeMember(app.db, app.user!.id, Number(params.workspaceId), Number(params.userId)));
    return { message: app.t("Member removed") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("PUT, DELETE");
