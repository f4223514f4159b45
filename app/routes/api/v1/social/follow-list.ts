import type { Route } from "./+types/follow-list";
import { ApiError, apiLoader, notFound } from "~/json-api/handler.server";
import { followersEndpoint, followingEndpoint } from "~/social/api-contract";
import { followListFor } from "~/composers/social-pages.server";

function listLoader(endpoint: typeof followersEndpoint | typeof followingEndpoint, kind: "followers" | "following") {
  return apiLoader(endpoint, async ({ app, params, query }) => {
    const list = await followListFor(app, Number(params.id), kind, query.before ?? null);
    if (list === null) notFound();
    if (list === "private") throw new ApiError(403, app.t("This profile is private"));
    return { members: list.members.map(({ self: _self, ...m }) => m), next: list.next };
  });
}

const followers = listLoader(followersEndpoint, "followers");
const following = listLoader(followingEndpoint, "following");

/** GET api/v1/users/{id}/followers and /following (decision 033). */
export const loader = ((args: Route.LoaderArgs) => (new URL(args.request.url).pathname.endsWith("/following") ? following(args) : followers(args))) satisfies (
  args: Route.LoaderArgs,
) => Promise<Response>;
