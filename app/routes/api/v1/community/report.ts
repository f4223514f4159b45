import type { Route } from "./+types/report";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { asApi } from "~/json-api/domain-error.server";
import { reportReviewEndpoint } from "~/community/api-contract";
import { reportContent } from "~/community/moderation.server";
import { communityServices } from "~/community/services.server";

/**
 * POST api/v1/reviews/{id}/report and api/v1/comments/{id}/report {reason, note}:
 * one module for both paths (their contracts share the body; the path says which).
 */
export const loader = writeOnlyLoader("POST");

export const action = apiAction(
  on(reportReviewEndpoint, async ({ app, context, request, params, body, url }) =>
    asApi(app.t, async () => {
      const kind = url.pathname.includes("/comments/") ? "comment" : "review";
      await reportContent(communityServices(context, request), kind, Number(params.id), body);
      return { message: app.t("Thanks. A moderator will look at it.") };
    }),
  ),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
