import type { Route } from "./+types/delete-invite";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { deleteInviteEndpoint } from "~/workspaces/api-contract";
import { deleteInvite } from "~/workspaces/invitations.server";
import { asApi } from "~/json-api/domain-error.server";

/** DELETE api/v1/workspace/invite/{inviteId}: the invitee declines, or an owner or admin revokes. */
export const action = apiAction(
  on(deleteInviteEndpoint, async ({ app, params }) => {
    const result = await asApi(app.t, () => deleteInvite(app.db, app.user!, params.inviteId));
    return { message: result.declined ? app.t("Declined workspace invitation") : app.t("Invitation revoked") };
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;

export const loader = writeOnlyLoader("DELETE");
