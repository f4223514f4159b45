import type { Route } from "./+types/follow";
import { apiAction, on, writeOnlyLoader } from "~/api/handler.server";
import { followEndpoint, unfollowEndpoint } from "~/social/api-contract";
import { socialApiCall } from "~/social/api.server";

export const loader = writeOnlyLoader("POST, DELETE") satisfies (args: Route.LoaderArgs) => Response;

/** POST / DELETE api/v1/users/{id}/follow (decision 033). */
export const action = apiAction(
  on(followEndpoint, ({ context, request, params }) => socialApiCall(context, request, "follow", Number(params.id))),
  on(unfollowEndpoint, ({ context, request, params }) => socialApiCall(context, request, "unfollow", Number(params.id))),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
