import type { Route } from "./+types/moderation-queue";
import { ApiError, apiLoader, readOnlyAction } from "~/json-api/handler.server";
import { hasPermission } from "~/request/viewer";
import { moderationQueueEndpoint } from "~/community/api-contract";
import { moderationQueue } from "~/community/moderation.server";
import { MODERATE_PERMISSIONS } from "~/community/posting.server";
import type { AppContext } from "~/request/context";

/** GET api/v1/moderation/queue and POST api/v1/moderation/actions (reviews.moderate / comments.moderate). */

function moderatorOf(app: AppContext) {
  const can = (kind: "review" | "comment") => hasPermission(app.viewer, MODERATE_PERMISSIONS[kind]);
  if (!can("review") && !can("comment")) throw new ApiError(403, app.t("You do not have permission to do that."));
  return can;
}

export const loader = apiLoader(moderationQueueEndpoint, async ({ app }) => {
  const items = await moderationQueue(app.db, { can: moderatorOf(app) });
  return {
    items: items.map((item) => ({
      kind: item.kind,
      id: item.id,
      status: item.status,
      headline: item.headline,
      body_html: item.bodyHtml,
      open_reports: item.openReports,
      reasons: item.reasons,
      created_at: item.createdAt,
      author: { id: item.author.id, name: item.author.name, email: item.author.email, banned_until: item.author.bannedUntil },
      path: item.path,
    })),
  };
}) satisfies (args: Route.LoaderArgs) => Promise<Response>;

export const action = readOnlyAction();
