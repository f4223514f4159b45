import type { Route } from "./+types/moderation-actions";
import { ApiError, apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { requestInfo } from "~/auth/request-info.server";
import { hasPermission } from "~/request/viewer";
import { asApi } from "~/json-api/domain-error.server";
import { moderateEndpoint } from "~/community/api-contract";
import { moderate } from "~/community/moderation.server";
import { MODERATE_PERMISSIONS } from "~/community/posting.server";
import { communityServices } from "~/community/services.server";
import type { AppContext } from "~/request/context";

/** GET api/v1/moderation/queue and POST api/v1/moderation/actions (reviews.moderate / comments.moderate). */

function moderatorOf(app: AppContext) {
  const can = (kind: "review" | "comment") => hasPermission(app.viewer, MODERATE_PERMISSIONS[kind]);
  if (!can("review") && !can("comment")) throw new ApiError(403, app.t("You do not have permission to do that."));
  return can;
}

export const loader = writeOnlyLoader("POST");

export const action = apiAction(
  on(moderateEndpoint, async ({ app, context, request, body }) => {
    moderatorOf(app);
    const actor = { userId: app.user!.id, email: app.user!.email, ip: requestInfo(request).ipAddress };
    return asApi(app.t, async () => {
      await moderate(communityServices(context, request), actor, body);
      return { message: app.t("Done.") };
    });
  }),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
