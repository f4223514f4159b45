import type { Route } from "./+types/follow";
import { apiAction, on, writeOnlyLoader } from "~/json-api/handler.server";
import { followEndpoint, unfollowEndpoint } from "~/social/api-contract";
import { socialApiCall } from "~/social/api.server";

export const loader = writeOnlyLoader("POST, DELETE") satisfies (args: Route.LoaderArgs) => Response;

/** POST api/v1/follows {user_id}; DELETE api/v1/follows/{id} (decision 033). */
export const action = apiAction(
  on(followEndpoint, ({ context, request, body }) => socialApiCall(context, request, "follow", body.user_id)),
  on(unfollowEndpoint, ({ context, request, params }) => socialApiCall(context, request, "unfollow", Number(params.id))),
) satisfies (args: Route.ActionArgs) => Promise<Response>;
